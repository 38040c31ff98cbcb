/**
 * A source's events applied to its venue, all or nothing (docs/sources.md "Kept in step"): each
 * event keyed by the source gets its stable identity (`sourceIdentity`) and the venue's extras for
 * its key, and the venue's whole listing is then checked as a venue file is (`checkVenueFile`) and
 * replaced in one transaction. Anything refused leaves the last good listing as it was.
 */
import { createHash } from 'node:crypto';
import transliterate from '@sindresorhus/transliterate';
import type { EventInput, VenueFile } from '../../shared/venue-file.js';
import { checkVenueFile, normaliseVenueFile } from '../import/venue-file.js';
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

/** `venues[0].events[3].price.min` as the source's key: `event "uid-3": price.min`. */
function sourcePath(path: string, events: readonly SourceEvent[]): string {
  const m = /^venues\[0\]\.events\[(\d+)\]\.?(.*)$/.exec(path);
  const key = m && events[Number(m[1])]?.key;
  return key ? `event ${JSON.stringify(key)}${m[2] ? `: ${m[2]}` : ''}` : path;
}

/**
 * Replaces `venue`'s listing with `events` of its source, in one transaction, keeping its record
 * and source. Resolves with the number of events written.
 * @throws SourceFormatError naming each event (by its source key) the venue-file rules refuse, or
 *   an id another venue holds; the store is then unchanged
 */
export async function applySourceEvents(
  store: Store,
  venue: StoredVenue,
  events: readonly SourceEvent[],
  now: Date,
): Promise<number> {
  const doc: VenueFile = {
    venues: [
      {
        slug: venue.slug,
        name: venue.name,
        timezone: venue.timezone,
        api_shape: venue.apiShape,
        ...(venue.url !== undefined && { url: venue.url }),
        ...(venue.address !== undefined && { address: venue.address }),
        events: venueFileEvents(venue, events, now),
      },
    ],
  };
  const checked = checkVenueFile(doc);
  if (checked.problems.length > 0 || !checked.file) {
    throw new SourceFormatError(
      checked.problems.map((p): SourceProblem => ({
        path: sourcePath(p.path, events),
        message: p.message,
      })),
    );
  }
  const [next] = normaliseVenueFile(checked.file);
  try {
    await store.replaceVenues([{ ...next!, ...(venue.source && { source: venue.source }) }]);
  } catch (error) {
    if (!(error instanceof IdConflictError)) throw error;
    throw new SourceFormatError(
      error.conflicts.map((c) => ({
        path: sourcePath(`venues[0].events[${c.event}].id`, events),
        message: `its id ${c.id} already belongs to venue "${c.owner}"`,
      })),
    );
  }
  return next!.events.length;
}
