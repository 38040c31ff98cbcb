/**
 * A source's events applied to its venue, all or nothing (docs/sources.md "Kept in step"): each
 * event keyed by the source gets its stable identity (`sourceIdentity`) and the venue's extras for
 * its key, and the venue's whole listing is then checked as a venue file is (`checkVenueFile`) and
 * replaced in one transaction. Anything refused leaves the last good listing as it was.
 */
import { createHash } from 'node:crypto';
import transliterate from '@sindresorhus/transliterate';
import type { EventInput, VenueFile } from '../../shared/venue-file.js';
import {
  checkVenueFile,
  keepHeldSince,
  normaliseVenueFile,
  type VenueFileProblem,
} from '../import/venue-file.js';
import type { StoredVenue } from '../store/model.js';
import { IdConflictError, type Store } from '../store/store.js';
import { SourceFormatError, type SourceEvent, type SourceProblem } from './source-event.js';

/** Most characters of a page slug's title part. */
const SLUG_TITLE_LENGTH = 60;

/**
 * The event id and page slug of the source's event `key` at venue `venueSlug`: the id from a
 * hash of both (48 bits, so ids of hand-written venue files, small numbers, are not met in
 * practice; a clash is refused as any import's is), the slug the title's words and 8 hex digits
 * of the same hash. The same key keeps its id across syncs, so saved nights and calendar
 * subscriptions follow it; its slug while the title stays (docs/decisions.md "Sources").
 */
export function sourceIdentity(
  venueSlug: string,
  key: string,
  title: string,
): { id: number; slug: string } {
  const hash = createHash('sha256').update(`${venueSlug}\n${key}`).digest('hex');
  const id = Number.parseInt(hash.slice(0, 12), 16) || 1;
  const words = transliterate(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_TITLE_LENGTH)
    .replace(/^-+|-+$/g, '');
  return { id, slug: `${words || 'event'}-${hash.slice(0, 8)}` };
}

/**
 * `events` of `venue`'s source as venue-file events: identities given, the venue's extras for each
 * key laid over it (an extra for a key the source no longer has is ignored), a cancelled event
 * stamped `cancelled_at` when it was first seen cancelled (kept from the stored event after).
 */
function venueFileEvents(
  venue: StoredVenue,
  events: readonly SourceEvent[],
  now: Date,
): EventInput[] {
  const stored = new Map(venue.events.map((e) => [e.id, e]));
  const extras = venue.source?.extras ?? {};
  return events.map(({ key, event }) => {
    const identity = sourceIdentity(venue.slug, key, event.title);
    const merged: EventInput = { ...event, ...extras[key], ...identity };
    const translations = withExtraTranslations(event.translations, extras[key]?.translations);
    if (translations) merged.translations = translations;
    if (merged.status === 'cancelled') {
      const before = stored.get(identity.id);
      merged.cancelled_at =
        before?.status === 'cancelled' && before.cancelledAt !== null
          ? before.cancelledAt
          : now.toISOString();
      merged.cancellation_reason ??= '';
    }
    return merged;
  });
}

/**
 * A source's event's translations with the venue's extras' laid over them, language by language
 * and member by member (docs/api.md §10.24): a sheet's `title@de` and the extras' German
 * description make one German text.
 */
function withExtraTranslations(
  own: EventInput['translations'],
  extra: EventInput['translations'],
): EventInput['translations'] {
  if (!own || !extra) return own ?? extra;
  const merged = { ...own };
  for (const [tag, text] of Object.entries(extra)) merged[tag] = { ...merged[tag], ...text };
  return merged;
}

/** `venues[0].events[3].price.min` as the source's key: `event "uid-3": price.min`. */
function sourcePath(path: string, events: readonly SourceEvent[]): string {
  const m = /^venues\[0\]\.events\[(\d+)\]\.?(.*)$/.exec(path);
  const key = m && events[Number(m[1])]?.key;
  return key ? `event ${JSON.stringify(key)}${m[2] ? `: ${m[2]}` : ''}` : path;
}

/** The event a venue-file problem is in (`venues[0].events[3]…` → 3), or undefined. */
function eventOf(path: string): number | undefined {
  const m = /^venues\[0\]\.events\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : undefined;
}

/** What a sync wrote: the events listed, and those the venue-file rules refused, each named. */
export interface AppliedSource {
  events: number;
  skipped: SourceProblem[];
}

/**
 * `venue` as a venue file with `events` of its source, checked as one: an event the venue-file
 * rules refuse is left out and named in `skipped` (one problem each: its first, and how many
 * more), and the rest checked again; a problem outside the events refuses the whole.
 * @throws SourceFormatError for a problem outside the events
 */
function checkedVenue(
  venue: StoredVenue,
  events: readonly SourceEvent[],
  now: Date,
  skipped: SourceProblem[],
): { next: StoredVenue; kept: SourceEvent[] } {
  let kept = [...events];
  for (;;) {
    const doc: VenueFile = {
      venues: [{ ...venueRecord(venue), events: venueFileEvents(venue, kept, now) }],
    };
    const { problems, file } = checkVenueFile(doc);
    if (problems.length === 0 && file) {
      const next = normaliseVenueFile(file, now.getTime())[0]!;
      const stored = new Map(venue.events.map((e) => [e.id, e]));
      for (const event of next.events) keepHeldSince(event, stored.get(event.id));
      return { next, kept };
    }
    if (problems.some((p) => eventOf(p.path) === undefined) || problems.length === 0)
      throw new SourceFormatError(
        problems.map((p) => ({ path: sourcePath(p.path, kept), message: p.message })),
      );
    const refused = new Map<number, VenueFileProblem[]>();
    for (const p of problems) {
      const index = eventOf(p.path)!;
      refused.set(index, [...(refused.get(index) ?? []), p]);
    }
    for (const [first, ...more] of refused.values()) {
      const also = more.length > 0 ? ` (and ${more.length} more)` : '';
      skipped.push({ path: sourcePath(first!.path, kept), message: `${first!.message}${also}` });
    }
    kept = kept.filter((_, index) => !refused.has(index));
  }
}

/**
 * The venue file's record of a stored venue, without its events: every member the sync writes
 * back, so a sync keeps the venue's point on the map (docs/api.md §10.25) and its ticket link
 * parameters (§10.19) as it keeps its address.
 */
function venueRecord(venue: StoredVenue): Omit<VenueFile['venues'][number], 'events'> {
  return {
    slug: venue.slug,
    name: venue.name,
    timezone: venue.timezone,
    api_shape: venue.apiShape,
    ...(venue.language !== undefined && { language: venue.language }),
    ...(venue.url !== undefined && { url: venue.url }),
    ...(venue.address !== undefined && { address: venue.address }),
    ...(venue.geo !== undefined && { geo: venue.geo }),
    ...(venue.ticketLinkParams !== undefined && { ticket_link_params: venue.ticketLinkParams }),
  };
}

/**
 * Replaces `venue`'s listing with `events` of its source, in one transaction, keeping its record
 * and source. An event the venue-file rules refuse, or whose id another venue holds, is left out
 * and named; the others are written (docs/api.md §10.21).
 * @throws SourceFormatError for a problem outside the events; the store is then unchanged
 */
export async function applySourceEvents(
  store: Store,
  venue: StoredVenue,
  events: readonly SourceEvent[],
  now: Date,
): Promise<AppliedSource> {
  const skipped: SourceProblem[] = [];
  let { next, kept } = checkedVenue(venue, events, now, skipped);
  for (;;) {
    try {
      await store.replaceVenues([{ ...next, ...(venue.source && { source: venue.source }) }]);
      return { events: next.events.length, skipped };
    } catch (error) {
      if (!(error instanceof IdConflictError)) throw error;
      const taken = new Set(error.conflicts.map((c) => c.event));
      for (const c of error.conflicts)
        skipped.push({
          path: sourcePath(`venues[0].events[${c.event}].id`, kept),
          message: `its id ${c.id} already belongs to venue "${c.owner}"`,
        });
      ({ next, kept } = checkedVenue(
        venue,
        kept.filter((_, index) => !taken.has(index)),
        now,
        skipped,
      ));
    }
  }
}
