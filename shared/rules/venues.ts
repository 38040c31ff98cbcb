/**
 * Several venues in one listing (docs/api.md §10.16, an extension): the one rule of a list of
 * venues (`readVenueList`) that the API's `venues` parameter, the widget's `venue` attribute,
 * `widget.html` and the embed builder all apply, and the order of a merged list. Pure: zones and
 * instants are passed in.
 */
import { PARAM } from '../queries.js';
import { readVenueList } from './venue-list.js';
import { FilterError } from './filters.js';

export { MAX_VENUES, readVenueList, type VenueList } from './venue-list.js';

/**
 * The venue slugs of `?venues=a,b,c` (comma-separated, each trimmed), read by `readVenueList`.
 * @throws FilterError (400, `source.parameter: "venues"`) for a missing, repeated or empty value,
 *   or a list the rule refuses (its problem the detail)
 */
export function parseVenues(raw: unknown): string[] {
  if (Array.isArray(raw)) throw new FilterError('venues', 'venues may be given once.');
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new FilterError('venues', 'venues must name at least one venue slug (venues=a,b).');
  }
  const list = readVenueList(raw.split(',').map((slug) => slug.trim()));
  if ('problem' in list) throw new FilterError('venues', list.problem);
  return list.slugs;
}

/** The canonical `venues=…` query of `slugs` (as given: the order names the tie-break). */
export const venuesQuery = (slugs: readonly string[]): string =>
  `${PARAM.venues}=${slugs.map(encodeURIComponent).join(',')}`;
