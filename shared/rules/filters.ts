/**
 * The list filters (docs/api.md §10.12, an extension): `categories`, `access` (§10.15), `search`,
 * `start_date` and `end_date` read from a query, checked, put in one canonical form (the memo key and the query
 * every pagination link carries), and matched against an API event resource (the proxy, which
 * has no index to ask). Pure: "today" is passed in; no time zone database.
 */
import transliterate from '@sindresorhus/transliterate';
import type { EventResource } from '../contract.js';
import { ACCESS_IDS, accessInOrder, hasAllAccess, isAccessId, type AccessId } from './access.js';
import { FILTER_LIMITS, type FilterParameter, type QueryParameter } from '../queries.js';
import { DAY_MS } from './days.js';
import { firstListedDay } from './postponed.js';

/** The filters of one request, canonical: two requests that mean the same compare equal. */
export interface ListFilter {
  /** Category names, lower-cased, unique, sorted; any of them matches (OR). Empty: no filter. */
  readonly categories: readonly string[];
  /** Search words, folded (`foldText`), in the order given; the last one is a prefix. */
  readonly words: readonly string[];
  /**
   * Access ids in vocabulary order (docs/api.md §10.15), all needed on one listed date (within
   * the date range, when one is given); absent or empty: no filter.
   */
  readonly access?: readonly AccessId[];
  /** Venue-local `YYYY-MM-DD`, inclusive; undefined: unbounded. */
  readonly startDate?: string;
  readonly endDate?: string;
  /**
   * `when=past` (docs/api.md §10.20): the events whose last date is before the venue's today,
   * newest first, in place of those listed from today on; absent: the upcoming ones.
   */
  readonly past?: true;
}

/** No filter at all: the spec's own list. */
export const NO_FILTER: ListFilter = { categories: [], words: [] };

/** The filter parameters' bounds, defined with the parameters (shared/queries.ts). */
export { FILTER_LIMITS };

/** A filter parameter with a bad value: the API answers 400 naming it in `source.parameter`. */
export class FilterError extends Error {
  constructor(
    readonly parameter: QueryParameter,
    detail: string,
  ) {
    super(detail);
    this.name = 'FilterError';
  }
}

/** True unless `filter` selects everything (then responses stay the spec's, byte for byte). */
export const isFiltered = (filter: ListFilter): boolean =>
  filter.categories.length > 0 ||
  (filter.access?.length ?? 0) > 0 ||
  filter.words.length > 0 ||
  filter.startDate !== undefined ||
  filter.endDate !== undefined ||
  filter.past === true;

/** Anything but letters and digits: word separators, blanked before transliterating. */
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * The words of `text` folded as a visitor types them (docs/api.md §10.12 "search"), separated by
 * single spaces: accents removed (NFKD, combining marks dropped: "Björk" → "bjork"), then the
 * letters that do not decompose spelt in Latin letters by `@sindresorhus/transliterate` ("Łódź
 * Bjørn" → "lodz bjorn", "Straße" → "strasse", "Ærø" → "aero", "Đorđe" → "dorde"), lower-cased.
 * Scripts the library has no table for (CJK, Hebrew…) stay as they are. What both stores index,
 * what the proxy matches and what a search is matched with, so they agree on every character;
 * folding folded text changes nothing, so a canonical query (`filterQuery`) searches the same.
 * Symbols and punctuation are blanked first: the library would spell some as letters (`€` → `E`),
 * and its diacritics rule would drop ASCII `^` and `` ` `` (gluing "rock^roll" into one word) only
 * in text that also had other letters to spell.
 */
export function foldText(text: string): string {
  const words = text.normalize('NFKD').replace(/\p{M}/gu, '').replace(NOT_WORD, ' ').toLowerCase();
  // Most text is ASCII by now: the library's one big pattern is left for the rest. It spells a
  // few letters as symbols (Arabic tatweel as `_`), blanked as the others.
  return NON_ASCII.test(words) ? transliterate(words).replace(NOT_WORD, ' ').toLowerCase() : words;
}

/**
 * The words of `text` after folding (`foldText`), each cut to `FILTER_LIMITS.searchLength`
 * characters: a search is no longer, but folding can lengthen it ("ß" → "ss"), and the stores
 * index words so cut (`server/store/filter-index.ts`), so every side compares the same prefix.
 */
export const searchWords = (text: string): string[] =>
  (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((w) =>
    // By code points: a cut between a surrogate pair would leave half a letter.
    w.length > FILTER_LIMITS.searchLength
      ? Array.from(w).slice(0, FILTER_LIMITS.searchLength).join('')
      : w,
  );

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar date `YYYY-MM-DD`, else undefined (`2026-02-30`). */
export function dayNumber(date: string): number | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return undefined;
  if (back.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
}

/** One query value: absent, or a string; given twice (an array) or nested is an error. */
function single(query: Record<string, unknown>, name: FilterParameter): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new FilterError(name, `Give ${name} at most once.`);
  return value;
}

function readDate(
  query: Record<string, unknown>,
  name: Extract<FilterParameter, 'start_date' | 'end_date'>,
): string | undefined {
  const value = single(query, name);
  if (value === undefined || value === '') return undefined;
  if (dayNumber(value) === undefined) {
    throw new FilterError(name, `${name} must be a calendar date written YYYY-MM-DD.`);
  }
  return value;
}

function readCategories(query: Record<string, unknown>): string[] {
  const names = (single(query, 'categories') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unique = [...new Set(names)].sort();
  if (unique.length > FILTER_LIMITS.categories) {
    throw new FilterError('categories', `Give at most ${FILTER_LIMITS.categories} categories.`);
  }
  return unique;
}

/** `access=captioned,wheelchair` (docs/api.md §10.15): known ids, each once, in vocabulary order. */
function readAccess(query: Record<string, unknown>): AccessId[] {
  const ids = (single(query, 'access') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = ids.find((id) => !isAccessId(id));
  if (unknown !== undefined) {
    throw new FilterError(
      'access',
      `Unknown access id "${unknown}"; use ${ACCESS_IDS.join(', ')}.`,
    );
  }
  if (new Set(ids).size !== ids.length) {
    throw new FilterError('access', 'Give each access id at most once.');
  }
  return accessInOrder(ids);
}

function readWords(query: Record<string, unknown>): string[] {
  const search = single(query, 'search') ?? '';
  if (search.length > FILTER_LIMITS.searchLength) {
    throw new FilterError(
      'search',
      `search must be at most ${FILTER_LIMITS.searchLength} characters.`,
    );
  }
  return searchWords(search);
}

/**
 * The filters of a list request's query (Express's simple parser: values are strings, repeated
 * names arrays). Empty values and unknown parameters are ignored; a search without letters or
 * digits searches nothing.
 * @throws FilterError for a value given twice, a date that is not a real `YYYY-MM-DD`,
 *   `end_date` before `start_date`, a range over 366 days, `search` over 100 characters, more
 *   than 20 categories (docs/decisions.md "Filters"), or an unknown or repeated access id
 *   (docs/api.md §10.15).
 */
export function parseListFilter(query: Record<string, unknown>): ListFilter {
  const categories = readCategories(query);
  const access = readAccess(query);
  const words = readWords(query);
  const startDate = readDate(query, 'start_date');
  const endDate = readDate(query, 'end_date');
  if (startDate !== undefined && endDate !== undefined) {
    const days = dayNumber(endDate)! - dayNumber(startDate)! + 1;
    if (days < 1) throw new FilterError('end_date', 'end_date must not be before start_date.');
    if (days > FILTER_LIMITS.rangeDays) {
      throw new FilterError(
        'end_date',
        `A date range may span at most ${FILTER_LIMITS.rangeDays} days.`,
      );
    }
  }
  const past = readWhen(query);
  return {
    categories,
    ...(access.length > 0 && { access }),
    words,
    startDate,
    endDate,
    ...(past && { past }),
  };
}

/** `when` (docs/api.md §10.20): `past`, or `upcoming` (the default, as absent or empty). */
function readWhen(query: Record<string, unknown>): true | undefined {
  const when = single(query, 'when');
  if (when === undefined || when === '' || when === 'upcoming') return undefined;
  if (when === 'past') return true;
  throw new FilterError('when', 'when must be upcoming or past.');
}

/**
 * The canonical query of `filter`, `categories=…&access=…&search=…&start_date=…&end_date=…`
 * (only those set, in that order, values percent-encoded), or `''` without filters. Pagination
 * links carry it before `page` (docs/api.md §10.12, §10.15).
 */
export function filterQuery(filter: ListFilter): string {
  return Object.entries(filterParams(filter))
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * The parameters of `filter` set, each its canonical value (not encoded), in `filterQuery`'s
 * order: what a memo key is made of (server/listing/memo-key.ts).
 */
export function filterParams(filter: ListFilter): Partial<Record<FilterParameter, string>> {
  const params: Partial<Record<FilterParameter, string>> = {};
  if (filter.categories.length) params.categories = filter.categories.join(',');
  if (filter.access?.length) params.access = filter.access.join(',');
  if (filter.words.length) params.search = filter.words.join(' ');
  if (filter.startDate !== undefined) params.start_date = filter.startDate;
  if (filter.endDate !== undefined) params.end_date = filter.endDate;
  if (filter.past) params.when = 'past';
  return params;
}

/**
 * True when the folded `text` has every search word, the last as a prefix of one of its words
 * ("jaz" finds "Jazz"): the same rule as the stores' full-text queries.
 */
export function matchesWords(words: readonly string[], text: string): boolean {
  if (words.length === 0) return true;
  const have = searchWords(text);
  return words.every((word, i) =>
    i === words.length - 1 ? have.some((w) => w.startsWith(word)) : have.includes(word),
  );
}

/**
 * The dates on which an event resource is listed from `today` on (venue-local `YYYY-MM-DD`): a
 * single event's date; a tour's stops dated `today` or later (cancelled stops included: they show,
 * struck through), or a postponed tour's last date once they have passed (`listedStops`).
 */
export function listedDates(event: EventResource, today: string): string[] {
  const a = event.attributes;
  if (a.date_mode === 'single') return [a.event_date.slice(0, 10)];
  return [...new Set(listedStops(a.occurrences, today).map((o) => o.occurrence_date))];
}

/**
 * A tour's stops dated `today` or later; a tour listed with none (postponed, docs/api.md §10.20,
 * stays listed after its dates) is listed on its last date, which its card shows
 * (`firstListedDay`, whose SQL the stores' filters run).
 */
function listedStops<T extends { occurrence_date: string }>(stops: readonly T[], today: string) {
  // The latest date, as the stores' `last_date` is, whatever order an upstream sent them in.
  const last = stops.reduce((max, o) => (o.occurrence_date > max ? o.occurrence_date : max), '');
  const first = firstListedDay(today, last);
  return stops.filter((o) => o.occurrence_date >= first);
}

/**
 * The listed dates of an event resource from `today` on (`listedDates`) with each one's
 * effective access (docs/api.md §10.15): a single event's `access`, a tour's stops' own. A date
 * with several stops appears once per stop. `access` is undefined without access data.
 */
export function listedAccess(
  event: EventResource,
  today: string,
): { date: string; access: readonly string[] | undefined }[] {
  const a = event.attributes;
  if (a.date_mode === 'single') return [{ date: a.event_date.slice(0, 10), access: a.access }];
  return listedStops(a.occurrences, today).map((o) => ({
    date: o.occurrence_date,
    access: o.access,
  }));
}

/**
 * Whether one of the event's listed dates from `from` to `to` (inclusive, venue-local) has every
 * id of `wanted` (docs/api.md §10.15).
 */
export const matchesAccess = (
  event: EventResource,
  wanted: readonly string[],
  today: string,
  from = '',
  to = '9999-12-31',
): boolean =>
  listedAccess(event, today).some(
    ({ date, access }) => date >= from && date <= to && hasAllAccess(access, wanted),
  );

/**
 * Whether a listed event resource passes `filter` on `today`; `plainText` turns the venue's HTML
 * description into text (server side: `server/lib/html-text.ts`). For the proxy, which filters the
 * upstream's pages itself; the stores answer the same question with their indexes.
 */
export function matchesFilter(
  event: EventResource,
  filter: ListFilter,
  today: string,
  plainText: (html: string) => string,
): boolean {
  const a = event.attributes;
  if (filter.categories.length && !filter.categories.includes((a.category ?? '').toLowerCase())) {
    return false;
  }
  const from = filter.startDate ?? '';
  const to = filter.endDate ?? '9999-12-31';
  if (filter.startDate !== undefined || filter.endDate !== undefined) {
    if (!listedDates(event, today).some((d) => d >= from && d <= to)) return false;
  }
  if (filter.access?.length && !matchesAccess(event, filter.access, today, from, to)) return false;
  if (filter.words.length === 0) return true;
  const stops = a.occurrences.map((o) => o.location_label);
  // Performers' names (docs/api.md §10.18) are searched as titles are; the earlier shape has none.
  const performers = ('performers' in a && a.performers) || [];
  const text = [
    a.title,
    ...performers,
    a.category,
    a.location,
    ...stops,
    plainText(a.description ?? ''),
  ].join(' ');
  return matchesWords(filter.words, text);
}
