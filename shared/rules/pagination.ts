import { PER_PAGE, POSITIVE_INTEGER, whole } from '../contract.js';
import { PARAM } from '../queries.js';

const PAGE_NUMBER = whole(POSITIVE_INTEGER);

/**
 * The page asked for, as Laravel's `PaginationState` reads it (docs/decisions.md "Pagination"): a
 * query value that is a plain decimal integer ≥ 1 within 2^53, else 1. Arrays, `0`, `-1`, `abc`,
 * `2.5`, `02` and huge values all give 1.
 */
export function parsePage(raw: unknown): number {
  if (typeof raw !== 'string' || !PAGE_NUMBER.test(raw)) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) ? page : 1;
}

/** Page-level numbers of a list response (docs/api.md §2.5, docs/decisions.md "Pagination"). */
export interface PageWindow {
  currentPage: number;
  lastPage: number;
  /** 1-based position of the first item on the page, or null when the page is empty. */
  from: number | null;
  to: number | null;
  /** Rows to skip in the soonest-first order. */
  offset: number;
}

/** Where page `page` of `total` items falls (page size `PER_PAGE`, docs/api.md §8). */
export function pageWindow(total: number, page: number): PageWindow {
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const offset = (page - 1) * PER_PAGE;
  const count = Math.max(0, Math.min(PER_PAGE, total - offset));
  return {
    currentPage: page,
    lastPage,
    from: count > 0 ? offset + 1 : null,
    to: count > 0 ? offset + count : null,
    offset,
  };
}

/**
 * The entries of `meta.links` for pages 1 to `last`, comma-separated, none active
 * (`{"url":"…page=n","label":"n","page":n,"active":false}`), their URLs opening with `open` (a
 * JSON string's start: `"…?page=`). One flat string (an array's join): what `envelopeJson` sends
 * for every page of one list but the current page's `true`, so a server may keep it per list
 * (server/listing/feeds.ts) and each page's envelope copies it rather than writing 417 entries.
 */
export function pageEntriesJson(open: string, last: number): string {
  const entries: string[] = [];
  for (let n = 1; n <= last; n++) {
    entries.push(`{"url":${open}${n}","label":"${n}","page":${n},"active":false}`);
  }
  return entries.join(',');
}

/**
 * The `links` and `meta` members of the list envelope as JSON text (`"links":{…},"meta":{…}`,
 * what `JSON.stringify` writes for them, no braces around), in Laravel's member order, for the
 * list endpoint at `path` (absolute, no query, no trailing slash). Implements docs/api.md §2.5 and
 * docs/decisions.md "Pagination" (prev of an out-of-range page is page−1; no `...` gaps). `query`
 * is the active filters' canonical query (`filterQuery`), which every page URL carries before
 * `page` (Laravel's `withQueryString()`); `meta.path` never has it. `entries` gives the page
 * entries (`pageEntriesJson`, or a kept copy of its text).
 *
 * Written as text because `meta.links` has one entry per page: 417 for 5,000 events, which as
 * objects through `JSON.stringify` took some 630 µs of an uncached page, as text 70 µs.
 */
export function envelopeJson(
  path: string,
  window: PageWindow,
  total: number,
  query = '',
  entries: (open: string, last: number) => string = pageEntriesJson,
): string {
  const { currentPage: current, lastPage: last } = window;
  // The URL up to the page number, escaped once: `"…?page=` (a page number needs no escaping).
  const key = `${PARAM.page}=`;
  const open = JSON.stringify(query ? `${path}?${query}&${key}` : `${path}?${key}`).slice(0, -1);
  const url = (n: number) => `${open}${n}"`;
  const maybeUrl = (n: number | null) => (n === null ? 'null' : url(n));
  const prev = current > 1 ? current - 1 : null;
  const next = current < last ? current + 1 : null;
  const pages = `{"url":${maybeUrl(prev)},"label":"« Previous","page":${prev},"active":false},${activeAt(
    entries(open, last),
    current,
  )},{"url":${maybeUrl(next)},"label":"Next »","page":${next},"active":false}`;
  const links = `"first":${url(1)},"last":${url(last)},"prev":${maybeUrl(prev)},"next":${maybeUrl(next)}`;
  return (
    `"links":{${links}},"meta":{"current_page":${current},"from":${window.from},` +
    `"last_page":${last},"links":[${pages}],"path":${JSON.stringify(path)},` +
    `"per_page":${PER_PAGE},"to":${window.to},"total":${total}}`
  );
}

/**
 * `entries` (`pageEntriesJson`'s) with page `current`'s entry active; as they are for a page past
 * the last. Found by its `"page":n,"active":` (no other page's holds it: the number ends there).
 */
function activeAt(entries: string, current: number): string {
  const flag = `"page":${current},"active":`;
  const at = entries.indexOf(flag);
  if (at < 0) return entries;
  const end = at + flag.length;
  return `${entries.slice(0, end)}true${entries.slice(end + 'false'.length)}`;
}
