/**
 * The origin's `Backend` (server/listing/backend.ts): listings read from the store at its
 * current version (`store-source.ts`; several venues in one query, `merged-store-source.ts`), every answer
 * memoised in the render cache until the store changes or its next transition (a venue's
 * midnight, a pending `closes_at`), its links on `BASE_MARKER` filled with each request's public
 * base as it is sent (or on the configured base).
 */
import type { Request } from 'express';
import { EVENT_ID, SLUG, whole } from '../../shared/contract.js';
import { forBase, maxAgeSeconds } from '../http/conditional.js';
import { createError, unknownEventError, unknownVenueError } from '../http/errors.js';
import { BASE_MARKER, onBase, publicBaseOf } from '../http/public-base.js';
import type { Answer, Backend, FoundEvent, Listing, Named } from '../listing/backend.js';
import { memoKey } from '../listing/memo-key.js';
import { PARAM } from '../../shared/queries.js';
import { lastDate } from '../store/filter-index.js';
import { keptSince } from '../store/listing.js';
import { listedUntil } from '../../shared/rules/postponed.js';
import type { Store, StoredEvent, VenueRecord } from '../store/store.js';
import type { RenderCache, Rendered } from './render-cache.js';
import { storeMergedSource } from './merged-store-source.js';
import { nextTransition, renderEvent } from './resources.js';
import type { StoreReads } from './store-reads.js';
import { storeSource } from './store-source.js';

export interface StoreBackendOptions {
  store: Store;
  reads: StoreReads;
  cache: RenderCache;
  /** Current instant. */
  clock: () => Date;
  /** Public base URL of links (no trailing slash); undefined: each request's own. */
  baseUrl: string | undefined;
  /** Serve the earlier shape (docs/api.md §9) for every venue. */
  earlierShape: boolean;
}

const EVENT_ID_VALUE = whole(EVENT_ID);
const EVENT_SLUG = whole(SLUG);
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The records of the venues `slugs` at store `version`, in that order.
 * @throws a 404 naming the first one not published
 */
async function venuesAt(
  reads: StoreReads,
  slugs: readonly string[],
  version: string,
): Promise<VenueRecord[]> {
  const found = await Promise.all(slugs.map((slug) => reads.venue(slug, version)));
  const missing = slugs.find((_, i) => found[i] === undefined);
  if (missing !== undefined) {
    throw unknownVenueError(missing);
  }
  return found as VenueRecord[];
}
/**
 * `Backend.derived` over the render cache: a drawing holds while what it was drawn from does
 * (`from`, its entry's version), whatever the store's version: it is made of answers that are
 * themselves the store's, at that version.
 */
const derivedIn =
  (cache: RenderCache, clock: () => Date): Backend['derived'] =>
  async (_call, key, from, draw) => {
    const render = async () => ({ body: draw(), untilMs: Infinity });
    return (await cache.get(key, from, clock().getTime(), render))!;
  };

/**
 * `event` unless it is a past event older than the store keeps (`--keep-past-days`, docs/api.md
 * §10.20) on venue-local `today`: a postponed one never is.
 */
const kept = (
  store: Store,
  event: StoredEvent | undefined,
  today: string,
): StoredEvent | undefined =>
  event &&
  listedUntil(lastDate(event), event.scheduleStatus) >= keptSince(today, store.keepPastDays)
    ? event
    : undefined;

/**
 * `event` of `venue` as its page shows it now, its links on `base`; undefined for none, or one
 * the store no longer keeps (`kept`).
 */
function foundEvent(
  options: StoreBackendOptions,
  venue: VenueRecord,
  event: StoredEvent | undefined,
  base: string,
  asked?: string,
): FoundEvent | undefined {
  const { store, reads, clock, earlierShape } = options;
  const nowMs = clock().getTime();
  const day = reads.day(venue.timezone, nowMs);
  const stored = kept(store, event, day.today);
  if (!stored) return undefined;
  const moment = { nowMs, today: day.today };
  const resource = renderEvent(stored, venue, base, moment, earlierShape, asked);
  const untilMs = nextTransition([stored], day.endMs, nowMs);
  return {
    event: resource,
    venue,
    today: day.today,
    nowMs,
    maxAgeSeconds: maxAgeSeconds(untilMs, nowMs),
    headers: NO_HEADERS,
  };
}

/**
 * A single-event document (spec §4.2) of resource `data`, its venue's ticket link parameters in a
 * `meta` of its own when it has them (docs/api.md §10.19): without them the interface's, byte for
 * byte.
 */
const singleText = (data: unknown, params: VenueRecord['ticketLinkParams']): string =>
  JSON.stringify({ data, ...(params && { meta: { ticket_link_params: params } }) });

/** The store's backend. Its answers reject with the store's errors (a 503 while it is away). */
export function storeBackend(options: StoreBackendOptions): Backend {
  const { store, reads, cache, clock, earlierShape } = options;
  const renderBase = options.baseUrl ?? BASE_MARKER;
  const publicBase = publicBaseOf(options.baseUrl);
  const deps = { store, reads, earlierShape };

  /** `rendered` for `req`'s base, fresh until its next transition as seen at `nowMs`. */
  function answerOf(req: Request, rendered: Rendered, nowMs: number): Answer {
    const base = publicBase(req);
    const representation =
      options.baseUrl !== undefined
        ? rendered
        : forBase(rendered, base, () => Buffer.from(onBase(rendered.text, base)));
    return {
      representation,
      maxAgeSeconds: maxAgeSeconds(rendered.untilMs, nowMs),
      headers: NO_HEADERS,
    };
  }

  async function listingOf(
    named: Named,
    version: string,
    nowMs: number,
    asked: string | undefined,
  ): Promise<Listing> {
    const venues = await venuesAt(reads, named.slugs, version);
    const inLanguage = asked === undefined ? deps : { ...deps, asked };
    const sources = venues.map((venue) =>
      storeSource(inLanguage, { venue, version }, nowMs, renderBase),
    );
    const source = named.several
      ? storeMergedSource(inLanguage, venues, version, nowMs, renderBase)
      : sources[0]!;
    return { venues, sources, source, nowMs };
  }

  return {
    publicBase,
    async answer({ req }, named, key, build, asked) {
      const version = store.version();
      const nowMs = clock().getTime();
      // The venues are read on a miss only: an answer kept at this store version was made of
      // published venues, and a venue's removal changes the version.
      const rendered = (await cache.get(key, version, nowMs, async () => {
        const built = await build(await listingOf(named, version, nowMs, asked));
        return { body: built.text, untilMs: built.untilMs, keep: built.keep };
      }))!;
      return answerOf(req, rendered, nowMs);
    },

    derived: derivedIn(cache, clock),

    venues: (_call, named) => venuesAt(reads, named.slugs, store.version()),

    async eventById({ req }, slug, raw, asked) {
      const version = store.version();
      const [venue] = await venuesAt(reads, [slug], version);
      const missing = () => unknownEventError(slug, raw);
      const id = EVENT_ID_VALUE.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(id)) throw missing();
      const nowMs = clock().getTime();
      const rendered = await cache.get(
        memoKey('event', { slugs: [slug], several: false }, { id, [PARAM.locale]: asked }),
        version,
        nowMs,
        async () => {
          const day = reads.day(venue!.timezone, nowMs);
          const event = kept(store, await store.event(slug, id), day.today);
          if (!event) return undefined;
          const moment = { nowMs, today: day.today };
          const data = renderEvent(event, venue!, renderBase, moment, earlierShape, asked);
          return {
            untilMs: nextTransition([event], day.endMs, nowMs),
            body: singleText(data, venue!.ticketLinkParams),
          };
        },
      );
      if (!rendered) throw missing();
      return answerOf(req, rendered, nowMs);
    },

    async eventBySlug({ req }, slug, raw, asked) {
      const [venue] = await venuesAt(reads, [slug], store.version());
      const stored = EVENT_SLUG.test(raw) ? await store.eventBySlug(slug, raw) : undefined;
      const found = foundEvent(options, venue!, stored, publicBase(req), asked);
      if (!found) throw createError(404, `Venue "${slug}" has no public event page here.`);
      return found;
    },

    // Asked after `eventBySlug`'s 404 only: an unknown venue is that 404's, so undefined here.
    async eventByEarlierSlug({ req }, slug, raw, asked) {
      const venue = await reads.venue(slug, store.version());
      if (!venue || !EVENT_SLUG.test(raw)) return undefined;
      const earlier = await store.eventByEarlierSlug(slug, raw);
      return foundEvent(options, venue, earlier, publicBase(req), asked);
    },
  };
}
