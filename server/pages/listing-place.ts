/**
 * Where a listing lives (docs/api.md §10.5, §10.16): a venue's own (`/t/{slug}/events`), or
 * several venues' together (`/events?venues=a,b,c`). The listing page, its month view, its filter
 * form and the calendar files learn it here once: the listing's own links (each carrying its
 * `scope` first, then the canonical filter query) and the venue each event belongs to
 * (`eventVenue`), so they never ask whether a listing is of one venue or several. A listing
 * also has the language its page is written in (docs/api.md §10.5): every link it makes carries
 * `locale=` when the request chose the language so.
 */
import type { EventResource } from '../../shared/contract.js';
import { venuesQuery } from '../../shared/rules/venues.js';
import { ENGLISH, listText, type PageLang } from './i18n/index.js';
import { listingPath, type PageVenue } from './page-shell.js';

/** A listing: whose it is, where its pages are, and the venues its events belong to. */
export interface ListingPlace {
  /** Whose listing, for titles and calendar names: `Blue Room`, `Harbour Hall, Blue Cellar and Night Owl`. */
  name: string;
  /** The website the header links to: a venue's own; none for several venues. */
  url?: string;
  /** The listing page's path, no query: `/t/{slug}/events`, or `/events`. */
  path: string;
  /** What every link of the listing carries first: `''` for a venue's own, `venues=a,b,c`. */
  scope: string;
  /**
   * The venues listed, in the order named (one for a venue's own listing), as the pages describe
   * them: the origin's with their address and website, the proxy's with a zone when configured.
   */
  venues: readonly PageVenue[];
  /**
   * The listing's past page (docs/api.md §10.20): `{path}/past`, `/t/{slug}/events/past` or
   * `/events/past?venues=…`, whose own links (pages, form, canonical) stay on it; its calendar
   * files are the listing's (`feedHref`), which lists what is to come.
   */
  past?: true;
  /**
   * No past page to link to: several venues in proxy mode, where only the platform knows each
   * venue's past and a merge of them is not listed (docs/api.md §10.20).
   */
  noPast?: true;
  /**
   * The language its pages and calendar files are written in (docs/api.md §10.5, §10.6), its
   * `carry` ending every link of the listing; English, carrying nothing, when absent.
   */
  lang?: PageLang;
}

/** A venue's own listing, `/t/{slug}/events`, in `lang` (default English). */
export const venueListing = (venue: PageVenue, lang?: PageLang): ListingPlace => ({
  name: venue.name,
  ...(venue.url !== undefined && { url: venue.url }),
  path: listingPath(venue.slug),
  scope: '',
  venues: [venue],
  ...(lang && { lang }),
});

/**
 * The listing of several `venues` (1 to 20, in the order `venues=` names them; docs/api.md
 * §10.16): `/events?venues=a,b,c`, named `Harbour Hall, Blue Cellar and Night Owl` (in `lang`:
 * `… und Night Owl`).
 */
export const venuesListing = (venues: readonly PageVenue[], lang?: PageLang): ListingPlace => ({
  name: listText(
    lang ?? ENGLISH,
    venues.map((venue) => venue.name),
    'and',
  ),
  path: '/events',
  scope: venuesQuery(venues.map((venue) => venue.slug)),
  venues,
  ...(lang && { lang }),
});

/** The language of `place`'s pages: its own, else English. */
export const langOf = (place: ListingPlace): PageLang => place.lang ?? ENGLISH;

/**
 * The venue `event` belongs to: the one its `attributes.venue` names (docs/api.md §10.16) as
 * `place` knows it (else as the attribute gives it), or the listing's own venue when it names
 * none (a venue's own listing).
 */
export function eventVenue(event: EventResource, place: ListingPlace): PageVenue {
  const own = event.attributes.venue;
  if (!own) return place.venues[0]!;
  return place.venues.find((venue) => venue.slug === own.slug) ?? own;
}

/** The past page of `place` (docs/api.md §10.20): the same listing, newest first, at `{path}/past`. */
export const pastListing = (place: ListingPlace): ListingPlace => ({ ...place, past: true });

/** The upcoming listing of `place`: `place` itself, or the listing whose past page it is. */
export function upcomingListing(place: ListingPlace): ListingPlace {
  const { past: _past, ...upcoming } = place;
  return upcoming;
}

/** The path of `place`'s pages, no query: `{path}`, or `{path}/past` for its past page. */
export const pagePath = (place: ListingPlace): string =>
  place.past ? `${place.path}/past` : place.path;

/**
 * `place`'s page path, then its scope, the non-empty `parts` and its language's `locale=` (when
 * its request chose with one) as its query (`&`-joined).
 */
export function placeHref(place: ListingPlace, ...parts: string[]): string {
  const query = [place.scope, ...parts, langOf(place).carry].filter(Boolean).join('&');
  const path = pagePath(place);
  return query ? `${path}?${query}` : path;
}

/**
 * The listing's calendar file: `{path}.ics`, then its scope and `parts` (`categories=…`); the
 * past page's is its listing's (a calendar of past nights is nothing to subscribe to).
 */
export function feedHref(place: ListingPlace, ...parts: string[]): string {
  return placeHref({ ...upcomingListing(place), path: `${place.path}.ics` }, ...parts);
}
