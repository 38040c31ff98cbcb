/**
 * A venue's optional `url` and `address` as both modes keep them (docs/venue-file.md): the URL as
 * the WHATWG parser writes it; address members trimmed, empty ones dropped, and no address when
 * none is left. The origin's import and the proxy's `--venues` read a venue file alike, so the
 * same venue gives the same bytes in either mode. Pure; imports nothing of the server.
 */
import type { PostalAddress } from '../../shared/rules/structured-data.js';

/** `venue`'s details normalised; members absent when not given. */
export function venueDetails(venue: {
  url?: string;
  address?: Readonly<Record<string, string | undefined>>;
}): { url?: string; address?: PostalAddress } {
  const details: { url?: string; address?: PostalAddress } = {};
  if (venue.url !== undefined) details.url = new URL(venue.url).href;
  const address: PostalAddress = {};
  for (const [key, value] of Object.entries(venue.address ?? {}) as [
    keyof PostalAddress,
    string | undefined,
  ][]) {
    const text = value?.trim();
    if (text) address[key] = text;
  }
  if (Object.keys(address).length > 0) details.address = address;
  return details;
}
