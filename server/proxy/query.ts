/**
 * The query of a request the proxy answers itself from the upstream's list pages (docs/api.md
 * §10.12–§10.14), read from the raw target. Pure.
 *
 * Why it is safe to decode here, when the rest of the target is never decoded: these values never
 * go upstream (only `routes.ts`' `listPath` does), they are only matched against events and
 * written back percent-encoded (`filterQuery`) or JSON-escaped. So `%XX` is allowed only in the
 * values of the parameters a route reads, and must spell UTF-8; anywhere else (a name, `page`, a
 * parameter not read) a `%` refuses the target, as it always did.
 */
import { FeedQuery, FilterQuery, parameterNames } from '../../shared/queries.js';

/** A list's filter parameters (docs/api.md §10.12, §10.15), as `shared/queries.ts` defines them. */
export const FILTER_PARAMETERS = parameterNames(FilterQuery);

/** The calendar feed's parameters (docs/api.md §10.14, §10.15). */
export const FEED_PARAMETERS = parameterNames(FeedQuery);

/**
 * The parameters a route reads, as Express's simple parser gives them: a string, or an array of
 * the values of a parameter given more than once (which the shared rules refuse with a 400).
 */
export type QueryValues = Readonly<Record<string, string | readonly string[]>>;

/** One value as `application/x-www-form-urlencoded` spells it; undefined for bad escapes. */
function decodeValue(raw: string): string | undefined {
  try {
    // decodeURIComponent throws for `%` not followed by two hex digits and for invalid UTF-8.
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * The values of `names` (percent-decoded, `+` a space) and of `page` (as written) in `query`, the
 * raw text after `?`, which `classify` has checked is printable ASCII without a backslash. Other
 * parameters are ignored, as the origin ignores them. A name given without `=` has the value `''`.
 * Returns undefined for a query to refuse: a `%` outside the values of `names`, or a bad escape.
 */
export function readQuery(query: string, names: readonly string[]): QueryValues | undefined {
  // Null prototype: the names kept are fixed ones, but nothing a client sends can reach Object's.
  const values: Record<string, string | string[]> = Object.create(null) as Record<
    string,
    string | string[]
  >;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = at === -1 ? pair : pair.slice(0, at);
    const raw = at === -1 ? '' : pair.slice(at + 1);
    const decoded = names.includes(name);
    if (name.includes('%') || (!decoded && raw.includes('%'))) return undefined;
    if (!decoded && name !== 'page') continue;
    const value = decoded ? decodeValue(raw) : raw;
    if (value === undefined) return undefined;
    const kept = values[name];
    values[name] = kept === undefined ? value : [...(Array.isArray(kept) ? kept : [kept]), value];
  }
  return values;
}

/** The one `page` value of `query`, or undefined when absent or repeated (`parsePage` reads 1). */
export function pageValue(query: QueryValues): string | undefined {
  const page = query.page;
  return typeof page === 'string' ? page : undefined;
}
