/**
 * The proxy's `Backend` (server/listing/backend.ts): listings built from each venue's list pages
 * gathered through the upstream cache (`list-pages.ts`, pages 1 to the last, at most
 * `maxFilterPages`, `X-Filter-Truncated` past it: the one way of gathering), several venues
 * merged by the listing engine with each venue's zone; what is built kept in the built memo
 * (`built-memo.ts`) until the earliest expiry of the upstream answers it was built from. The
 * unfiltered list of a venue and one event by id are the platform's own, passed through; the
 * event page redirects to the platform. Venues are named as the operator describes them
 * (`--venues`, `--venue-zone`), else by their slugs.
 */
import type { Request, Response } from 'express';
import { isHttpError } from 'http-errors';
import { EVENT_ID, whole } from '../../shared/contract.js';
import { FilterError } from '../../shared/rules/filters.js';
import { venueDays, venueToday } from '../../shared/rules/venue-today.js';
import { maxAgeSeconds, type Representation } from '../http/conditional.js';
import { createError, unknownEventError, unknownVenueError } from '../http/errors.js';
import { BASE_MARKER } from '../http/public-base.js';
import type { Answer, Backend, Call, Listing, Named } from '../listing/backend.js';
import { instantsOf, mergedSource } from '../listing/merged-source.js';
import { rebasedEvent } from '../listing/rebased.js';
import type { PageVenue } from '../pages/page-shell.js';
import type { BuiltMemo, Kept, Validity } from './built-memo.js';
import { gatheredSource } from './gathered-source.js';
import { gatherPages, type Gathered } from './list-pages.js';
import { maxAgeOf, type Obtained, type ProxyContext } from './obtain.js';
import { summary, type ProxyLog } from './proxy-log.js';
import { eventPath, listPath } from './query.js';
import { representationFor } from './upstream-cache.js';

export interface UpstreamBackendOptions {
  /** Venue slug → the venue as the pages describe it (`--venues`, `--venue-zone`). */
  directory: ReadonlyMap<string, PageVenue>;
  /** Only these venue slugs are served; default all. */
  allowSlugs: readonly string[] | undefined;
  /** Most list pages read per venue (≥ 1). */
  maxFilterPages: number;
  memo: BuiltMemo;
}

const EVENT_ID_VALUE = whole(EVENT_ID);
const VIA = '1.1 venue-events';

/** The pages of the venues named, gathered: what a listing is built from, and its validity. */
interface GatheredVenues {
  all: Gathered[];
  obtained: Obtained[];
  validity: Validity;
}

/** `log` of the request on `res` (its access-log line and metrics), and its `X-Cache`. */
function noted(res: Response, log: ProxyLog): Record<string, string> {
  res.locals.proxy = log;
  return { 'X-Cache': log.cache };
}

/**
 * Runs `serve` with the request's upstream logs; when it rejects, the logs so far still reach
 * the log line and `X-Cache`.
 */
async function logged<T>(res: Response, serve: (logs: ProxyLog[]) => Promise<T>): Promise<T> {
  const logs: ProxyLog[] = [];
  try {
    return await serve(logs);
  } catch (error) {
    if (logs.length > 0 && !res.headersSent) res.set(noted(res, summary(logs)));
    throw error;
  }
}

/** What one gathering reads: for a request, the venues it names, on `day`, in a language. */
interface Gathering {
  req: Request;
  named: Named;
  venues: PageVenue[];
  logs: ProxyLog[];
  /** The venues' todays, joined: what the memo's validity reads. */
  day: string;
  /** The language asked for the venues' text (docs/api.md §10.24), passed on as `locale`. */
  asked: string | undefined;
}

/**
 * The pages of `venues` (concurrently, each `gatherPages`' bound), their logs on `logs`.
 * @throws a 404 naming a venue the platform does not have; a 400 naming one without a zone
 *   among several (after the pages: an unknown venue is its 404 first)
 */
async function gather(
  context: ProxyContext,
  maxFilterPages: number,
  { req, named, venues, logs, day, asked }: Gathering,
) {
  const all = await Promise.all(
    venues.map((venue) =>
      gatherPages(context.obtain, req, venue.slug, maxFilterPages, logs, asked).catch(
        (error: unknown) => {
          if (isHttpError(error) && error.status === 404) {
            throw unknownVenueError(venue.slug);
          }
          throw error;
        },
      ),
    ),
  );
  const zoneless = named.several ? venues.find((venue) => venue.timezone === undefined) : undefined;
  if (zoneless) {
    throw new FilterError(
      'venues',
      `Venue "${zoneless.slug}" has no time zone here: the operator sets it with --venue-zone ${zoneless.slug}=Area/City.`,
    );
  }
  const dropped = all.reduce((sum, g) => sum + g.dropped, 0);
  if (dropped > 0 && logs[0]) logs[0].dropped = dropped;
  const obtained = all.flatMap((g) => g.obtained);
  const truncated = all.filter((g) => g.truncated);
  const stale = obtained.some((o) => o.cache === 'STALE');
  const validity: Validity = {
    version: all.map((g) => g.version).join(';'),
    day,
    freshUntilMs: stale ? 0 : Math.min(...obtained.map((o) => o.entry.freshUntil)),
    headers: truncated.length
      ? { 'X-Filter-Truncated': String(Math.max(...truncated.map((g) => g.pagesRead))) }
      : {},
  };
  return { all, obtained, validity } satisfies GatheredVenues;
}

/** The upstream answer at `path`, as the platform sent it but for its links. */
async function passThrough(
  { obtain, publicBase }: ProxyContext,
  { req, res }: Call,
  path: string,
): Promise<Answer> {
  return logged(res, async (logs) => {
    const obtained = await obtain(req, path, logs);
    const representation = representationFor(obtained.entry, publicBase(req));
    const headers = { ...noted(res, summary(logs)), Via: VIA };
    return { representation, maxAgeSeconds: maxAgeOf([obtained], obtained.at), headers };
  });
}

/** `kept` for `req`'s public base, fresh as its answers, with `headers`. */
function answerOf(
  publicBase: (req: Request) => string,
  req: Request,
  kept: Kept,
  nowMs: number,
  headers: Record<string, string>,
): Answer {
  const representation: Representation = kept.on(publicBase(req));
  const maxAge = maxAgeSeconds(kept.freshUntilMs, nowMs);
  return {
    representation,
    maxAgeSeconds: maxAge,
    headers: { ...kept.validity.headers, ...headers },
  };
}

/** The proxy's backend over `context` (the way to upstream answers). Throws nothing itself. */
export function upstreamBackend(context: ProxyContext, options: UpstreamBackendOptions): Backend {
  const { publicBase, clock, upstreamBase } = context;
  const { directory, allowSlugs, maxFilterPages, memo } = options;
  const instants = instantsOf();
  const days = venueDays();
  const todayOf = (venue: PageVenue, nowMs: number) => venueToday(venue, nowMs, days);

  /**
   * The venue `slug` as the pages describe it.
   * @throws a 404 for a venue `--allow-slug` leaves out
   */
  function venueOf(slug: string): PageVenue {
    if (allowSlugs && !allowSlugs.includes(slug)) {
      throw unknownVenueError(slug);
    }
    return directory.get(slug) ?? { slug, name: slug };
  }

  /** The listing of `venues` from their gathered pages, at `nowMs`. */
  function listingOf(
    named: Named,
    venues: PageVenue[],
    todays: string[],
    all: Gathered[],
    nowMs: number,
  ): Listing {
    const sources = all.map((gathered, i) => gatheredSource(gathered, venues[i]!, todays[i]!));
    const source = named.several ? mergedSource(sources, instants) : sources[0]!;
    return { venues, sources, source, nowMs };
  }

  return {
    publicBase,
    venues: async (_call, named) => named.slugs.map(venueOf),
    async answer({ req, res }, named, key, build, asked) {
      const venues = named.slugs.map(venueOf);
      const nowMs = clock().getTime();
      const todays = venues.map((venue) => todayOf(venue, nowMs));
      const day = todays.join(',');
      const fresh = memo.fresh(key, day, nowMs);
      if (fresh) return answerOf(publicBase, req, fresh, nowMs, noted(res, { cache: 'HIT' }));
      return logged(res, async (logs) => {
        const gathering = { req, named, venues, logs, day, asked };
        const { all, validity } = await gather(context, maxFilterPages, gathering);
        let kept = memo.same(key, validity, nowMs);
        if (!kept) {
          const built = await build(listingOf(named, venues, todays, all, nowMs));
          kept = memo.keep(key, built.text, validity, built.untilMs, built.keep);
        }
        return answerOf(publicBase, req, kept, nowMs, noted(res, summary(logs)));
      });
    },

    // A drawing holds while what it was drawn from does: no upstream answer is looked up for it.
    derived: async ({ req }, key, from, draw) => memo.derived(key, from, draw).on(publicBase(req)),

    ownList(call, slug, page, filters, asked) {
      venueOf(slug);
      return passThrough(context, call, listPath(slug, page, filters, asked));
    },

    eventById(call, slug, id, asked) {
      venueOf(slug);
      if (!EVENT_ID_VALUE.test(id)) throw unknownEventError(slug, id);
      return passThrough(context, call, eventPath(slug, id, asked));
    },

    async eventBySlug({ req, res }, slug, eventSlug, asked) {
      const venue = venueOf(slug);
      return logged(res, async (logs) => {
        const nowMs = clock().getTime();
        const today = todayOf(venue, nowMs);
        const named = { slugs: [slug], several: false };
        const gathering = { req, named, venues: [venue], logs, day: today, asked };
        const { all, obtained } = await gather(context, maxFilterPages, gathering);
        const found = all[0]!.events.find((e) => e.attributes.slug === eventSlug);
        if (!found) throw createError(404, `Venue "${slug}" lists no event "${eventSlug}".`);
        const event = rebasedEvent(found, BASE_MARKER, publicBase(req));
        const headers = noted(res, summary(logs));
        return { event, venue, today, nowMs, maxAgeSeconds: maxAgeOf(obtained, nowMs), headers };
      });
    },

    eventPageElsewhere: (slug, eventSlug) => `${upstreamBase}/t/${slug}/events/${eventSlug}`,
  };
}
