/**
 * The list's filters and view in the host page's query (`sync-url`, docs/widget.md "Finding a
 * night"): read once when the list starts, written as the visitor changes them, so a filtered
 * list can be shared as a link. Reader and writer together: the parameters are named once.
 */
import { isSeveral, venueSlugs, type Filters } from './api.js';
import type { View } from './attributes.js';
import {
  PARAM_ACCESS,
  PARAM_CATEGORIES,
  PARAM_SEARCH,
  PARAM_START_DATE,
  PARAM_WHEN,
} from './query-names.generated.js';

/** The filters `sync-url` keeps in the page's query, by the query parameter that keeps each. */
const URL_KEYS = [
  [PARAM_CATEGORIES, 've-category'],
  [PARAM_SEARCH, 've-q'],
  [PARAM_START_DATE, 've-from'],
  [PARAM_ACCESS, 've-access'],
  ['venue', 've-venue'],
  // The past events (docs/api.md §10.20), read only where `views` offers them.
  [PARAM_WHEN, 've-when'],
] as const;

/** The query parameter that keeps the view. */
const VIEW_KEY = 've-view';

/** The view a shared link asks for (`ve-view`), if any. */
export const readView = (): View | undefined => {
  const view = new URLSearchParams(location.search).get(VIEW_KEY);
  return view === 'list' || view === 'calendar' ? view : undefined;
};

/**
 * `filters` with those the page's query holds: a shared link's filters. `ve-venue` counts only as
 * one of `venue`'s several venues (a list of one has no such filter), `ve-when` only as `past`
 * where the list offers the past events (`past`).
 */
export function readQuery(filters: Filters, venue: string, past = false): Filters {
  const query = new URLSearchParams(location.search);
  const read: Filters = { ...filters };
  let found = false;
  for (const [key, param] of URL_KEYS) {
    const value = query.get(param);
    if (!value) continue;
    if (key === 'venue' && !(isSeveral(venue) && venueSlugs(venue).includes(value))) continue;
    if (key === PARAM_WHEN && !(past && value === 'past')) continue;
    read[key] = value;
    found = true;
  }
  // The same object when the query holds none: no second request.
  return found ? read : filters;
}

/** Replaces the page's URL (`history.replaceState`: no history entry per change). */
function replace(url: URL): void {
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}

/** Keeps `view` in the page's query as `ve-view`. */
export function writeView(view: View): void {
  const url = new URL(location.href);
  url.searchParams.set(VIEW_KEY, view);
  replace(url);
}

/** Keeps `filters` in the page's query (an empty one leaves its parameter out). */
export function writeQuery(filters: Filters): void {
  const url = new URL(location.href);
  for (const [key, param] of URL_KEYS) {
    const value = filters[key];
    if (value) url.searchParams.set(param, value);
    else url.searchParams.delete(param);
  }
  replace(url);
}
