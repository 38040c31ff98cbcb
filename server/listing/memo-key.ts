/**
 * The one memo key of every answer the routes keep (docs/architecture.md "Memo keys"): lists,
 * finders, calendar feeds, pages, calendar files, one event, `widget.html`'s drawings and the
 * per-venue script, in both modes. Each caller gives the query it answers as parameters (its
 * canonical values where it has read them, else the values as given) and the one normalisation
 * here makes the key: so two requests share an entry exactly when they are asked the same, not
 * when a caller happens to write its query the same way.
 */
import { PARAM } from '../../shared/queries.js';
import type { Named } from './backend.js';

/**
 * A query as the memo reads it: parameter name → value. A value is a string, a number or a list
 * of strings (a parameter given several times, in order); undefined or null is an absent
 * parameter. Anything else (an object Express parsed from brackets) is written as its JSON.
 */
export type MemoQuery = Readonly<Record<string, unknown>>;

/**
 * The value each parameter has when absent, for every answer that reads it: given so, it is
 * dropped from the key, so `?page=1` shares the entry of no `page`. Only parameters whose callers
 * give their read value (a page number read by `parsePage`, a heading level read as the element
 * reads it); a value as given is never dropped (`view=list` may be drawn other than no `view`).
 */
const DEFAULTS: Readonly<Record<string, string>> = {
  [PARAM.page]: '1',
  [PARAM['heading-level']]: '2',
};

/** A value's strings: none for an absent one, each of a repeated one. */
function valuesOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((one: unknown) => valuesOf(one));
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [JSON.stringify(value)];
}

/**
 * `query` written one way: its parameters sorted by name (UTF-16 order), each value
 * percent-encoded as `encodeURIComponent` writes it (the values are decoded already: `%20`, `+`
 * and a space asked are one key), a repeated parameter once per value in the order given, and a
 * parameter at its default (`DEFAULTS`) left out. `''` for no parameters.
 */
export function memoQuery(query: MemoQuery): string {
  const pairs: string[] = [];
  for (const name of Object.keys(query).sort()) {
    const values = valuesOf(query[name]);
    if (values.length === 1 && values[0] === DEFAULTS[name]) continue;
    for (const value of values) {
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    }
  }
  return pairs.join('&');
}

/**
 * The memo key `{kind}|{venues}|{base}|{query}` of an answer: its kind (`list`, `page`, `widget`,
 * …), the venues as named (`t=a` for a venue's own, `venues=a,b` for several, in the order
 * named), the public base its links were made on where they cannot be filled in as it is sent
 * (pages, calendar files, drawings; empty where they are: `BASE_MARKER`), and `memoQuery(query)`.
 * No part holds a `|` but the base, which comes before the query: the key reads one way.
 */
export const memoKey = (kind: string, named: Named, query: MemoQuery, base = ''): string =>
  `${kind}|${named.several ? `${PARAM.venues}=` : 't='}${named.slugs.join(',')}|${base}|${memoQuery(query)}`;
