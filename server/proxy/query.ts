/**
 * The query of a target the proxy guards (`routes.ts`), read from the raw target, and the one
 * query it sends upstream (`listPath`). Pure.
 *
 * Why a `%` may stand in some values when the rest of the target is never decoded: those values
 * never go upstream (only `listPath` does, with a page the routes normalised), the routes only
 * match them against events and write them back percent-encoded or JSON-escaped. So `%XX` is
 * allowed only in the values of the parameters a path reads, and must spell UTF-8; anywhere else
 * (a name, `page`, a parameter not read) a `%` refuses the target, as it always did.
 */
import { FeedQuery, FilterQuery, PARAM, parameterNames } from '../../shared/queries.js';

/** A list's filter parameters (docs/api.md §10.12, §10.15), as `shared/queries.ts` defines them. */
export const FILTER_PARAMETERS = parameterNames(FilterQuery);

/** The calendar feed's parameters (docs/api.md §10.14, §10.15). */
export const FEED_PARAMETERS = parameterNames(FeedQuery);

/** True when `raw` decodes as `application/x-www-form-urlencoded` spells a value (UTF-8). */
function decodes(raw: string): boolean {
  try {
    // decodeURIComponent throws for `%` not followed by two hex digits and for invalid UTF-8.
    decodeURIComponent(raw.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * True when the proxy may read `query`, the raw text after `?`, which the guard has checked is
 * printable ASCII without a backslash: a `%` only in the values of `names`, each of which
 * decodes. Other parameters are left to the routes, which ignore them as the origin does.
 */
export function queryReadable(query: string, names: readonly string[]): boolean {
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=');
    const name = at === -1 ? pair : pair.slice(0, at);
    const raw = at === -1 ? '' : pair.slice(at + 1);
    if (name.includes('%')) return false;
    if (names.includes(name) ? !decodes(raw) : raw.includes('%')) return false;
  }
  return true;
}

/**
 * The upstream path of page `page` of a venue's list: the one cache key of that page. `asked`:
 * the language asked for the venue's text (docs/api.md §10.24), passed on as `locale`.
 */
export const listPath = (slug: string, page: number, filters = '', asked?: string) =>
  `/t/${slug}/api/events?${filters && `${filters}&`}${localeQuery(asked)}page=${page}`;

/** `locale={asked}&` for a language asked (a tag: nothing to encode), else `''`. */
const localeQuery = (asked: string | undefined) =>
  asked === undefined ? '' : `${PARAM.locale}=${encodeURIComponent(asked)}&`;

/** The upstream path of one event, in the language `asked` when given (docs/api.md §10.24). */
export const eventPath = (slug: string, id: string, asked?: string) =>
  `/t/${slug}/api/events/${id}${asked === undefined ? '' : `?${localeQuery(asked).slice(0, -1)}`}`;
