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
 * of `when=past`, newest first, linked from the listing and linking back. Every word is in the
 * listing's language (`place.lang`, docs/api.md §10.5), and every link keeps its `locale=`.
 */
import type { EventResource, ListResponse } from '../../shared/contract.js';
import { withGeo } from './json-ld-geo.js';
import { PARAM } from '../../shared/queries.js';
import type { AccessCount } from '../../shared/rules/access.js';
import { allDayLast } from '../../shared/rules/all-day.js';
import type { CategoryCount } from '../../shared/rules/categories.js';
import { filterQuery, isFiltered, NO_FILTER, type ListFilter } from '../../shared/rules/filters.js';
import { eventStructuredData, labelTime } from '../../shared/rules/structured-data.js';
import { escapeHtml } from '../lib/html.js';
import { plainText } from '../lib/html-text.js';
import { filterForm } from './filter-form.js';
import {
  countText,
  langText,
  listText,
  numberText,
  stopTexts,
  textLang,
  type PageLang,
} from './i18n/index.js';
import {
  ageText,
  doorsText,
  allDayHtml,
  endHtml,
  endOf,
  factsHtml,
  scheduleHtml,
  scheduleOf,
} from './event-facts.js';
import {
  eventVenue,
  feedHref,
  langOf,
  pastListing,
  upcomingListing,
  type ListingPlace,
} from './listing-place.js';
import { isValid, listingPageHref, withoutDates, type ListingQuery } from './page-query.js';
import {
  eventHref,
  excerpt,
  localWhen,
  pageShell,
  startDateOf,
  type PageContext,
} from './page-shell.js';
import { languageLinks } from './alternates.js';

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
 * venue (`eventVenue`: its name, address, website and zone for the `startDate` offset), its
 * access labels in the page's language (docs/api.md §10.5, §10.15).
 */
export const structuredDataOf = (
  events: readonly EventResource[],
  place: ListingPlace,
  context: PageContext,
) =>
  events.flatMap((event) => {
    const venue = eventVenue(event, place);
    const data = eventStructuredData(event, venue, {
      today: context.today,
      plainText,
      startDate: startDateOf(venue),
      accessLabels: langOf(place).t.accessLabels,
    });
    // Where each place is on the map (docs/api.md §10.25), which only the server knows.
    return withGeo(data, event, venue);
  });

/** The `<link rel="alternate">` to the listing's calendar feed, for a page's head. */
export const feedLink = (place: ListingPlace, context: PageContext) =>
  `\n<link rel="alternate" type="text/calendar" title="${escapeHtml(langOf(place).t.feedTitle(place.name))}" href="${escapeHtml(`${context.base}${feedHref(place)}`)}">`;

/** The listing's heading, plain text: "What's on at Blue Room", its past page's "Past events at …". */
export const headingOf = (place: ListingPlace): string =>
  place.past ? langOf(place).t.pastEventsAt(place.name) : langOf(place).t.whatsOnAt(place.name);

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
  const { t } = langOf(place);
  const name = escapeHtml(place.name);
  const heading = place.past ? t.pastEventsAt(name) : t.whatsOnAt(name);
  const feed = feedHref(place);
  const webcalBase = context.base.replace(/^https?:/, 'webcal:');
  const webcal = `${webcalBase}${feed}`;
  const names = filter.categories;
  const some = `${PARAM.categories}=${encodeURIComponent(names.join(','))}`;
  const only = names.length
    ? `<li><a href="${escapeHtml(`${webcalBase}${feedHref(place, some)}`)}">${t.subscribeOnly(escapeHtml(names.join(t.comma)))}</a></li>\n`
    : '';
  return `<header>
<h1>${heading}</h1>
<p class="muted">${escapeHtml(summary)}</p>
<ul class="actions">
<li><a href="${escapeHtml(webcal)}">${t.subscribe}</a></li>
${only}<li><a href="${escapeHtml(feed)}" download>${t.downloadAll}</a></li>
${place.url ? `<li><a href="${escapeHtml(place.url)}">${t.website(name)}</a></li>` : ''}
</ul>
</header>`;
}

/**
 * `jazz or rock, Captioned and Hearing loop, “late jaz”, from 2026-12-01, to 2026-12-31`: a
 * filter in a title, in `lang`.
 */
export function describeFilter(filter: ListFilter, lang: PageLang): string {
  const { t } = lang;
  return [
    listText(lang, filter.categories, 'or'),
    listText(
      lang,
      (filter.access ?? []).map((id) => t.accessLabels[id]),
      'and',
    ),
    filter.words.length ? t.quoted(filter.words.join(' ')) : '',
    filter.startDate ? t.fromDate(filter.startDate) : '',
    filter.endDate ? t.toDate(filter.endDate) : '',
  ]
    .filter(Boolean)
    .join(t.comma);
}

/** "Cancelled." and the venue's reason, as a page's `<p class="cancelled">`; '' if it is not. */
export function cancelledHtml(a: EventResource['attributes'], lang: PageLang): string {
  if (a.publish_status !== 'cancelled') return '';
  const reason = a.cancellation_reason
    ? ` ${langText(a.cancellation_reason, a, lang, 'cancellation_reason')}`
    : '';
  return `<p class="cancelled">${lang.t.cancelled}${reason}</p>`;
}

/**
 * One event in the list, linking to its own venue's event page; in a listing not named after
 * that venue (several venues'), its venue's name leads the details.
 */
function eventItem(resource: EventResource, place: ListingPlace): string {
  const lang = langOf(place);
  const { t } = lang;
  const a = resource.attributes;
  const venue = eventVenue(resource, place);
  const start = startDateOf(venue);
  const next = a.next_occurrence;
  const date = next ? next.occurrence_date : a.event_date.slice(0, 10);
  const time = next ? (labelTime(next.time_label) ?? a.event_time) : a.event_time;
  // The current stop's own place (marked by the stop's `untranslated`), else the event's.
  const where = next?.location_label
    ? langText(next.location_label, stopTexts(a, next), lang, 'location_label')
    : a.location && langText(a.location, a, lang, 'location');
  // The date shown's own schedule (docs/api.md §10.20): a tour's current stop's.
  const schedule = scheduleOf(a, next);
  const doors = doorsText(schedule, lang);
  const dates = countText(lang, t.dateCount, a.occurrence_count);
  const stops =
    a.date_mode === 'multiple'
      ? ` <span class="muted">(${next?.status === 'cancelled' ? t.andThisOneCancelled(dates) : dates})</span>`
      : '';
  const text = excerpt(plainText(a.description));
  const details = [
    venue.name === place.name ? '' : escapeHtml(venue.name),
    where,
    a.category && langText(a.category, a, lang, 'category'),
    escapeHtml(ageText(a, lang)),
  ].filter(Boolean);
  // The provisions of the date shown (a tour's current stop's), as the API's `access` says.
  const access = (a.access ?? []).map((id) => t.accessLabels[id]).join(t.comma);
  // The date shown's end, price, performers and "Few tickets left" (docs/api.md §10.18).
  const end = endHtml(venue, date, endOf(a, date, time, next ?? undefined), lang);
  const facts = factsHtml(a, undefined, lang);
  const moved = scheduleHtml(a, schedule, date, lang);
  // docs/api.md §10.22: the date shown's days and "All day" in place of its time and end.
  const last = allDayLast(next ?? a, date);
  const when =
    last === undefined
      ? `<time datetime="${escapeHtml(start(date, time))}">${escapeHtml(localWhen(date, time, lang))}</time>${end}${doors && ` · <span class="doors">${escapeHtml(doors)}</span>`}`
      : allDayHtml(date, last, lang);
  return `<li><article>
<h2${textLang(a, lang)}><a href="${escapeHtml(eventHref(venue.slug, a.slug, lang))}">${escapeHtml(a.title)}</a></h2>
<p>${when}${stops}</p>
${details.length ? `<p class="muted">${details.join(' · ')}</p>` : ''}${access && `\n<p class="access">${escapeHtml(t.accessLine(access))}</p>`}${facts && `\n${facts}`}${moved && `\n${moved}`}
${cancelledHtml(a, lang)}
${text ? `<p${textLang(a, lang, 'description')}>${escapeHtml(text)}</p>` : ''}
</article></li>`;
}

/**
 * Numbered pagination (no gaps, like `meta.links`), previous and next; omitted for one page.
 * `href(page)` is the page's link (carrying the filters).
 */
function pagination(
  position: ListingPosition,
  href: (page: number) => string,
  lang: PageLang,
): string {
  const { t } = lang;
  const { currentPage: current, lastPage: last } = position;
  if (last === 1 && current === 1) return '';
  const link = (page: number, label: string, rel?: string) =>
    `<a href="${escapeHtml(href(page))}"${rel ? ` rel="${rel}"` : ''}>${label}</a>`;
  const previous = `<span aria-hidden="true">«</span> ${t.previous}`;
  const next = `${t.next} <span aria-hidden="true">»</span>`;
  const items = [
    current > 1
      ? link(current - 1, previous, 'prev')
      : `<span aria-disabled="true">${previous}</span>`,
  ];
  for (let n = 1; n <= last; n++) {
    items.push(
      n === current
        ? `<a href="${escapeHtml(href(n))}" aria-current="page">${n}</a>`
        : link(n, String(n)),
    );
  }
  items.push(
    current < last ? link(current + 1, next, 'next') : `<span aria-disabled="true">${next}</span>`,
  );
  return `<nav aria-label="${t.pagesLabel}">
<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>
</nav>`;
}

/** The line under the title: how many events (match), and which page; `past` for the past page. */
function summaryOf(
  position: ListingPosition,
  filtered: boolean,
  past: boolean,
  lang: PageLang,
): string {
  const { t } = lang;
  const { currentPage: current, lastPage: last, total } = position;
  const pages = last > 1 ? ` · ${t.pageOf(numberText(lang, current), numberText(lang, last))}` : '';
  if (!filtered) {
    if (total === 0) return past ? t.noPast : t.noUpcoming;
    return `${countText(lang, past ? t.pastCount : t.upcomingCount, total)}${pages}`;
  }
  return total === 0 ? t.noMatch : `${countText(lang, t.matchCount, total)}${pages}`;
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
  const { t } = langOf(place);
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${text}</a>`;
  const reset = listingPageHref(place, 1);
  if (state.invalid) return `<p>${t.correctFilters(link(reset, t.clearThem))}</p>`;
  if (events.length > 0) {
    return `<ol class="events"${position.from && position.from > 1 ? ` start="${position.from}"` : ''}>
${events.map((event) => eventItem(event, place)).join('\n')}
</ol>`;
  }
  if (position.currentPage > 1) {
    return `<p>${t.emptyPage(link(state.firstPage, t.seeFirstPage))}</p>`;
  }
  if (state.filtered) return `<p>${t.noMatchClear(link(reset, t.clearFilters))}</p>`;
  // Nothing to come may still mean a programme that was (docs/api.md §10.20), and the reverse.
  if (place.past)
    return `<p>${t.noPastSee(link(listingPageHref(upcomingListing(place), 1), t.seeUpcoming))}</p>`;
  return place.noPast
    ? `<p>${escapeHtml(t.noUpcoming)}</p>`
    : `<p>${t.noUpcomingSee(link(listingPageHref(pastListing(place), 1), t.seePast))}</p>`;
}

/**
 * The link between a listing and its past page (docs/api.md §10.20), with the same filters but
 * the dates (which are the upcoming dates' or the past ones'), after the list.
 */
function otherListing(place: ListingPlace, filter: ListFilter): string {
  if (place.noPast && !place.past) return '';
  const { t } = langOf(place);
  const query = filterQuery(withoutDates(filter));
  const [other, label] = place.past
    ? [upcomingListing(place), t.upcomingLink]
    : [pastListing(place), t.pastLink];
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
 * page of `events` (already in the API's order), docs/api.md §10.5, in `place`'s language. With
 * `filters` (the origin's page): the filter form above the list, the summary and
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
  const lang = langOf(place);
  const { t } = lang;
  const { currentPage: current, lastPage: last } = position;
  const filter = shownFilter(filters?.query.filter ?? NO_FILTER);
  const filtered = isFiltered(filter);
  const invalid = filters !== undefined && !isValid(filters.query);
  const query = filterQuery(filter);
  const href = (page: number) => listingPageHref(place, page, query);
  const outOfRange = events.length === 0 && current > 1;
  const form = filters ? `${filterForm({ place, ...filters })}\n` : '';
  const list = listOf(events, position, place, { filtered, invalid, firstPage: href(1) });
  const rel = (page: number, kind: string) =>
    `\n<link rel="${kind}" href="${escapeHtml(`${context.base}${href(page)}`)}">`;
  const summary = invalid
    ? t.needsCorrecting
    : summaryOf(position, filtered, place.past === true, lang);
  const body = `${listingHeader(place, context, summary, filter)}
<main>
${form}${list}
${invalid ? '' : `${pagination(position, href, lang)}\n${otherListing(place, filter)}`}
</main>`;
  const title = `${headingOf(place)}${filtered && !invalid ? `: ${describeFilter(filter, lang)}` : ''}`;
  const marked = invalid ? t.errorTitle(title) : title;
  return pageShell({
    title: current > 1 ? t.pageTitle(marked, numberText(lang, current)) : marked,
    description: place.past ? t.pastDescription(place.name) : t.upcomingDescription(place.name),
    canonical: `${context.base}${href(current)}`,
    // A filtered page repeats the unfiltered pages' events in endless combinations: search
    // engines should index the listing itself, not each combination.
    noindex: outOfRange || filtered || invalid,
    links:
      (current > 1 && current <= last ? rel(current - 1, 'prev') : '') +
      (current < last ? rel(current + 1, 'next') : '') +
      feedLink(place, context) +
      // Its other languages (docs/api.md §10.24), when its events have more than one.
      languageLinks(events, `${context.base}${href(current)}`),
    jsonLd: structuredDataOf(events, place, context),
    body,
    lang,
  });
}
