/**
 * A venue's optional `url` and `address` as both modes keep them (docs/venue-file.md): the URL as
 * the WHATWG parser writes it; address members trimmed, empty ones dropped, and no address when
 * none is left. The origin's import and the proxy's `--venues` read a venue file alike, so the
 * same venue gives the same bytes in either mode, and is checked by the same rules
 * (`venueProblems`). Pure; imports nothing of the server but its problem type.
 */
import { IANAZone } from 'luxon';
import type { GeoPoint, PostalAddress } from '../../shared/rules/structured-data.js';
import type { JsonProblem } from './schema-problems.js';

/** `address` trimmed, empty members dropped; undefined when none is left. */
export function storedAddress(
  address: Readonly<Record<string, string | undefined>> | undefined,
): PostalAddress | undefined {
  const stored: PostalAddress = {};
  for (const [key, value] of Object.entries(address ?? {}) as [
    keyof PostalAddress,
    string | undefined,
  ][]) {
    const text = value?.trim();
    if (text) stored[key] = text;
  }
  return Object.keys(stored).length > 0 ? stored : undefined;
}

/**
 * `venue`'s details normalised; members absent when not given. `geo` (docs/api.md §10.25) is
 * copied member by member, so the stored point has `lat` and `lon` only, in that order.
 */
export function venueDetails(venue: {
  url?: string;
  address?: Readonly<Record<string, string | undefined>>;
  geo?: GeoPoint;
}): { url?: string; address?: PostalAddress; geo?: GeoPoint } {
  const details: { url?: string; address?: PostalAddress; geo?: GeoPoint } = {};
  if (venue.url !== undefined) details.url = new URL(venue.url).href;
  const address = storedAddress(venue.address);
  if (address) details.address = address;
  if (venue.geo) details.geo = { lat: venue.geo.lat, lon: venue.geo.lon };
  return details;
}

/**
 * What the venue file's schema cannot say of a venue at JSON path `at` (`venues[0]`): its `url`
 * not an absolute URL, its `timezone` not an IANA zone. The one check of a venue's record for the
 * origin's import (`server/import/venue-file.ts`) and the proxy's `--venues` file
 * (`server/proxy/venue-directory.ts`).
 */
export function venueProblems(
  venue: { url?: string; timezone: string },
  at: string,
): JsonProblem[] {
  const problems: JsonProblem[] = [];
  if (venue.url !== undefined && !URL.canParse(venue.url))
    problems.push({ path: `${at}.url`, message: 'expected an absolute http(s) URL' });
  if (!IANAZone.isValidZone(venue.timezone))
    problems.push({
      path: `${at}.timezone`,
      message: `unknown IANA time zone ${JSON.stringify(venue.timezone)}`,
    });
  return problems;
}
