/**
 * The server-rendered listing page `/t/{slug}/events[?page=n]` (docs/api.md §10.5): the venue's
 * listed events, 12 per page in the API's order (docs/api.md §4.1), as plain HTML that works with
 * JavaScript off — each event linking to its page, numbered pagination links, the calendar feed,
 * and the same schema.org JSON-LD as the event pages. Built from API resources, so the page and
 * the API agree. Given the page's query, it also has the filter form and lists only the events
 * passing the filters (docs/api.md §10.12), its links carrying them; the month view of the same
 * events is `month-view.ts`. The same page lists several venues together (`/events?venues=…`,
 * docs/api.md §10.16): its `ListingPlace` gives its links, and each event its own venue. Each
 * event says its changed plans, door time and age limit (docs/api.md §10.20), and the same page
 * is the listing's past page (`/t/{slug}/events/past`, a `ListingPlace` with `past`): the events
 * of `when=past`, newest first, linked from the listing and linking back.
 */
import type { EventResource, ListResponse } from '../../shared/contract.js';
import { ACCESS_LABELS, type AccessCount } from '../../shared/rules/access.js';
import type { CategoryCount } from '../../shared/rules/categories.js';
import { filterQuery, isFiltered, NO_FILTER, type ListFilter } from '../../shared/rules/filters.js';
import { eventStructuredData, labelTime } from '../../shared/rules/structured-data.js';
import { escapeHtml } from '../lib/html.js';
import { plainText } from '../lib/html-text.js';
import { filterForm } from './filter-form.js';
import {
  ageText,
  doorsText,
  endHtml,
  endOf,
  factsHtml,
  scheduleHtml,
  scheduleOf,
} from './event-facts.js';
import {
  eventVenue,
  feedHref,
  pastListing,
  upcomingListing,
  type ListingPlace,
} from './listing-place.js';
import { isValid, listingPageHref, withoutDates, type ListingQuery } from './page-query.js';
import {
  eventPath,
  excerpt,
  localWhen,
  pageShell,
  startDateOf,
  type PageContext,
} from './page-shell.js';

export { listingPageHref } from './page-query.js';

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

/**
 * The page's filters (docs/api.md §10.12): its query as read (with any bad values' messages) and
 * the venue's categories for the form. Without them the page has no form and lists everything.
 */
export interface ListingFilters {
  query: ListingQuery;
  /** Merged by `categoriesDocument` (docs/api.md §10.13), sorted by name. */
  categories: readonly CategoryCount[];
  /** The access ids listed events have, in vocabulary order (docs/api.md §10.15); absent: none. */
  access?: readonly AccessCount[];
}

/**
 * The schema.org JSON-LD of the `events` a page shows: the event pages' own, each of its own
 * venue (`eventVenue`: its name, address, website and zone for the `startDate` offset).
 */
export const structuredDataOf = (
  events: readonly EventResource[],
  place: ListingPlace,
  context: PageContext,
) =>
  events.flatMap((event) => {
    const venue = eventVenue(event, place);
    return eventStructuredData(event, venue, {
      today: context.today,
      plainText,
      startDate: startDateOf(venue),
    });
  });

/** The `<link rel="alternate">` to the listing's calendar feed, for a page's head. */
export const feedLink = (place: ListingPlace, context: PageContext) =>
  `\n<link rel="alternate" type="text/calendar" title="${escapeHtml(place.name)} calendar" href="${escapeHtml(`${context.base}${feedHref(place)}`)}">`;

/**
 * The header of the listing page and the month view: the title, `summary`, the feed links (with
 * a category filter, also a feed of those categories only: `.ics?categories=…`) and the website.
 */
export function listingHeader(
  place: ListingPlace,
  context: PageContext,
  summary: string,
  filter: ListFilter = NO_FILTER,
): string {
  const name = escapeHtml(place.name);
  const heading = place.past ? 'Past events at' : "What's on at";
  const feed = feedHref(place);
  const webcalBase = context.base.replace(/^https?:/, 'webcal:');
  const webcal = `${webcalBase}${feed}`;
  const names = filter.categories;
  const some = `categories=${encodeURIComponent(names.join(','))}`;
  const only = names.length
    ? `<li><a href="${escapeHtml(`${webcalBase}${feedHref(place, some)}`)}">Subscribe to ${escapeHtml(names.join(', '))} only</a></li>\n`
    : '';
  return `<header>
<h1>${heading} ${name}</h1>
<p class="muted">${escapeHtml(summary)}</p>
<ul class="actions">
<li><a href="${escapeHtml(webcal)}">Subscribe to the calendar</a></li>
${only}<li><a href="${escapeHtml(feed)}" download>Download all dates (.ics)</a></li>
${place.url ? `<li><a href="${escapeHtml(place.url)}">${name}'s website</a></li>` : ''}
</ul>
</header>`;
}

/**
 * `jazz or rock, Captioned and Hearing loop, “late jaz”, from 2026-12-01, to 2026-12-31`: a
 * filter in a title.
 */
export function describeFilter(filter: ListFilter): string {
  return [
    filter.categories.join(' or '),
    (filter.access ?? []).map((id) => ACCESS_LABELS[id]).join(' and '),
    filter.words.length ? `“${filter.words.join(' ')}”` : '',
    filter.startDate ? `from ${filter.startDate}` : '',
    filter.endDate ? `to ${filter.endDate}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * One event in the list, linking to its own venue's event page; in a listing not named after
 * that venue (several venues'), its venue's name leads the details.
 */
function eventItem(resource: EventResource, place: ListingPlace): string {
  const a = resource.attributes;
  const venue = eventVenue(resource, place);
  const start = startDateOf(venue);
  const next = a.next_occurrence;
  const date = next ? next.occurrence_date : a.event_date.slice(0, 10);
  const time = next ? (labelTime(next.time_label) ?? a.event_time) : a.event_time;
  const where = (next ? next.location_label : '') || a.location;
  // The date shown's own schedule (docs/api.md §10.20): a tour's current stop's.
  const schedule = scheduleOf(a, next);
  const doors = doorsText(schedule);
  const stops =
    a.date_mode === 'multiple'
      ? ` <span class="muted">(${a.occurrence_count} dates${next?.status === 'cancelled' ? '; this one cancelled' : ''})</span>`
      : '';
  const text = excerpt(plainText(a.description));
  const details = [venue.name === place.name ? '' : venue.name, where, a.category, ageText(a)]
    .filter(Boolean)
    .map(escapeHtml);
  // The provisions of the date shown (a tour's current stop's), as the API's `access` says.
  const access = (a.access ?? []).map((id) => ACCESS_LABELS[id]).join(', ');
  // The date shown's end, price, performers and "Few tickets left" (docs/api.md §10.18).
  const end = endHtml(venue, date, endOf(a, date, time, next ?? undefined));
  const facts = factsHtml(a);
  const moved = scheduleHtml(a, schedule, date);
  return `<li><article>
<h2><a href="${escapeHtml(eventPath(venue.slug, a.slug))}">${escapeHtml(a.title)}</a></h2>
<p><time datetime="${escapeHtml(start(date, time))}">${escapeHtml(localWhen(date, time))}</time>${end}${doors && ` · <span class="doors">${escapeHtml(doors)}</span>`}${stops}</p>
${details.length ? `<p class="muted">${details.join(' · ')}</p>` : ''}${access && `\n<p class="access">Access: ${escapeHtml(access)}</p>`}${facts && `\n${facts}`}${moved && `\n${moved}`}
${a.publish_status === 'cancelled' ? `<p class="cancelled">Cancelled.${a.cancellation_reason ? ` ${escapeHtml(a.cancellation_reason)}` : ''}</p>` : ''}
${text ? `<p>${escapeHtml(text)}</p>` : ''}
</article></li>`;
}

/**
 * Numbered pagination (no gaps, like `meta.links`), previous and next; omitted for one page.
 * `href(page)` is the page's link (carrying the filters).
 */
function pagination(position: ListingPosition, href: (page: number) => string): string {
  const { currentPage: current, lastPage: last } = position;
  if (last === 1 && current === 1) return '';
  const link = (page: number, label: string, rel?: string) =>
    `<a href="${escapeHtml(href(page))}"${rel ? ` rel="${rel}"` : ''}>${label}</a>`;
  const items = [
    current > 1
      ? link(current - 1, '<span aria-hidden="true">«</span> Previous', 'prev')
      : '<span aria-disabled="true"><span aria-hidden="true">«</span> Previous</span>',
  ];
  for (let n = 1; n <= last; n++) {
    items.push(
      n === current
        ? `<a href="${escapeHtml(href(n))}" aria-current="page">${n}</a>`
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

/** The line under the title: how many events (match), and which page; `which` upcoming or past. */
function summaryOf(position: ListingPosition, filtered: boolean, which: string): string {
  const { currentPage: current, lastPage: last, total } = position;
  const pages = last > 1 ? ` · page ${current} of ${last}` : '';
  if (!filtered) {
    return total === 0
      ? `No ${which} events.`
      : `${total} ${which} event${total === 1 ? '' : 's'}${pages}`;
  }
  return total === 0
    ? 'No events match these filters.'
    : `${total} event${total === 1 ? ' matches' : 's match'} these filters${pages}`;
}

/**
 * The list, or why there is none: bad filters (`invalid`), a page past the last, no event
 * matching the filters — never "no upcoming events" then, as there may well be — or none at all.
 */
function listOf(
  events: readonly EventResource[],
  position: ListingPosition,
  place: ListingPlace,
  state: { filtered: boolean; invalid: boolean; firstPage: string },
): string {
  const reset = escapeHtml(listingPageHref(place, 1));
  if (state.invalid) {
    return `<p>Correct the filters above to see events, or <a href="${reset}">clear them</a>.</p>`;
  }
  if (events.length > 0) {
    return `<ol class="events"${position.from && position.from > 1 ? ` start="${position.from}"` : ''}>
${events.map((event) => eventItem(event, place)).join('\n')}
</ol>`;
  }
  if (position.currentPage > 1) {
    return `<p>There are no events on this page. <a href="${escapeHtml(state.firstPage)}">See the first page</a>.</p>`;
  }
  if (state.filtered) {
    return `<p>No events match these filters. <a href="${reset}">Clear filters</a> to see every event.</p>`;
  }
  // Nothing to come may still mean a programme that was (docs/api.md §10.20), and the reverse.
  return place.past
    ? `<p>No past events. <a href="${escapeHtml(listingPageHref(upcomingListing(place), 1))}">See upcoming events</a>.</p>`
    : `<p>No upcoming events. Check back soon, or <a href="${escapeHtml(listingPageHref(pastListing(place), 1))}">see past events</a>.</p>`;
}

/**
 * The link between a listing and its past page (docs/api.md §10.20), with the same filters but
 * the dates (which are the upcoming dates' or the past ones'), after the list.
 */
function otherListing(place: ListingPlace, filter: ListFilter): string {
  const query = filterQuery(withoutDates(filter));
  const [other, label] = place.past
    ? [upcomingListing(place), 'Upcoming events']
    : [pastListing(place), 'Past events'];
  return `<p class="other-listing"><a href="${escapeHtml(listingPageHref(other, 1, query))}">${label}</a></p>`;
}

/** `filter` as a past page's links and titles show it: its `when=past` is the page's path. */
function shownFilter(filter: ListFilter): ListFilter {
  const { past: _past, ...shown } = filter;
  return shown;
}

/**
 * The listing page's HTML of `place` (a venue's, or several venues', docs/api.md §10.16; its past
 * page with `place.past`, docs/api.md §10.20, whose filter's `past` its path says) for one
 * page of `events` (already in the API's order), docs/api.md §10.5. With `filters` (the origin's page): the filter form above the list, the summary and
 * empty-list text saying "match", links (pages, canonical) carrying the canonical filter query,
 * and `noindex` on a filtered page; with bad values in `filters.query`, the form with their
 * messages and no list (the router answers 400).
 */
export function listingPage(
  events: readonly EventResource[],
  position: ListingPosition,
  place: ListingPlace,
  context: PageContext,
  filters?: ListingFilters,
): string {
  const { currentPage: current, lastPage: last } = position;
  const filter = shownFilter(filters?.query.filter ?? NO_FILTER);
  const filtered = isFiltered(filter);
  const which = place.past ? 'past' : 'upcoming';
  const invalid = filters !== undefined && !isValid(filters.query);
  const query = filterQuery(filter);
  const href = (page: number) => listingPageHref(place, page, query);
  const outOfRange = events.length === 0 && current > 1;
  const form = filters ? `${filterForm({ place, ...filters })}\n` : '';
  const list = listOf(events, position, place, { filtered, invalid, firstPage: href(1) });
  const rel = (page: number, kind: string) =>
    `\n<link rel="${kind}" href="${escapeHtml(`${context.base}${href(page)}`)}">`;
  const summary = invalid ? 'Some filters need correcting.' : summaryOf(position, filtered, which);
  const body = `${listingHeader(place, context, summary, filter)}
<main>
${form}${list}
${invalid ? '' : `${pagination(position, href)}\n${otherListing(place, filter)}`}
</main>`;
  const heading = place.past ? 'Past events at' : "What's on at";
  const title = `${heading} ${place.name}${filtered && !invalid ? `: ${describeFilter(filter)}` : ''}`;
  return pageShell({
    title: `${invalid ? 'Error: ' : ''}${title}${current > 1 ? ` · page ${current}` : ''}`,
    description: place.past
      ? `Past events at ${place.name}: what was on, newest first.`
      : `Upcoming events at ${place.name}: dates, times and tickets.`,
    canonical: `${context.base}${href(current)}`,
    // A filtered page repeats the unfiltered pages' events in endless combinations: search
    // engines should index the listing itself, not each combination.
    noindex: outOfRange || filtered || invalid,
    links:
      (current > 1 && current <= last ? rel(current - 1, 'prev') : '') +
      (current < last ? rel(current + 1, 'next') : '') +
      feedLink(place, context),
    jsonLd: structuredDataOf(events, place, context),
    body,
  });
}
