/**
 * Several venues as one listing (docs/api.md §10.16): a `ListingSource` over the venues' own
 * sources, their events merged by the instant of the date each shows (its `event_date` +
 * `event_time`, a tour's next stop, in its own venue's IANA zone), each venue's own order kept,
 * equal instants in the order the venues were named. Each event gains `attributes.venue`.
 * "Today or later" stays each venue's today: each source lists from its own. Past events
 * (`when=past`, §10.20) merge the same way, latest instant first.
 */
import { LRUCache } from 'lru-cache';
import type { EventResource, EventVenue } from '../../shared/contract.js';
import { accessDocument } from '../../shared/rules/access.js';
import { categoriesDocument } from '../../shared/rules/categories.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import { venueDateTime } from '../../shared/rules/zoned-time.js';
import type { ListingSource, ShownEvent, ShownEvents } from './source.js';

/** UTC ms of a venue-local date (`YYYY-MM-DD`) and time (`HH:MM:SS`) in IANA zone `zone`. */
export type InstantOf = (zone: string, date: string, time: string) => number;

/** `InstantOf` computed each time (luxon: tens of µs a call). */
const computedInstant: InstantOf = (zone, date, time) => venueDateTime(date, time, zone).toMillis();

/**
 * `InstantOf` kept per app: placing a wall time in a zone is most of a merge's cost, the same few
 * thousand dates come back on every request, and the answer never changes. A few dozen bytes an
 * entry, bounded.
 */
export function instantsOf(): InstantOf {
  const kept = new LRUCache<string, number>({ max: 50_000 });
  return (zone, date, time) => {
    const key = `${zone}|${date}|${time}`;
    let ms = kept.get(key);
    if (ms === undefined) kept.set(key, (ms = computedInstant(zone, date, time)));
    return ms;
  };
}

/** Fewest events read from a venue at a time. */
const MIN_BLOCK = 4;

/**
 * How many events `mergedRead` reads of each venue at a time, for a window ending at `want`
 * (offset + limit) over `venues` venues: a venue's fair share of the page and a little more (most
 * pages take a few events from each venue, and a venue that gives more is read again).
 */
const blockOf = (want: number, venues: number): number =>
  Math.max(MIN_BLOCK, Math.ceil(want / venues) + 2);

/**
 * How many events of each venue a merge reads (`mergedRead`) for a window ending at `want`:
 * what its answer's `untilMs` covers, for a source that merges otherwise
 * (`server/origin/merged-store-source.ts`). `totals`: each venue's events passing the filter;
 * `shares`: how many of each venue's are among the first `want - 1` of the merge. A venue is read
 * a block at a time, again whenever the merge has taken all it read and wants more.
 */
export function eventsRead(
  totals: readonly number[],
  shares: readonly number[],
  want: number,
): number[] {
  if (want <= 0) return totals.map(() => 0);
  // Fewer than the window in all: the merge runs out, having read every venue to its end.
  if (totals.reduce((a, b) => a + b, 0) < want) return [...totals];
  const block = blockOf(want, totals.length);
  return totals.map((total, i) => Math.min(total, block * (Math.floor(shares[i]! / block) + 1)));
}

/** One venue's place in a merge: its source, and what has been read of it. */
interface Cursor {
  source: ListingSource;
  venue: EventVenue;
  total: number;
  /** Read but not yet taken, each with the instant (UTC ms) it shows. */
  items: { shown: ShownEvent; atMs: number }[];
  head: number;
  /** How many of its events have been read. */
  read: number;
}

/** `event` naming `venue` (docs/api.md §10.16), its other members as they were. */
export const withVenue = (event: EventResource, venue: EventVenue): EventResource =>
  ({ ...event, attributes: { ...event.attributes, venue } }) as EventResource;

/**
 * The cursor whose next event comes first (the earlier-named venue on a tie), if any: the
 * earliest instant, or with `newestFirst` (past events, docs/api.md §10.20) the latest.
 */
function nextOf(cursors: readonly Cursor[], newestFirst: boolean): Cursor | undefined {
  let best: Cursor | undefined;
  for (const cursor of cursors) {
    const head = cursor.items[cursor.head];
    if (!head) continue;
    const bestMs = best?.items[best.head]!.atMs;
    if (bestMs === undefined || (newestFirst ? head.atMs > bestMs : head.atMs < bestMs)) {
      best = cursor;
    }
  }
  return best;
}

/**
 * Events `offset` to `offset + limit - 1` of the merge of the cursors' sources passing `filter`,
 * each rendered only if kept. Each venue is read in blocks as the merge reaches it (concurrently),
 * so a page costs about its own events and those before it, not every venue's whole list. Past
 * events (`filter.past`, docs/api.md §10.20) come newest first, as each venue lists them.
 */
async function mergedRead(
  cursors: Cursor[],
  filter: ListFilter,
  window: { offset: number; limit: number },
  instantOf: InstantOf,
): Promise<ShownEvents & { venues: EventVenue[] }> {
  const want = window.offset + window.limit;
  const block = blockOf(want, cursors.length);
  let untilMs = Math.min(...cursors.map((c) => c.source.quietUntilMs));
  const refill = async (cursor: Cursor) => {
    const count = Math.min(block, cursor.total - cursor.read);
    const got = await cursor.source.readShown(filter, cursor.read, count);
    const zone = cursor.venue.timezone;
    cursor.items = got.items.map((shown) => ({
      shown,
      atMs: instantOf(zone, shown.date, shown.time),
    }));
    cursor.head = 0;
    cursor.read += got.items.length;
    // A source that returns fewer than it counted is done (its list changed between reads).
    if (got.items.length < count) cursor.total = cursor.read;
    untilMs = Math.min(untilMs, got.untilMs);
  };
  const items: ShownEvent[] = [];
  const venues: EventVenue[] = [];
  for (let seen = 0; seen < want; seen++) {
    const empty = cursors.filter((c) => c.head >= c.items.length && c.read < c.total);
    await Promise.all(empty.map(refill));
    const next = nextOf(cursors, filter.past === true);
    if (!next) break;
    const { shown } = next.items[next.head++]!;
    if (seen < window.offset) continue;
    items.push(shown);
    venues.push(next.venue);
  }
  return { items, venues, untilMs };
}

/**
 * The listing source of `sources` (each a venue's, every one with its IANA zone), as one. Its
 * `venue` names them all (slugs joined with `,`, names with `, `); its `today` is the earliest of
 * theirs; its links' base is the first source's (all are made with one base). `instantOf` places
 * the dates (default: computed each time; an app passes its `instantsOf()`).
 */
export function mergedSource(
  sources: readonly ListingSource[],
  instantOf: InstantOf = computedInstant,
): ListingSource {
  const venues: EventVenue[] = sources.map(({ venue }) => ({
    slug: venue.slug,
    name: venue.name,
    timezone: venue.timezone!,
  }));
  const merge = async (filter: ListFilter, offset: number, limit: number) => {
    const totals = await Promise.all(sources.map((source) => source.count(filter)));
    const cursors = sources.map((source, i) => ({
      source,
      venue: venues[i]!,
      total: totals[i]!,
      items: [],
      head: 0,
      read: 0,
    }));
    return mergedRead(cursors, filter, { offset, limit }, instantOf);
  };
  return {
    venue: {
      slug: venues.map((v) => v.slug).join(','),
      name: venues.map((v) => v.name).join(', '),
    },
    today: sources.map((s) => s.today).reduce((a, b) => (b < a ? b : a)),
    base: sources[0]!.base,
    quietUntilMs: Math.min(...sources.map((s) => s.quietUntilMs)),
    async count(filter) {
      const totals = await Promise.all(sources.map((source) => source.count(filter)));
      return totals.reduce((a, b) => a + b, 0);
    },
    async readShown(filter, offset, limit) {
      const { items, venues: of, untilMs } = await merge(filter, offset, limit);
      const named = items.map((item, i) => ({
        ...item,
        resource: () => withVenue(item.resource(), of[i]!),
      }));
      return { items: named, untilMs };
    },
    async categories() {
      const each = await Promise.all(sources.map((s) => s.categories()));
      return categoriesDocument(each.flat()).data.map((category) => category.attributes);
    },
    async access() {
      const each = await Promise.all(sources.map((s) => s.access()));
      return accessDocument(each.flat()).data.map(({ id, attributes }) => ({
        id,
        count: attributes.count,
      }));
    },
  };
}
