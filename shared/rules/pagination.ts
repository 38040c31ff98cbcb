import { PER_PAGE, POSITIVE_INTEGER, whole, type PageLink } from '../contract.js';

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
 * The `links` and `meta` members of the list envelope, in Laravel's member order, for the list
 * endpoint at `path` (absolute, no query, no trailing slash). Implements docs/api.md §2.5 and
 * docs/decisions.md "Pagination" (prev of an out-of-range page is page−1; no `...` gaps). `query` is
 * the active filters' canonical query (`filterQuery`), which every page URL carries before `page`
 * (Laravel's `withQueryString()`); `meta.path` never has it.
 */
export function envelopeLinks(path: string, window: PageWindow, total: number, query = '') {
  const { currentPage: current, lastPage: last } = window;
  const prefix = query ? `${path}?${query}&page=` : `${path}?page=`;
  const url = (n: number) => `${prefix}${n}`;
  const maybeUrl = (n: number | null) => (n === null ? null : url(n));
  const prevPage = current > 1 ? current - 1 : null;
  const nextPage = current < last ? current + 1 : null;
  const metaLinks: PageLink[] = [
    { url: maybeUrl(prevPage), label: '« Previous', page: prevPage, active: false },
  ];
  for (let n = 1; n <= last; n++) {
    metaLinks.push({ url: url(n), label: String(n), page: n, active: n === current });
  }
  metaLinks.push({ url: maybeUrl(nextPage), label: 'Next »', page: nextPage, active: false });
  return {
    links: {
      first: url(1),
      last: url(last),
      prev: maybeUrl(prevPage),
      next: maybeUrl(nextPage),
    },
    meta: {
      current_page: current,
      from: window.from,
      last_page: last,
      links: metaLinks,
      path,
      per_page: PER_PAGE,
      to: window.to,
      total,
    },
  };
}
