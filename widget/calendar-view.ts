/**
 * `<venue-events>`'s calendar view (`view="calendar"`): a chunk the list loads when the view is
 * first shown, with `<venue-calendar>`, so a list never shown as a calendar carries neither in
 * its scripts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Filters } from './api.js';
import { apiBase } from './attributes.js';
import './venue-calendar.js';

/** What the list passes on to its month grid: the list itself has these, all public. */
export interface CalendarViewOptions {
  venue: string;
  /** The list's `base-url`. */
  baseUrl: string | undefined;
  locale: string | undefined;
  /** Current time in UTC epoch ms. */
  clock: () => number;
  /** Milliseconds a request may take. */
  timeout: number;
  /** The list's filters, which the grid follows. */
  filters: Filters;
  headingLevel: number;
  noShare: boolean;
  /** The list's `ticket-link-params` (docs/api.md §10.19), which its cards follow. */
  ticketLinkParams: string | undefined;
}

/**
 * The list's month grid: a `<venue-calendar>` with the list's venue, filters and settings,
 * exporting its parts through the list.
 */
export function calendarView(o: CalendarViewOptions): TemplateResult {
  return html`<venue-calendar
    exportparts="header,month,month-nav,calendar,weekday,day,count,day-name,day-more,day-events,list,card,image,category,badge,title,date,doors,venue,location,access,schedule-status,cancelled,stop-cancelled,stops,excerpt,calendar-link,calendar-menu,calendar-option,save,share-button,share-status,buy-button,buy-status,buy-message,empty,error,not-found"
    venue=${o.venue}
    base-url=${apiBase(o.baseUrl)}
    locale=${o.locale ?? nothing}
    .clock=${o.clock}
    .timeout=${o.timeout}
    .only=${o.filters.venue}
    categories=${o.filters.categories ?? nothing}
    search=${o.filters.search ?? nothing}
    access=${o.filters.access ?? nothing}
    heading-level=${o.headingLevel}
    ?no-share=${o.noShare}
    ticket-link-params=${o.ticketLinkParams ?? nothing}
  ></venue-calendar>`;
}
