/**
 * The server-rendered listing page `/t/{slug}/events[?page=n]`: the venue's listed events, 12 per
 * page in the API's order (docs/api.md §4.1), as plain HTML that works with JavaScript off — each event
 * linking to its page, numbered pagination links, the calendar feed, and the same schema.org
 * JSON-LD as the event pages. Built from API resources, so the page and the API agree.
 */
import type { EventResource, ListResponse } from '../../shared/contract.js';
import { eventStructuredData, labelTime } from '../../shared/rules/structured-data.js';
import { escapeHtml } from '../html.js';
import { plainText } from '../html-text.js';
import {
  eventPath,
  excerpt,
  listingPath,
  localWhen,
  pageShell,
  startDateOf,
  type PageContext,
  type PageVenue,
} from './page-shell.js';

/** Where the page sits in the list (docs/api.md §2.5 `meta`). */
export interface ListingPosition {
  currentPage: number;
  lastPage: number;
  total: number;
  /** 1-based position of the first event on the page, or null when the page is empty. */
  from: number | null;
}

/** The position of a list response (docs/api.md §2.5), e.g. one the proxy got from its upstream. */
export const positionOf = (meta: ListResponse['meta']): ListingPosition => ({
  currentPage: meta.current_page,
  lastPage: meta.last_page,
  total: meta.total,
  from: meta.from,
});

/** `/t/{slug}/events` for page 1, `?page=n` after it. */
export const listingPageHref = (slug: string, page: number) =>
  page === 1 ? listingPath(slug) : `${listingPath(slug)}?page=${page}`;

/** One event in the list. */
function eventItem(resource: EventResource, venue: PageVenue): string {
  const a = resource.attributes;
  const start = startDateOf(venue);
  const next = a.next_occurrence;
  const date = next ? next.occurrence_date : a.event_date.slice(0, 10);
  const time = next ? (labelTime(next.time_label) ?? a.event_time) : a.event_time;
  const where = (next ? next.location_label : '') || a.location;
  const stops =
    a.date_mode === 'multiple'
      ? ` <span class="muted">(${a.occurrence_count} dates${next?.status === 'cancelled' ? '; this one cancelled' : ''})</span>`
      : '';
  const text = excerpt(plainText(a.description));
  const details = [where, a.category, a.over_18 ? '18+' : ''].filter(Boolean).map(escapeHtml);
  return `<li><article>
<h2><a href="${escapeHtml(eventPath(venue.slug, a.slug))}">${escapeHtml(a.title)}</a></h2>
<p><time datetime="${escapeHtml(start(date, time))}">${escapeHtml(localWhen(date, time))}</time>${stops}</p>
${details.length ? `<p class="muted">${details.join(' · ')}</p>` : ''}
${a.publish_status === 'cancelled' ? `<p class="cancelled">Cancelled.${a.cancellation_reason ? ` ${escapeHtml(a.cancellation_reason)}` : ''}</p>` : ''}
${text ? `<p>${escapeHtml(text)}</p>` : ''}
</article></li>`;
}

/** Numbered pagination (no gaps, like `meta.links`), previous and next; omitted for one page. */
function pagination(slug: string, position: ListingPosition): string {
  const { currentPage: current, lastPage: last } = position;
  if (last === 1 && current === 1) return '';
  const link = (page: number, label: string, rel?: string) =>
    `<a href="${escapeHtml(listingPageHref(slug, page))}"${rel ? ` rel="${rel}"` : ''}>${label}</a>`;
  const items = [
    current > 1
      ? link(current - 1, '<span aria-hidden="true">«</span> Previous', 'prev')
      : '<span aria-disabled="true"><span aria-hidden="true">«</span> Previous</span>',
  ];
  for (let n = 1; n <= last; n++) {
    items.push(
      n === current
        ? `<a href="${escapeHtml(listingPageHref(slug, n))}" aria-current="page">${n}</a>`
        : link(n, String(n)),
    );
  }
  items.push(
    current < last
      ? link(current + 1, 'Next <span aria-hidden="true">»</span>', 'next')
      : '<span aria-disabled="true">Next <span aria-hidden="true">»</span></span>',
  );
  return `<nav aria-label="Pages of events">
<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>
</nav>`;
}

/** The listing page's HTML for one page of `events` (already in the API's order). */
export function listingPage(
  events: readonly EventResource[],
  position: ListingPosition,
  venue: PageVenue,
  context: PageContext,
): string {
  const { currentPage: current, lastPage: last, total } = position;
  const name = escapeHtml(venue.name);
  const feed = `${listingPath(venue.slug)}.ics`;
  const webcal = `${context.base.replace(/^https?:/, 'webcal:')}${feed}`;
  const jsonLd = events.flatMap((event) =>
    eventStructuredData(event, venue, {
      today: context.today,
      plainText,
      startDate: startDateOf(venue),
    }),
  );
  const outOfRange = events.length === 0 && current > 1;
  const summary =
    total === 0
      ? 'No upcoming events.'
      : `${total} upcoming event${total === 1 ? '' : 's'}${last > 1 ? ` · page ${current} of ${last}` : ''}`;
  const list =
    events.length > 0
      ? `<ol class="events"${position.from && position.from > 1 ? ` start="${position.from}"` : ''}>
${events.map((event) => eventItem(event, venue)).join('\n')}
</ol>`
      : outOfRange
        ? `<p>There are no events on this page. <a href="${escapeHtml(listingPath(venue.slug))}">See the first page</a>.</p>`
        : '<p>No upcoming events. Check back soon.</p>';
  const rel = (page: number, kind: string) =>
    `\n<link rel="${kind}" href="${escapeHtml(`${context.base}${listingPageHref(venue.slug, page)}`)}">`;
  const body = `<header>
<h1>What's on at ${name}</h1>
<p class="muted">${escapeHtml(summary)}</p>
<ul class="actions">
<li><a href="${escapeHtml(webcal)}">Subscribe to the calendar</a></li>
<li><a href="${escapeHtml(feed)}" download>Download all dates (.ics)</a></li>
${venue.url ? `<li><a href="${escapeHtml(venue.url)}">${name}'s website</a></li>` : ''}
</ul>
</header>
<main>
${list}
${pagination(venue.slug, position)}
</main>`;
  return pageShell({
    title: `What's on at ${venue.name}${current > 1 ? ` · page ${current}` : ''}`,
    description: `Upcoming events at ${venue.name}: dates, times and tickets.`,
    canonical: `${context.base}${listingPageHref(venue.slug, current)}`,
    noindex: outOfRange,
    links:
      (current > 1 && current <= last ? rel(current - 1, 'prev') : '') +
      (current < last ? rel(current + 1, 'next') : '') +
      `\n<link rel="alternate" type="text/calendar" title="${name} calendar" href="${escapeHtml(`${context.base}${feed}`)}">`,
    jsonLd,
    body,
  });
}
