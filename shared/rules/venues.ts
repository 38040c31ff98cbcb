/**
 * Several venues in one listing (docs/api.md §10.16, an extension): the `venues` parameter and
 * the order of a merged list. Pure: zones and instants are passed in.
 */
import { SLUG, whole } from '../patterns.js';
import { FilterError } from './filters.js';

/** Most venues one merged listing names. */
export const MAX_VENUES = 20;

const VENUE_SLUG = whole(SLUG);

/**
 * The venue slugs of `?venues=a,b,c` (comma-separated; in the order given, each once).
 * @throws FilterError (400, `source.parameter: "venues"`) for a missing, repeated or empty value,
 *   a malformed slug, or more than `MAX_VENUES` venues.
 */
export function parseVenues(raw: unknown): string[] {
  if (Array.isArray(raw)) throw new FilterError('venues', 'venues may be given once.');
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new FilterError('venues', 'venues must name at least one venue slug (venues=a,b).');
  }
  const slugs = [...new Set(raw.split(',').map((slug) => slug.trim()))];
  if (slugs.length > MAX_VENUES) {
    throw new FilterError('venues', `venues may name at most ${MAX_VENUES} venues.`);
  }
  const bad = slugs.find((slug) => !VENUE_SLUG.test(slug));
  if (bad !== undefined) {
    throw new FilterError('venues', `"${bad}" is not a venue slug (a-z, 0-9 and single hyphens).`);
  }
  return slugs;
}

/** The canonical `venues=…` query of `slugs` (as given: the order names the tie-break). */
export const venuesQuery = (slugs: readonly string[]): string =>
  `venues=${slugs.map(encodeURIComponent).join(',')}`;
