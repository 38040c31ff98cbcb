/**
 * How the widget's elements read their attributes (docs/widget.md "Elements and attributes"):
 * the rules the elements apply to their properties, and the one reading of a `<venue-events>`'s
 * attributes that the script's first paint does before the element is defined
 * (`readListAttributes`), with the values Lit's converters would give the element (`Number`, an
 * attribute's presence).
 */
import { DEFAULT_TIMEOUT_MS, SCRIPT_ORIGIN, type Filters } from './api.js';
import { headingLevel, type HeadingLevel } from './card-facts.js';

/** The views a list can show. */
export type View = 'list' | 'calendar';

/** The API base of an element: `base-url`, else the origin the script was loaded from. */
export const apiBase = (baseUrl: string | null | undefined): string => baseUrl || SCRIPT_ORIGIN;

/**
 * The page a list shows for `page`: a safe integer of at least 1, else 1 (`page="abc"`, `0`,
 * `-1`, `2.5`), as the API reads its query (docs/decisions.md "Pagination").
 */
export const startPage = (page: unknown): number =>
  Number.isSafeInteger(page) && (page as number) >= 1 ? (page as number) : 1;

/** The filters the `category` attribute presets (a jazz club's "Jazz" page); none without it. */
export const presetFilters = (category: string | null | undefined): Filters =>
  category ? { categories: category } : {};

/** The view `views="list"` or `views="calendar"` fixes (no switch then), else undefined. */
export function fixedView(el: Element): View | undefined {
  const fixed = el.getAttribute('views');
  return fixed === 'list' || fixed === 'calendar' ? fixed : undefined;
}

/** Where an element's requests go and how long they may take: `base-url` and `timeout`. */
export interface Source {
  base: string;
  /** Milliseconds (`getJson` takes an unusable value for the default). */
  timeoutMs: number;
}

/** An element's `base-url` and `timeout`, as `VenueElement` reads them. */
export function readSource(el: Element): Source {
  const timeout = el.getAttribute('timeout');
  return {
    base: apiBase(el.getAttribute('base-url')),
    timeoutMs: timeout === null ? DEFAULT_TIMEOUT_MS : Number(timeout),
  };
}

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
  /** `layout="compact"` (any `layout`). */
  compact: boolean;
  /** `sync-url` with filters or a view in the page's query (`query.ts`'s `ve-` parameters). */
  sharedLink: boolean;
}

/** `el`'s attributes as `<venue-events>` reads them (for the script's first paint). */
export function readListAttributes(el: Element): ListAttributes {
  const get = (name: string) => el.getAttribute(name);
  const has = (name: string) => el.hasAttribute(name);
  const fixed = fixedView(el);
  return {
    ...readSource(el),
    venue: get('venue') ?? '',
    page: startPage(Number(get('page') ?? 1)),
    filters: presetFilters(get('category')),
    locale: get('locale') ?? undefined,
    view: fixed ?? (get('view') === 'calendar' ? 'calendar' : 'list'),
    viewSwitch: !fixed,
    level: headingLevel(has('heading-level') ? Number(get('heading-level')) : 2),
    share: !has('no-share'),
    filterBar: !has('no-filters'),
    compact: has('layout'),
    sharedLink: has('sync-url') && /[?&]ve-/.test(location.search),
  };
}
