/**
 * The chosen day's events of `<venue-calendar>`: the cards below the grid. One list request for
 * the day (docs/api.md §10.12: `start_date` and `end_date` both the day, with the calendar's
 * filters), not one per event, and one of its past events' list for its past nights (§10.20); a
 * day with more events than a page (12) asks for its other pages together. The feed says which
 * events the day has, in which order, and a tour's stops that day; the list gives each event
 * whole, as the cards draw it.
 */
import type { ReactiveControllerHost } from 'lit';
import type { EventResource } from '../shared/contract.js';
import { isSeveral, type RequestOptions } from './api.js';
import type { CalendarEntry } from './calendar-feed.js';
import type { IsoDate } from '../shared/rules/month-grid.js';
import { fetchAll, listFilters } from './list-pages.js';
import { LoadController, LoadStatus } from './load-controller.js';
import type { MonthQuery } from './month-feed.js';

/** A chosen day's events: each event once (a tour can list one stop a day), in feed order. */
export interface DayEvents {
  date: IsoDate;
  items: { event: EventResource; entries: CalendarEntry[] }[];
  /** Events of the day the list did not give or could not be read. */
  failed: number;
  /** The list's `meta.ticket_link_params` (docs/api.md §10.19), for the cards' buy controls. */
  linkParams?: unknown;
}

/** An entry's event: its venue (of several) and id. */
const eventKey = (e: CalendarEntry) => `${e.venue?.slug} ${e.eventId}`;

/**
 * The events of `entries` (the feed's of `date`) from the list of that day: one request, or one
 * per page of a day with more than a page; the past nights among them (`entry.past`, docs/api.md
 * §10.20) from the past events' list of the day. Of several venues, each event is its venue's (an
 * entry without one cannot be matched).
 * @throws ApiError, the abort reason, or an Error when no event of the day could be read
 */
export async function fetchDay(
  query: MonthQuery,
  date: IsoDate,
  entries: CalendarEntry[],
  options: RequestOptions,
): Promise<DayEvents> {
  const { venue } = query;
  const lists = [false, true]
    .filter((past) => entries.some((e) => !!e.past === past))
    .map((past) => fetchAll(query, listFilters(query, date, date, past), options));
  const answers = await Promise.all(lists);
  const listed = answers.flatMap((answer) => answer.events);
  const several = isSeveral(venue);
  const keys = [...new Set(entries.map(eventKey))];
  const items = keys.flatMap((key) => {
    const own = entries.filter((e) => eventKey(e) === key);
    const { eventId, venue: at } = own[0]!;
    const event = listed.find(
      (e) => e.id === eventId && (!several || (!!at && e.attributes.venue?.slug === at.slug)),
    );
    return event ? [{ event, entries: own }] : [];
  });
  const failed = keys.length - items.length;
  if (failed && !items.length) throw new Error(`venue-calendar: no event of ${date} could be read`);
  return { date, items, failed, linkParams: answers[0]?.linkParams };
}

/** Where the day, its entries and the calendar's query and settings come from. */
export interface DayEventsOptions {
  /** The chosen day, when its month is shown; none: nothing to load. */
  date: () => IsoDate | undefined;
  /** The feed's entries of that day. */
  entries: () => CalendarEntry[];
  query: () => MonthQuery;
  /** Milliseconds a request may take. */
  timeout: () => number;
  /** How many refreshes were asked for: a change asks again, revalidating. */
  reloads: () => number;
}

export class DayEventsController {
  private readonly load;

  constructor(host: ReactiveControllerHost, options: DayEventsOptions) {
    this.load = new LoadController(host, {
      task: async ([, , date, , timeoutMs, reloads], { signal }) => {
        const entries = options.entries();
        if (!date) return undefined;
        // A day without events asks for nothing: the feed said so.
        if (!entries.length) return { date, items: [], failed: 0 };
        const request = {
          signal,
          timeoutMs,
          revalidate: reloads > 0,
          locale: options.query().locale,
        };
        return fetchDay(options.query(), date, entries, request);
      },
      // The day's event ids rather than its entries: a reloaded feed with the same events keeps
      // the cards.
      args: () => {
        const { base, venue, locale } = options.query();
        const keys = options.entries().map(eventKey).join();
        return [
          base,
          venue,
          options.date(),
          keys,
          options.timeout(),
          options.reloads(),
          locale,
        ] as const;
      },
    });
  }

  get status(): LoadStatus {
    return this.load.status;
  }

  /** The events of `date`, once loaded for it. */
  of(date: IsoDate): DayEvents | undefined {
    const value = this.load.value;
    return value?.date === date ? value : undefined;
  }
}
