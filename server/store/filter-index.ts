/**
 * What both stores index so the list filters (docs/api.md §10.12) are index lookups, computed here
 * in JS so that SQLite and PostgreSQL agree on every character: an event's lower-cased category
 * key, its listed dates and its search tokens, and the search expressions each store's full-text
 * engine matches them with (FTS5 `MATCH`, PostgreSQL `tsquery`).
 *
 * Search tokens are the event's folded words (`searchWords`: title (in each of its languages,
 * docs/api.md §10.24), performers' names
 * (docs/api.md §10.18), category, location, every stop's location, the description's plain text) each prefixed with the venue's slug and `_`
 * (`blue-room_jazz`). The prefix scopes every lookup, prefix matches included, to one venue's
 * part of the term dictionary, so a search costs what that venue's events cost, however many
 * venues share the database; a slug has no `_` and a word no `-` or `_`, so no two venues' tokens
 * can be confused. Neither engine parses the tokens (FTS5's `ascii` tokenizer splits only on
 * ASCII punctuation and spaces; PostgreSQL takes the lexemes as they are), so there is no
 * stemming, no stop word and no locale-dependent letter class: exactly the shared rule.
 */
import { accessMask, effectiveAccess } from '../../shared/rules/access.js';
import { searchWords } from '../../shared/rules/filters.js';
import { plainText } from '../lib/html-text.js';
import type { StoredEvent } from './model.js';

/** The category key a category filter compares with: the name lower-cased, as `parseListFilter`. */
export const categoryKey = (category: string): string => category.toLowerCase();

/**
 * Every date of an event, sorted and unique: its date (single mode) or its stops' dates, past and
 * cancelled ones included. The listed ones on a day are those from that day on, which the
 * listing span already bounds (`until`, the first listed date; `lastDate`, the last).
 */
export function eventDates(event: StoredEvent): string[] {
  if (event.mode === 'single') return [event.date!];
  return [...new Set(event.stops.map((s) => s.date))].sort();
}

/**
 * The `event_access` rows of an event (docs/api.md §10.15): each of its dates with the bit mask
 * (`accessMask`) of a stop's effective provisions there (a single event: its own), unique, none
 * for a date whose provisions are empty. The access filter needs one row with all its bits on a
 * listed date; the access counts, the bits of any row on one.
 */
export function accessRows(event: StoredEvent): { date: string; mask: number }[] {
  const dated =
    event.mode === 'single'
      ? [{ date: event.date!, access: event.access }]
      : event.stops.map((s) => ({ date: s.date, access: effectiveAccess(event.access, s.access) }));
  const rows = new Map<string, { date: string; mask: number }>();
  for (const { date, access } of dated) {
    const mask = accessMask(access ?? []);
    if (mask !== 0) rows.set(`${date}|${mask}`, { date, mask });
  }
  return [...rows.values()];
}

/** The last date an event is ever listed on: its date, or its last stop's (cancelled or not). */
export const lastDate = (event: StoredEvent): string => eventDates(event).at(-1)!;

/**
 * The filter columns of each of an event's listing rows: `[category, category_key, last_date]`
 * (the category as spelt, for the categories resource; its key, for the category filter; the
 * last listed date, for the date filter).
 */
export const filterColumns = (event: StoredEvent): [string, string, string] => [
  event.category,
  categoryKey(event.category),
  lastDate(event),
];

/** The five escapes a description written from plain text has (`plainTextHtml`, sanitize-html). */
const ESCAPES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
};

/**
 * The description's words as text: html-to-text reads markup beyond paragraphs and line breaks
 * and any other entity; those alone (a description written from plain text, most of a feed's)
 * are read here, as the same words (html-to-text cost 0.1 s a 5,000-event sync).
 */
function descriptionText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const text = html.replace(/<\/?p>|<br ?\/?>/g, ' ');
  if (/<|&(?!(?:amp|lt|gt|quot|#39);)/.test(text)) return plainText(html);
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ESCAPES[name]!);
}

/**
 * The folded, unique words a search looks in (docs/api.md §10.12 "search"), each cut to
 * `FILTER_LIMITS.searchLength` characters as `searchWords` cuts a search's. A store whose words
 * were folded another way re-indexes them on opening (the stores' `reindexSearch` migrations).
 */
export function eventWords(event: StoredEvent): string[] {
  const text = [
    event.title,
    // The title in every language the event has (docs/api.md §10.24): found whichever is asked.
    ...Object.values(event.translations ?? {}).map((text) => text.title ?? ''),
    ...(event.performers ?? []),
    event.category,
    event.location,
    ...event.stops.map((s) => s.location),
    descriptionText(event.description),
  ].join(' ');
  return [...new Set(searchWords(text))];
}

/** The search tokens of an event of venue `slug`: its words, scoped to the venue (module doc). */
export const searchTokens = (slug: string, event: StoredEvent): string[] =>
  eventWords(event).map((word) => `${slug}_${word}`);

/**
 * The FTS5 query of `words` (folded, as `ListFilter.words`) in venue `slug`: every word as one
 * quoted token, the last a prefix, ANDed: `"v_late" AND "v_jaz"*`. Words are letters and digits
 * only, so quoting is safe; the query still goes to SQLite as a bound parameter.
 */
export const ftsQuery = (slug: string, words: readonly string[]): string =>
  words.map((w, i) => `"${slug}_${w}"${i === words.length - 1 ? '*' : ''}`).join(' AND ');

/**
 * The `tsquery` text of `words` in venue `slug`, for a `::tsquery` cast (lexemes taken as they
 * are): `'v_late' & 'v_jaz':*`.
 */
export const tsQuery = (slug: string, words: readonly string[]): string =>
  words.map((w, i) => `'${slug}_${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
