/**
 * What the one set of listing routes (`server/routes/`) asks of a mode (docs/architecture.md
 * "One set of routes over two backends"): the listing of the venues a request names, the memo of
 * what is built from it, one event, and the answers a mode has of its own. The origin's backend is
 * its store with its render cache (`origin/store-backend.ts`); the proxy's the upstream pages it
 * gathers with its built memo (`proxy/upstream-backend.ts`). Routes never ask which it is.
 */
import type { Request, Response } from 'express';
import type { EventResource } from '../../shared/contract.js';
import type { Representation } from '../http/conditional.js';
import type { PageVenue } from '../pages/page-shell.js';
import type { ListingSource } from './source.js';

/** A request and its response, as a backend answers them. */
export interface Call {
  req: Request;
  res: Response;
}

/**
 * The venues a request names: `/t/{slug}/…` names `[slug]` (`several` false: a venue's own
 * listing), `…?venues=a,b,c` names them in that order, each once (`several` true, even for one:
 * its events name their venue, docs/api.md §10.16).
 */
export interface Named {
  slugs: readonly string[];
  several: boolean;
}

/** The listing of the venues named, as a build reads it. */
export interface Listing {
  /** The venues in the order named, as the pages describe them. */
  venues: readonly PageVenue[];
  /**
   * Their listed events: the venue's own source, or the venues' merged (docs/api.md §10.16),
   * links on `BASE_MARKER` (or the configured base), filled per request as it is sent.
   */
  source: ListingSource;
  /** Each venue's own source, in the order named (a venue's own listing: `[source]`). */
  sources: readonly ListingSource[];
  /** The instant it is read at, UTC epoch ms. */
  nowMs: number;
}

/** What a build makes of a listing. */
export interface Build {
  /** The answer's text; its events' links on the listing's base (`Listing.source.base`). */
  text: string;
  /** UTC epoch ms until which it holds (the next transition, a `DTSTAMP`'s minute), or ∞. */
  untilMs: number;
  /** Worth a memo entry: false for a page past the last (any number can be asked). */
  keep: boolean;
}

/** An answer ready to send: its bytes for the request's public base, freshness and headers. */
export interface Answer {
  representation: Representation;
  /** `Cache-Control: max-age`, seconds. */
  maxAgeSeconds: number;
  /** What the backend adds (the proxy's `X-Cache`, `Via`, `X-Filter-Truncated`). */
  headers: Readonly<Record<string, string>>;
}

/** One event found by its page slug (`/t/{slug}/events/{event-slug}`), links on the request's base. */
export interface FoundEvent {
  event: EventResource;
  venue: PageVenue;
  /** The venue-local date `YYYY-MM-DD` it is seen on (the UTC date where no zone is known). */
  today: string;
  nowMs: number;
  maxAgeSeconds: number;
  headers: Readonly<Record<string, string>>;
}

export interface Backend {
  /** The public base (no trailing slash) of `req`'s links (`server/http/public-base.ts`). */
  publicBase(req: Request): string;
  /**
   * The answer `key` (`memoKey`, server/listing/memo-key.ts) for the venues `named`: the memo's while it is valid, else
   * `build`'s of their listing, kept when it says so; with `asked` (a `locale` read by
   * `readTextLocale`, docs/api.md §10.24; the key must say it too) the listing's events in that
   * language (in proxy mode: the upstream's answers asked with it). Rejects with a 404 naming the first venue
   * not published (or not allowed), a 400 for a venue the proxy has no zone for among several,
   * an upstream 502/504, or what `build` throws.
   */
  answer(
    call: Call,
    named: Named,
    key: string,
    build: (listing: Listing) => Promise<Build>,
    asked?: string,
  ): Promise<Answer>;
  /**
   * What the routes draw from answers (`widget.html`, the per-venue script), in the same memo as
   * the answers, entry `key` (`memoKey`), and counted as every lookup of it is (the metrics'
   * memo counter): the kept drawing while `from` (what it was drawn from: the list answer's ETag,
   * …) is the same, else `draw()`'s, kept. Its links are on the request's base already.
   */
  derived(call: Call, key: string, from: string, draw: () => string): Promise<Representation>;
  /**
   * Page `page` of venue `slug`'s unfiltered list where the backend has its own answer (the
   * proxy: the platform's, byte for byte), or of its past events (`filters`, the canonical
   * `filterQuery` with `when=past`: the platform lists them, docs/api.md §10.20); undefined: the
   * routes build it with `answer`.
   */
  ownList?(
    call: Call,
    slug: string,
    page: number,
    filters?: string,
    asked?: string,
  ): Promise<Answer>;
  /**
   * The venues `named` as the pages describe them (name, zone, website, postal address), in
   * that order. Rejects with the 404 `answer` would (an unpublished or `--allow-slug`-excluded one).
   */
  venues(call: Call, named: Named): Promise<readonly PageVenue[]>;
  /**
   * `GET /t/{slug}/api/events/{id}` (docs/api.md §4.2), in the language `asked` (§10.24) when
   * given. Rejects with the 404 of an unknown one.
   */
  eventById(call: Call, slug: string, id: string, asked?: string): Promise<Answer>;
  /**
   * The event of venue `slug` whose page is `eventSlug`, in the language `asked` (§10.24) when
   * given. Rejects with a 404 when none is listed.
   */
  eventBySlug(call: Call, slug: string, eventSlug: string, asked?: string): Promise<FoundEvent>;
  /**
   * The listed event of venue `slug` whose page was `eventSlug` before it kept its id under a new
   * slug (docs/sources.md "Stable identity"), as `eventBySlug` finds it by its current one; the
   * routes answer `301` to its current page. Undefined for none (an unknown venue included).
   * Absent in proxy mode: the platform owns its event pages.
   */
  eventByEarlierSlug?(
    call: Call,
    slug: string,
    eventSlug: string,
    asked?: string,
  ): Promise<FoundEvent | undefined>;
  /** Where the event page is when this backend does not draw it (the platform's); else undefined. */
  eventPageElsewhere?(slug: string, eventSlug: string): string;
}
