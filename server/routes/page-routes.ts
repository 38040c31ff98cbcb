/**
 * The pages of a venue and of several (docs/api.md §10.5, §10.6, §10.16), once for both modes:
 *
 * - `GET /t/{slug}/events[?…]` and `/events?venues=a,b,c[&…]`: the listing page with its filters,
 *   12 a page, or `?view=calendar[&month=YYYY-MM]` its month view; a bad filter or month value:
 *   the page again with the message by the field, as a 400;
 * - `GET /t/{slug}/events/past[?…]` and `/events/past?venues=a,b,c[&…]`: the past page
 *   (docs/api.md §10.20), the events of `when=past` newest first with the same filters and pages
 *   (no month view);
 * - `GET /t/{slug}/events.ics[?categories=…&ids=…]` and `/events.ics?venues=…`: the calendar file
 *   (with `ids`, those saved events only, a download); a bad value: the API's JSON 400;
 * - `GET /t/{slug}/events/{event-slug}`: the event page (the platform's, redirected, in proxy
 *   mode), its `.ics`, and `…/calendar/{google|outlook}[?date=…]`, a 302 to the service; each a
 *   301 to the current slug's from an earlier slug of the event (docs/sources.md "Stable
 *   identity").
 *
 * Listing pages and calendar files are the backend's memo entries, keyed by the request's public
 * base (their links cannot be filled in afterwards: iCalendar folds lines), built from the
 * listing's events on that base (`rebasedSource`). HEAD works on each; other methods get the 405.
 *
 * Each speaks the request's language (docs/api.md §10.5, §10.6): `?locale=`, else the best of
 * `Accept-Language`, else English (`chooseLanguage`). So every answer here carries
 * `Vary: Accept-Language`, and the memo keys the language chosen: a German visitor never gets the
 * English page kept for the same URL, nor the reverse.
 */
import { ListingQuery, PARAM, parameterNames } from '../../shared/queries.js';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { isHttpError } from 'http-errors';
import {
  CALENDAR_SERVICES,
  readFeedIds,
  readLinkDate,
  type CalendarService,
} from '../../shared/rules/calendar-links.js';
import { FilterError, filterParams, parseListFilter } from '../../shared/rules/filters.js';
import { parsePage } from '../../shared/rules/pagination.js';
import { entityTag } from '../http/conditional.js';
import { createError, methodNotAllowed } from '../http/errors.js';
import type { Backend, FoundEvent, Listing, Named } from '../listing/backend.js';
import { memoKey } from '../listing/memo-key.js';
import { calendarFeed } from '../listing/feeds.js';
import { listingView } from '../listing/listing-view.js';
import { rebasedSource } from '../listing/rebased.js';
import {
  calendarFile,
  calendarLinkOf,
  calendarStamp,
  savedFeedDisposition,
} from '../pages/calendar.js';
import { eventPage, reminderOf } from '../pages/event-page.js';
import { reminderGoogleUrl, reminderIcs } from '../../shared/rules/reminder.js';
import { chooseLanguage, ENGLISH, type PageLang } from '../pages/i18n/index.js';
import { pastListing, venueListing, venuesListing } from '../pages/listing-place.js';
import { readListingQuery } from '../pages/page-query.js';
import { eventPath, PAGE_CSP, type PageVenue } from '../pages/page-shell.js';
import { HTML_TYPE } from '../pages/send-page.js';
import { BadQueryPage, sendAnswer, sendBadQuery, venueNamed, venuesNamed } from './common.js';
import { ROUTE_PATHS as PATHS } from './paths.js';

const HTML = { 'Content-Security-Policy': PAGE_CSP };
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** What the listing page reads besides `page` (docs/api.md §10.5, §10.12, §10.15). */
const LISTING_PARAMETERS = parameterNames(ListingQuery).filter((name) => name !== PARAM.page);

/**
 * The listing page's parameters as given (read in the build, against the venue's today): the
 * memo key's query. Others are not read, so not keyed.
 */
const listingParams = (query: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(LISTING_PARAMETERS.map((name) => [name, query[name]]));

/** The listing's place (docs/api.md §10.16): a venue's own, or several venues', in `lang`. */
const placeOf = (named: Named, venues: readonly PageVenue[], lang: PageLang) =>
  named.several ? venuesListing(venues, lang) : venueListing(venues[0]!, lang);

/**
 * The language of the page or calendar file `req` asks for (docs/api.md §10.5, §10.6): its
 * `?locale=`, else the best of its `Accept-Language` (Express's own negotiation, q-values and a
 * region's language included), else English. Marks `res` `Vary: Accept-Language` whatever
 * decided: a `?locale=` it cannot read leaves the choice to the header, and one rule for every
 * page is simpler for caches than a rule per request.
 */
function languageOf(req: Request, res: Response): PageLang {
  res.vary('Accept-Language');
  return chooseLanguage(req.query[PARAM.locale], (offered) => req.acceptsLanguages(...offered));
}

/**
 * The memo key's parameters of `lang` (docs/architecture.md "Memo keys"): `locale` the language a
 * `?locale=` chose (its links carry it), else `accept-language` the one the header chose; neither
 * for English by default, so those keys are what they were before there were languages. Two
 * requests share an entry exactly when their pages are the same bytes.
 */
const languageKey = (lang: PageLang) => ({
  [PARAM.locale]: lang.carry ? lang.tag : undefined,
  'accept-language': lang.carry || lang.tag === ENGLISH.tag ? undefined : lang.tag,
});

/** The minute after `nowMs`: a calendar file's `DTSTAMP` is its minute's. */
const nextMinute = (nowMs: number) => nowMs - (nowMs % 60_000) + 60_000;

/**
 * What the past page (docs/api.md §10.20) reads of its query: the list view's filters (never the
 * month view: it has none), and its memo key's query, `when=past` beside them.
 */
const pastParams = (query: Record<string, unknown>): Record<string, unknown> => ({
  ...listingParams(query),
  [PARAM.view]: undefined,
  [PARAM.month]: undefined,
  [PARAM.when]: 'past',
});

/**
 * Where the past page of `venues` is when `backend` does not draw it, else undefined. Only the
 * platform knows its past events in proxy mode (docs/api.md §10.20; the list API forwards
 * `when=past` to it, `listAnswer`): its own past page, with the query asked, as its event pages
 * are the platform's (`eventPageElsewhere`).
 * @throws FilterError (400, `when`) for several venues there, as the list API
 */
function pastElsewhere(backend: Backend, venues: Named, req: Request): string | undefined {
  if (!backend.eventPageElsewhere) return undefined;
  if (venues.several) {
    throw new FilterError(
      PARAM.when,
      'Past events of several venues are not listed in proxy mode.',
    );
  }
  const { search } = new URL(req.originalUrl, 'http://localhost');
  return `${backend.eventPageElsewhere(venues.slugs[0]!, 'past')}${search}`;
}

/** The handlers of one scope (`named` reads the venues from the request). */
function listingHandlers(backend: Backend, named: (req: Request) => Named) {
  /**
   * The listing page in the mode its query asks for; with `past`, the listing's past page: the
   * list of `when=past` (docs/api.md §10.20), its links on `{path}/past`.
   */
  const page =
    (past: boolean): RequestHandler =>
    async (req, res) => {
      const venues = named(req);
      const elsewhere = past ? pastElsewhere(backend, venues, req) : undefined;
      if (elsewhere !== undefined) return res.redirect(302, elsewhere);
      const lang = languageOf(req, res);
      const base = backend.publicBase(req);
      const params = past ? pastParams(req.query) : req.query;
      const number = parsePage(req.query[PARAM.page]);
      const asked = { ...listingParams(params), page: number, ...languageKey(lang) };
      const key = memoKey('page', venues, asked, base);
      try {
        const build = async (listed: Listing) => {
          const source = rebasedSource(listed.source, base);
          const read = readListingQuery(params, source.today, lang);
          const query = past ? { ...read, filter: { ...read.filter, past: true as const } } : read;
          // Several venues in proxy mode have no past page to link to (`pastElsewhere`).
          const noPast = !!backend.eventPageElsewhere && venues.several;
          const place = { ...placeOf(venues, listed.venues, lang), ...(noPast && { noPast }) };
          const context = { base, today: source.today };
          const view = await listingView(
            source,
            query,
            number,
            context,
            past ? pastListing(place) : place,
          );
          if (!view.valid) throw new BadQueryPage(view.html);
          return { text: view.html, untilMs: view.untilMs, keep: view.keep };
        };
        // The events' text in the page's language (docs/api.md §10.24), as its words are.
        const answer = await backend.answer({ req, res }, venues, key, build, lang.tag);
        sendAnswer(req, res, answer, HTML_TYPE, HTML);
      } catch (error) {
        sendBadQuery(res, error, base);
      }
    };

  /**
   * The calendar file; with `ids` (docs/api.md §10.6) only those, as a download.
   * @throws FilterError for a bad `venues`, `categories` or `ids`: the API's JSON 400
   */
  const feed: RequestHandler = async (req, res) => {
    const venues = named(req);
    const filter = parseListFilter({ [PARAM.categories]: req.query[PARAM.categories] });
    const ids = readFeedIds(req.query[PARAM.ids]);
    const lang = languageOf(req, res);
    const base = backend.publicBase(req);
    const savedAs = venues.several ? 'venues' : venues.slugs[0]!;
    const asked = { ...filterParams(filter), [PARAM.ids]: ids?.join(','), ...languageKey(lang) };
    const key = memoKey('ics', venues, asked, base);
    const build = async (listed: Listing) => {
      const source = rebasedSource(listed.source, base);
      // A venue's own listing in the language asked: the file's own words are said in it.
      const of = { listing: placeOf(venues, listed.venues, lang) };
      const at = { nowMs: listed.nowMs, base, savedAs };
      const built = await calendarFeed(source, of, { filter, ids }, at);
      return {
        text: built.text,
        untilMs: Math.min(built.untilMs, nextMinute(listed.nowMs)),
        // A visitor's saved nights (`ids`) are theirs alone: not worth a memo entry.
        keep: ids === undefined,
      };
    };
    const answer = await backend.answer({ req, res }, venues, key, build, lang.tag);
    const disposition: Record<string, string> = ids
      ? { 'Content-Disposition': savedFeedDisposition(savedAs) }
      : {};
    sendAnswer(req, res, answer, CALENDAR_TYPE, disposition);
  };
  return { listing: page(false), past: page(true), feed };
}

/** Sends `text` made for this request from `found`'s event, with its freshness. */
function sendFound(
  req: Request,
  res: express.Response,
  found: FoundEvent,
  text: string,
  contentType: string,
  headers: Record<string, string>,
) {
  const body = Buffer.from(text);
  const answer = {
    // Made for this request and dropped: compressed at the fastest level.
    representation: { body, etag: entityTag(body), transient: true },
    maxAgeSeconds: found.maxAgeSeconds,
    headers: found.headers,
  };
  sendAnswer(req, res, answer, contentType, headers);
}

/**
 * The event the request's page slug names, or undefined when the answer is sent: the slug is an
 * earlier one of an event that kept its id (docs/sources.md "Stable identity"), so a `301` to the
 * same resource (`tail` after the slug: `''`, `.ics`, `/calendar/{service}`) on its current slug,
 * the query as asked, as fresh as its page.
 * @throws the backend's 404 when no event has or had the slug
 */
async function findEvent(
  backend: Backend,
  req: Request,
  res: Response,
  tail: string,
  lang: PageLang,
): Promise<FoundEvent | undefined> {
  const slug = venueNamed(req).slugs[0]!;
  const eventSlug = String(req.params.eventSlug);
  try {
    return await backend.eventBySlug({ req, res }, slug, eventSlug, lang.tag);
  } catch (error) {
    // Earlier slugs are looked up on a miss only: a current slug costs nothing more.
    const moved =
      isHttpError(error) && error.status === 404
        ? await backend.eventByEarlierSlug?.({ req, res }, slug, eventSlug, lang.tag)
        : undefined;
    if (!moved) throw error;
    const { search } = new URL(req.originalUrl, 'http://localhost');
    const path = `${eventPath(slug, moved.event.attributes.slug)}${tail}${search}`;
    res.set({ 'Cache-Control': `public, max-age=${moved.maxAgeSeconds}`, ...moved.headers });
    res.redirect(301, `${backend.publicBase(req)}${path}`);
    return undefined;
  }
}

/** The routes of one event: its page, its calendar file and its calendar links. */
function eventHandlers(backend: Backend) {
  const page: RequestHandler = async (req, res) => {
    const { slugs } = venueNamed(req);
    const elsewhere = backend.eventPageElsewhere?.(slugs[0]!, String(req.params.eventSlug));
    if (elsewhere !== undefined) return res.redirect(302, elsewhere);
    const lang = languageOf(req, res);
    const found = await findEvent(backend, req, res, '', lang);
    if (!found) return;
    const html = eventPage(found.event, found.venue, {
      base: backend.publicBase(req),
      today: found.today,
      lang,
    });
    sendFound(req, res, found, html, HTML_TYPE, HTML);
  };
  const calendar: RequestHandler = async (req, res) => {
    const lang = languageOf(req, res);
    const found = await findEvent(backend, req, res, '.ics', lang);
    if (!found) return;
    const { event, venue, nowMs } = found;
    const base = backend.publicBase(req);
    const text = calendarFile([event], {
      venue,
      base,
      now: calendarStamp(nowMs),
      name: event.attributes.title,
      lang,
    });
    sendFound(req, res, found, text, CALENDAR_TYPE, {
      'Content-Disposition': `attachment; filename="${event.attributes.slug}.ics"`,
    });
  };
  /**
   * A 302 to the service's "add event" page (docs/api.md §10.6), fresh as the event's .ics is; a
   * 404 for a cancelled event or stop, or no date `date`.
   * @throws FilterError for a bad `date`: a 400 naming it
   */
  const link =
    (service: CalendarService): RequestHandler =>
    async (req, res) => {
      const date = readLinkDate(req.query[PARAM.date]);
      const lang = languageOf(req, res);
      const found = await findEvent(backend, req, res, `/calendar/${service}`, lang);
      if (!found) return;
      const target = calendarLinkOf(found.event, service, {
        venue: found.venue,
        base: backend.publicBase(req),
        date,
        lang,
      });
      if (!target) {
        throw createError(
          404,
          `Event "${found.event.attributes.slug}" has no date here to add to a calendar.`,
        );
      }
      res.set({ 'Cache-Control': `public, max-age=${found.maxAgeSeconds}`, ...found.headers });
      res.redirect(302, target);
    };
  /**
   * The event `req` names (its page path + `suffix`) and the reminder of the instant its sales open
   * (docs/api.md §10.23), or undefined when `findEvent` answered already.
   * @throws HttpError 404 while the event has no `on_sale_at` ahead
   */
  const reminderFor = async (req: Request, res: Response, suffix: string) => {
    const lang = languageOf(req, res);
    const found = await findEvent(backend, req, res, suffix, lang);
    if (!found) return undefined;
    const a = found.event.attributes;
    const onSale = 'on_sale_at' in a ? a.on_sale_at : undefined;
    if (!onSale) throw createError(404, `Event "${a.slug}" has no sales opening ahead.`);
    const base = backend.publicBase(req);
    return { found, reminder: reminderOf(found.event, found.venue, base, lang, onSale) };
  };
  /** The reminder as an `.ics` with a `VALARM` at the instant sales open (docs/api.md §10.23). */
  const reminder: RequestHandler = async (req, res) => {
    const asked = await reminderFor(req, res, '/reminder.ics');
    if (!asked) return;
    const { found } = asked;
    sendFound(req, res, found, reminderIcs(asked.reminder, found.nowMs), CALENDAR_TYPE, {
      'Content-Disposition': `attachment; filename="${found.event.attributes.slug}-on-sale.ics"`,
    });
  };
  /**
   * A 302 to the same reminder in Google Calendar (docs/api.md §10.23), titled on the venue's
   * clock as the event page's link is, fresh as the event's .ics is. The widget's card menu links
   * here: the rule's zone handling stays out of it.
   */
  const reminderGoogle: RequestHandler = async (req, res) => {
    const asked = await reminderFor(req, res, '/reminder/google');
    if (!asked) return;
    const { found } = asked;
    res.set({ 'Cache-Control': `public, max-age=${found.maxAgeSeconds}`, ...found.headers });
    res.redirect(302, reminderGoogleUrl(asked.reminder));
  };
  return { page, calendar, link, reminder, reminderGoogle };
}

/** Builds the router of the pages; mount it at the app's root. */
export function pageRoutes(backend: Backend): Router {
  const router = express.Router({ strict: false, caseSensitive: true });
  const one = listingHandlers(backend, venueNamed);
  const several = listingHandlers(backend, venuesNamed);
  const event = eventHandlers(backend);
  // The .ics paths first: `/t/:slug/events/:eventSlug` would otherwise take `{event-slug}.ics`.
  router.route(PATHS.venueFeed).get(one.feed).all(methodNotAllowed);
  router.route(PATHS.venuesFeed).get(several.feed).all(methodNotAllowed);
  router.route(PATHS.eventFile).get(event.calendar).all(methodNotAllowed);
  router.route(PATHS.eventReminder).get(event.reminder).all(methodNotAllowed);
  router.route(PATHS.eventReminderGoogle).get(event.reminderGoogle).all(methodNotAllowed);
  for (const service of CALENDAR_SERVICES) {
    router.route(PATHS.eventLink(service)).get(event.link(service)).all(methodNotAllowed);
  }
  router.route(PATHS.venueListing).get(one.listing).all(methodNotAllowed);
  router.route(PATHS.venuesListing).get(several.listing).all(methodNotAllowed);
  // The past page before the event pages, which would otherwise take it as the page of an event
  // slugged `past`. Decided: `past` is the past page's, for every venue — the listing links it,
  // and a page a venue's own event could hide would be a link that works at one venue and not at
  // the next. So the import refuses the slug `past` (docs/venue-file.md); a platform behind the
  // proxy that has one keeps its calendar file and "add to calendar" links, routed above.
  router.route(PATHS.venuePast).get(one.past).all(methodNotAllowed);
  router.route(PATHS.venuesPast).get(several.past).all(methodNotAllowed);
  router.route(PATHS.eventPage).get(event.page).all(methodNotAllowed);
  return router;
}
