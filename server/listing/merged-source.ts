/**
 * Several venues as one listing (docs/api.md §10.16): a `ListingSource` over the venues' own
 * sources, their events merged by the instant of the date each shows (its `event_date` +
 * `event_time`, a tour's next stop, in its own venue's IANA zone), each venue's own order kept,
 * equal instants in the order the venues were named. Each event gains `attributes.venue`.
 * "Today or later" stays each venue's today: each source lists from its own.
 */
import { PER_PAGE, type EventResource, type EventVenue } from '../../shared/contract.js';
import { accessDocument } from '../../shared/rules/access.js';
import { categoriesDocument } from '../../shared/rules/categories.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import { venueDateTime } from '../../shared/rules/zoned-time.js';
import type { ListedEvents, ListingSource } from './source.js';

/** One venue's place in a merge: its source, and what has been read of it. */
interface Cursor {
  source: ListingSource;
  venue: EventVenue;
  total: number;
  /** Read but not yet taken, each with the instant (UTC ms) it shows. */
  items: { event: EventResource; atMs: number }[];
  head: number;
  /** How many of its events have been read. */
  read: number;
}

/** `event` naming `venue` (docs/api.md §10.16), its other members as they were. */
const withVenue = (event: EventResource, venue: EventVenue): EventResource =>
  ({ ...event, attributes: { ...event.attributes, venue } }) as EventResource;

/** UTC ms of the date `event` shows, in IANA zone `zone`. */
const shownAtMs = (event: EventResource, zone: string): number =>
  venueDateTime(
    event.attributes.event_date.slice(0, 10),
    event.attributes.event_time,
    zone,
  ).toMillis();

/** The cursor whose next event comes first (the earlier-named venue on a tie), if any. */
function earliest(cursors: readonly Cursor[]): Cursor | undefined {
  let best: Cursor | undefined;
  for (const cursor of cursors) {
    const head = cursor.items[cursor.head];
    if (head && (!best || head.atMs < best.items[best.head]!.atMs)) best = cursor;
  }
  return best;
}

/**
 * Events `offset` to `offset + limit - 1` of the merge of `sources` passing `filter`. Each venue
 * is read in blocks as the merge reaches it (all at once, concurrently), so a page costs about its
 * own events and those before it, not every venue's whole list.
 */
async function mergedRead(
  cursors: Cursor[],
  filter: ListFilter,
  offset: number,
  limit: number,
): Promise<ListedEvents> {
  const want = offset + limit;
  const block = Math.max(PER_PAGE, Math.ceil(want / cursors.length));
  let untilMs = Math.min(...cursors.map((c) => c.source.quietUntilMs));
  const refill = async (cursor: Cursor) => {
    const count = Math.min(block, cursor.total - cursor.read);
    const got = await cursor.source.read(filter, cursor.read, count);
    const zone = cursor.venue.timezone;
    cursor.items = got.events.map((event) => ({ event, atMs: shownAtMs(event, zone) }));
    cursor.head = 0;
    cursor.read += got.events.length;
    // A source that returns fewer than it counted is done (its list changed between reads).
    if (got.events.length < count) cursor.total = cursor.read;
    untilMs = Math.min(untilMs, got.untilMs);
  };
  const events: EventResource[] = [];
  for (let seen = 0; seen < want; seen++) {
    const empty = cursors.filter((c) => c.head >= c.items.length && c.read < c.total);
    await Promise.all(empty.map(refill));
    const next = earliest(cursors);
    if (!next) break;
    const { event } = next.items[next.head++]!;
    if (seen >= offset) events.push(withVenue(event, next.venue));
  }
  return { events, untilMs };
}

/**
 * The listing source of `sources` (each a venue's, every one with its IANA zone), as one. Its
 * `venue` names them all (slugs joined with `,`, names with `, `); its `today` is the earliest of
 * theirs; its links' base is the first source's (all are made with one base).
 */
export function mergedSource(sources: readonly ListingSource[]): ListingSource {
  const venues: EventVenue[] = sources.map(({ venue }) => ({
    slug: venue.slug,
    name: venue.name,
    timezone: venue.timezone!,
  }));
  const cursorsFor = async (filter: ListFilter): Promise<Cursor[]> => {
    const totals = await Promise.all(sources.map((source) => source.count(filter)));
    return sources.map((source, i) => ({
      source,
      venue: venues[i]!,
      total: totals[i]!,
      items: [],
      head: 0,
      read: 0,
    }));
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
    read: async (filter, offset, limit) =>
      mergedRead(await cursorsFor(filter), filter, offset, limit),
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
