/**
 * The URLs of the filter bar's finding aids and the calendar feeds it links to (docs/api.md §10.6,
 * §10.13, §10.15, §10.16): `api.ts`'s listing rule (`listingUrl`), in a module of their own so
 * they load with the bar, not in the script every first card waits for.
 */
import { listingUrl } from './api.js';
import { PARAM_CATEGORIES, PARAM_IDS, PARAM_LOCALE } from './query-names.generated.js';

/**
 * `{base}/t/{venue}/api/{finder}`, or `{base}/api/{finder}?venues=…` for several (of `only`, when
 * given): the filter bar's finding aids (docs/api.md §10.13, §10.15, §10.16).
 */
export const finderUrl = (
  base: string,
  venue: string,
  finder: 'categories' | 'access',
  only?: string,
): string => listingUrl(base, venue, `api/${finder}`, '', only);

/**
 * The venue's calendar feed (docs/api.md §10.6), `{base}/t/{venue}/events.ics`, or for several
 * venues `{base}/events.ics?venues=a,b,c` (§10.16; of `venue` alone, one of them, when given): of
 * one category (`categories`), or of the events `ids` alone (the saved events' download, of one
 * venue), else all; its own words ("Doors", "Price") in `locale` (a BCP 47 tag; English, the
 * server's default, adds nothing).
 */
export function venueFeedUrl(
  base: string,
  venue: string,
  only: { category?: string; ids?: string[]; venue?: string; locale?: string },
) {
  const query = [
    only.ids
      ? `${PARAM_IDS}=${only.ids.map(encodeURIComponent).join(',')}`
      : only.category && `${PARAM_CATEGORIES}=${encodeURIComponent(only.category)}`,
    localeQuery(only.locale),
  ]
    .filter(Boolean)
    .join('&');
  return listingUrl(base, venue, 'events.ics', query, only.venue);
}

/**
 * `locale=…` for a link to the server's pages, calendar files or calendar links in `locale`
 * (docs/api.md §10.5, §10.6), which the server reads before the visitor's `Accept-Language`; empty
 * for English, its default.
 */
export const localeQuery = (locale: string | undefined): string =>
  locale && locale !== 'en' ? `${PARAM_LOCALE}=${encodeURIComponent(locale)}` : '';
