/**
 * A venue's whole list, as far as the proxy reads it, for what it answers itself from many list
 * pages (docs/api.md §10.12 filters, §10.13 categories, §10.14 calendar feed; the upstream has
 * none of them): pages 1 to the last, at most `maxPages`, through the cache (`obtain.ts`).
 *
 * Pages are read with their links on `BASE_MARKER` rather than a request's base, so that what is
 * built from them is one text for every base (cut there, as `rewrite.ts` cuts the upstream's
 * answers) and each page is parsed once per upstream answer, not once per request.
 */
import type { LinkParams } from '../../shared/rules/link-params.js';
import type { Request } from 'express';
import type { EventResource } from '../../shared/contract.js';
import type { Obtain, Obtained } from './obtain.js';
import { mergeLists, readListPage, type ListPage } from './pages.js';
import type { ProxyLog } from './proxy-log.js';
import { listPath } from './query.js';
import { BASE_MARKER, fillBase, type LinkTemplate } from '../http/public-base.js';
import type { Entry } from './upstream-cache.js';

/** Upstream requests in flight at once for one gathering: the proxy must not hammer its upstream. */
export const GATHER_CONCURRENCY = 6;

/**
 * Parsed pages by the template of their answer: a revalidated answer keeps its template, so its
 * page is parsed once; one the upstream cache drops or replaces is collected with its page (the
 * plain listing page's memo in `listing-router.ts` is held the same way).
 */
const parsedPages = new WeakMap<LinkTemplate, ListPage>();

/**
 * The list page of an upstream answer, links on `BASE_MARKER`, parsed once per template. Its
 * events are shared between requests: never mutate them.
 * @throws `readListPage`'s 502 for a body that is not a list whose `meta` places the page
 */
export function markedList(entry: Entry): ListPage {
  let list = parsedPages.get(entry.template);
  if (!list) {
    list = readListPage(JSON.parse(fillBase(entry.template, BASE_MARKER)));
    parsedPages.set(entry.template, list);
  }
  return list;
}

/** A serial number per template: what a memo keeps instead of the template (it must not hold it). */
const templateIds = new WeakMap<LinkTemplate, number>();
let lastTemplateId = 0;

function templateId(template: LinkTemplate): number {
  let id = templateIds.get(template);
  if (id === undefined) templateIds.set(template, (id = ++lastTemplateId));
  return id;
}

/** What a venue's list pages hold, and what they were read from. */
export interface Gathered {
  /** The readable events of the pages read, in list order, each once; links on `BASE_MARKER`. */
  events: readonly EventResource[];
  /** The answers read, page 1 first: their freshness bounds that of what is built from them. */
  obtained: readonly Obtained[];
  /**
   * Which upstream answers they were (their templates' serial numbers): what is built from them
   * stays right while this is the same. A string, so a memo holds no template alive.
   */
  version: string;
  /** How many pages were read (1 to `maxPages`). */
  pagesRead: number;
  /** The upstream lists more pages than were read (`maxPages` reached). */
  truncated: boolean;
  /** Events left out as unreadable (`isReadableEvent`). */
  dropped: number;
  /** Page 1's `meta.ticket_link_params` (docs/api.md §10.19), when it has them. */
  linkParams?: LinkParams;
}

/**
 * `get` of each path, at most `limit` at once, in `paths`' order; the first failure rejects and
 * no further path is started.
 */
async function inTurn<T>(
  paths: readonly string[],
  limit: number,
  get: (path: string) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  let failed = false;
  async function worker() {
    while (next < paths.length && !failed) {
      const i = next++;
      try {
        results[i] = await get(paths[i]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, paths.length) }, worker));
  return results;
}

/**
 * Reads list pages 1 to the last (page 1's `meta.last_page`), at most `maxPages` (≥ 1), of venue
 * `slug` through `obtain` (their logs onto `logs`), at most `GATHER_CONCURRENCY` at once, and
 * merges their events (`mergeLists`); asked in the language `asked` (docs/api.md §10.24) when
 * given. Rejects as `obtain` does (an upstream 404, a 502/504 no
 * stale copy masks) or with `readListPage`'s 502.
 */
export async function gatherPages(
  obtain: Obtain,
  req: Request,
  slug: string,
  maxPages: number,
  logs: ProxyLog[],
  asked?: string,
): Promise<Gathered> {
  const first = await obtain(req, listPath(slug, 1, '', asked), logs);
  const firstList = markedList(first.entry);
  const lastPage = firstList.position.lastPage;
  const pagesRead = Math.min(lastPage, maxPages);
  const paths = Array.from({ length: pagesRead - 1 }, (_, i) => listPath(slug, i + 2, '', asked));
  const rest = await inTurn(paths, GATHER_CONCURRENCY, (path) => obtain(req, path, logs));
  const obtained = [first, ...rest];
  const { events, dropped } = mergeLists(obtained.map((o) => markedList(o.entry)));
  return {
    events,
    obtained,
    version: obtained.map((o) => templateId(o.entry.template)).join(','),
    pagesRead,
    truncated: lastPage > pagesRead,
    dropped,
    ...(firstList.linkParams && { linkParams: firstList.linkParams }),
  };
}
