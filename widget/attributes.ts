/**
 * How the widget's elements read their attributes (docs/widget.md "Elements and attributes"):
 * the one reading of a `<venue-events>`'s attributes (`readListAttributes`), DOM-free, from any
 * `(name) => value` getter: the element's own attributes for the script's first paint, the query
 * parameters for the server's `widget.html` (through `declarative.ts`), and the rules
 * (`startPage`, `headingLevel`, `fixedView`, `viewOf`, `presetFilters`) the Lit element applies
 * to its properties, with the values Lit's converters give it (`Number`, an attribute's
 * presence). The layout (`isCompact`) is the host's attribute, which the list's styles read: only
 * the server, writing the start tag, reads it (`declarative.ts` `readDrawnAttributes`).
 */
import { SCRIPT_ORIGIN, type Filters } from './api.js';
import { headingLevel, type HeadingLevel } from './card-facts.js';
import {
  PARAM_CATEGORY,
  PARAM_HEADING_LEVEL,
  PARAM_LOCALE,
  PARAM_NO_FILTERS,
  PARAM_NO_SHARE,
  PARAM_PAGE,
  PARAM_TICKET_LINK_PARAMS,
  PARAM_VIEWS,
} from './query-names.generated.js';

/** The views a list can show. */
export type View = 'list' | 'calendar';

/** An element's attribute by name, null when absent (`el.getAttribute`, or a query's values). */
export type Attributes = (name: string) => string | null;

/** The API base of an element: `base-url`, else the origin the script was loaded from. */
export const apiBase = (baseUrl: string | null | undefined): string => baseUrl || SCRIPT_ORIGIN;

/**
 * The page a list shows for `page`: a safe integer of at least 1, else 1 (`page="abc"`, `0`,
 * `-1`, `2.5`, none), as the API reads its query (docs/decisions.md "Pagination").
 */
export const startPage = (page: unknown): number =>
  Number.isSafeInteger(page) && (page as number) >= 1 ? (page as number) : 1;

/** The filters the `category` attribute presets (a jazz club's "Jazz" page); none without it. */
export const presetFilters = (category: string | null | undefined): Filters =>
  category ? { categories: category } : {};

/**
 * `layout="compact"`: one line per event; any other value, or none, is the cards (as the list's
 * styles read the attribute, `:host([layout='compact'])`).
 */
export const isCompact = (layout: string | null): boolean => layout === 'compact';

/**
 * The view `views` fixes (no switch then): `list` or `calendar`, alone or followed by ` past`
 * (`views="list"`, `views="list past"`), else undefined (`views="past"` fixes none).
 */
export const fixedView = (views: string | null | undefined): View | undefined =>
  /^(list|calendar)( past)?$/.exec(views!)?.[1] as View | undefined;

/** The view `view` asks for: `calendar`, else (any other value, or none) the list. */
export const viewOf = (view: unknown): View => (view === 'calendar' ? 'calendar' : 'list');

/** Where an element's requests go and how long they may take: `base-url` and `timeout`. */
export interface Source {
  base: string;
  /** Milliseconds (`getJson` takes an unusable value, 0 for none given, for the default). */
  timeoutMs: number;
}

/** An element's `base-url` and `timeout`, as `VenueElement` reads them. */
export const readSource = (get: Attributes): Source => ({
  base: apiBase(get('base-url')),
  // No attribute is `Number(null)`, 0: the default, as for any value `getJson` cannot use.
  timeoutMs: Number(get('timeout')),
});

/** What a `<venue-events>`'s attributes ask for, as the element reads them. */
export interface ListAttributes extends Source {
  venue: string;
  page: number;
  filters: Filters;
  locale: string | undefined;
  /** The view it starts in (`views` fixes it, else `view`). */
  view: View;
  /** Whether the list/calendar switch is shown (`views` does not fix the view). */
  viewSwitch: boolean;
  level: HeadingLevel;
  share: boolean;
  filterBar: boolean;
  /**
   * `ticket-link-params`, query-string form (docs/api.md §10.19): the embed's own parameters for
   * its ticket links, over the venue's; null when absent.
   */
  linkParams: string | null;
}

/**
 * The attributes `get` gives, as `<venue-events>` reads them: the script's first paint, the
 * server's `widget.html` and (rule by rule, on its properties) the element itself.
 */
export function readListAttributes(get: Attributes): ListAttributes {
  const fixed = fixedView(get(PARAM_VIEWS));
  return {
    ...readSource(get),
    venue: get('venue') ?? '',
    // `Number(null)` is 0: no attribute is the default, as an unusable value is.
    page: startPage(Number(get(PARAM_PAGE))),
    filters: presetFilters(get(PARAM_CATEGORY)),
    locale: get(PARAM_LOCALE) ?? undefined,
    view: fixed ?? viewOf(get('view')),
    viewSwitch: !fixed,
    level: headingLevel(Number(get(PARAM_HEADING_LEVEL))),
    share: get(PARAM_NO_SHARE) === null,
    filterBar: get(PARAM_NO_FILTERS) === null,
    linkParams: get(PARAM_TICKET_LINK_PARAMS),
  };
}
