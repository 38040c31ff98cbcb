/**
 * Several venues' listing (docs/api.md §10.16) at the origin, a page read with one store query
 * across the venues (`Store.listedAcross`: each listed date's UTC instant is stored at import)
 * instead of merging each venue's list (`server/listing/merged-source.ts`), which reads every
 * venue's events up to the page and places each date in its zone. What it answers is the merge's,
 * byte for byte: the same events in the same order, each naming its venue, the same `today`,
 * counts, categories, access and `untilMs`.
 */
import type { EventVenue } from '../../shared/contract.js';
import type { ListFilter } from '../../shared/rules/filters.js';
import { eventsRead, instantsOf, mergedSource, withVenue } from '../listing/merged-source.js';
import type { ListingSource, ShownEvents } from '../listing/source.js';
import type { ListedVenue, MergeFacts, VenueRecord } from '../store/store.js';
import { renderEvent, shownDateTime } from './resources.js';
import { storeSource, type StoreSourceDeps } from './store-source.js';

/**
 * Wall times placed in their zones for the merges this falls back to (a venue out of instant
 * order, `MergeFacts`): kept per process, bounded (`instantsOf`); rarely used.
 */
const fallbackInstants = instantsOf();

/**
 * The listing source of `venues` (in the order named, each once, at store `version`) seen at
 * `nowMs` (UTC epoch ms), its events' links on `base`: what
 * `mergedSource(venues.map((venue) => storeSource(deps, { venue, version }, nowMs, base)))`
 * answers, a page costing one store query, not one per venue and the events before the page.
 * A page of venues one of which lists an event at a wall time a DST change skips before another
 * in the hour after (out of instant order: rare, known per venue and day) is that merge's, as is
 * a page of past events (docs/api.md §10.20).
 */
export function storeMergedSource(
  deps: StoreSourceDeps,
  venues: readonly VenueRecord[],
  version: string,
  nowMs: number,
  base: string,
): ListingSource {
  const { store, reads, earlierShape, asked } = deps;
  const sources = venues.map((venue) => storeSource(deps, { venue, version }, nowMs, base));
  // Everything but a page is the merge's own: the venue, today, counts, categories, access.
  const merged = mergedSource(sources, fallbackInstants);
  const days = venues.map((venue) => reads.day(venue.timezone, nowMs));
  const listed: ListedVenue[] = venues.map((venue, i) => ({
    slug: venue.slug,
    today: days[i]!.today,
  }));
  const named: EventVenue[] = venues.map(({ slug, name, timezone }) => ({ slug, name, timezone }));

  /**
   * `untilMs` of the merge's window ending at `want` (offset + limit): the earliest venue's
   * midnight (`quietUntilMs`), or a sales closure before it of an event the merge reads
   * (`eventsRead`: the page, those before it, and those each venue's block reads past it). Only
   * a venue with a closure due before that midnight is read for it (`MergeFacts.closesMs`).
   */
  async function untilOf(facts: MergeFacts[], filter: ListFilter, want: number): Promise<number> {
    const quiet = merged.quietUntilMs;
    const pending = facts.map((f) => f.closesMs.some((ms) => ms > nowMs && ms < quiet));
    if (want <= 0 || !pending.includes(true)) return quiet;
    const totals = await Promise.all(sources.map((source) => source.count(filter)));
    const shares = await store.sharesAcross(listed, want - 1, filter);
    const read = eventsRead(totals, shares, want);
    const window = { afterMs: nowMs, beforeMs: quiet };
    const closes = await Promise.all(
      listed.map(({ slug, today }, i) =>
        pending[i] && read[i]! > 0
          ? store.earliestClose(slug, today, read[i]!, window, filter)
          : undefined,
      ),
    );
    return Math.min(quiet, ...closes.filter((ms) => ms !== undefined));
  }

  return {
    ...merged,
    async readShown(filter, offset, limit): Promise<ShownEvents> {
      // Past events (docs/api.md §10.20) are not in the instants' query: the merge of each
      // venue's past list, newest first, whose `untilMs` is the venues' midnight or a closure.
      if (filter.past) return merged.readShown(filter, offset, limit);
      const facts = await Promise.all(
        venues.map((venue, i) => reads.mergeFacts(venue.slug, days[i]!, version)),
      );
      if (facts.some((f) => !f.inInstantOrder)) return merged.readShown(filter, offset, limit);
      const [rows, untilMs] = await Promise.all([
        store.listedAcross(listed, offset, limit, filter),
        untilOf(facts, filter, offset + limit),
      ]);
      const items = rows.map(({ venue: i, event }) => {
        const { today } = listed[i]!;
        return {
          ...shownDateTime(event, today),
          resource: () =>
            withVenue(
              renderEvent(event, venues[i]!, base, { nowMs, today }, earlierShape, asked),
              named[i]!,
            ),
        };
      });
      return { items, untilMs };
    },
  };
}
