/**
 * The month view of the listing page, `/t/{slug}/events?view=calendar&month=YYYY-MM`
 * (docs/api.md §10.5): the month as an HTML table, one cell per day listing that day's events (a
 * tour on each of its stop days), each title linking to its event page (a stop to its anchor),
 * cancelled ones marked, a postponed or rescheduled one saying so with its reason and any entry
 * its door time (docs/api.md §10.20); the day number links to the list of that day. The filter
 * form (category, search, month), previous and next month links, and the same JSON-LD as the
 * list. Plain HTML, no script: it works with JavaScript off. Of several venues (docs/api.md §10.16), each entry
 * names its venue and links to its venue's event page. In the listing's language (`place.lang`):
 * its words, the month's and weekdays' names and the times as `Intl` writes them there.
 */
import type { EventResource } from '../../shared/contract.js';
import { hasAllAccess, type AccessCount } from '../../shared/rules/access.js';
import { allDayLast } from '../../shared/rules/all-day.js';
import type { CategoryCount } from '../../shared/rules/categories.js';
import {
  filterQuery,
  isFiltered,
  listedDates,
  type ListFilter,
} from '../../shared/rules/filters.js';
import { labelTime, stopAnchor } from '../../shared/rules/structured-data.js';
import { dateTimeFormat } from '../../shared/rules/wall-clock.js';
import { escapeHtml } from '../lib/html.js';
import type { Schedule } from '../../shared/rules/structured-data.js';
import {
  allDayDates,
  doorsText,
  endOf,
  fewTicketsLeft,
  fullStop,
  performersText,
  priceLine,
  scheduleOf,
  scheduleText,
} from './event-facts.js';
import { filterForm } from './filter-form.js';
import { countText, numberText, textLang, type PageLang } from './i18n/index.js';
import {
  describeFilter,
  feedLink,
  headingOf,
  listingHeader,
  structuredDataOf,
} from './listing-page.js';
import { eventVenue, langOf, upcomingListing, type ListingPlace } from './listing-place.js';
import {
  isValid,
  listingPageHref,
  monthViewHref,
  shiftMonth,
  type ListingQuery,
} from './page-query.js';
import {
  clockText,
  eventHref,
  pageShell,
  startDateOf,
  type PageContext,
  type PageVenue,
} from './page-shell.js';
import { DAY_MS } from '../../shared/rules/days.js';
import { monthDates, monthGrid, monthOf } from '../../shared/rules/month-grid.js';

/** Most events a month view reads; past it the page says so (filters narrow it). */
export const MONTH_MAX_EVENTS = 500;

/** Most entries a day cell lists; the rest are behind its "more" link to that day's list. */
const DAY_MAX_ENTRIES = 4;

export interface MonthViewInput {
  /** The events passing the filter on a day of the month, in the API's order (at most 500). */
  events: readonly EventResource[];
  /** How many events pass it in all (more than `events.length` when cut at 500). */
  total: number;
  query: ListingQuery;
  /** The venue's categories as `categoriesDocument` merges them (docs/api.md §10.13). */
  categories: readonly CategoryCount[];
  /** The access ids listed events have, in vocabulary order (docs/api.md §10.15); absent: none. */
  access?: readonly AccessCount[];
  /** The listing: a venue's own, or several venues' (docs/api.md §10.16). */
  place: ListingPlace;
  context: PageContext;
}

/** One line of a day cell: an event on its date, or a tour's stop. */
interface Entry {
  resource: EventResource;
  /** The event's own venue (`eventVenue`). */
  venue: PageVenue;
  /** `HH:MM:SS`, venue-local. */
  time: string;
  /** The venue-local end (docs/api.md §10.18), when the venue gives one. */
  end?: { date: string; time: string };
  /** An all-day date's last day, `YYYY-MM-DD` inclusive (docs/api.md §10.22): no time shown. */
  last?: string;
  cancelled: boolean;
  /** The event page, for a stop with its anchor. */
  href: string;
  /** The date's schedule (docs/api.md §10.20): a stop's own, else the event's. */
  schedule: Schedule;
}

/**
 * `December 2026` (`Dezember 2026`), or `December` alone (the month's parts only: no zone can
 * shift it). The month stands alone, so `Intl` writes its standalone form (`grudzień 2026`).
 */
const monthName = (month: string, lang: PageLang, style: 'long' | 'monthOnly' = 'long'): string =>
  dateTimeFormat(lang.intl, {
    month: 'long',
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T12:00:00Z`));

/**
 * What follows a day's number in its cell's accessible name, so the two read as a date: the
 * month as `lang` writes it after a day (` December`, `. Dezember`, ` grudnia`), from `Intl`'s
 * parts of that date; the month's own name where the day does not come first.
 */
function afterDayNumber(date: string, lang: PageLang): string {
  const parts = dateTimeFormat(lang.intl, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).formatToParts(new Date(`${date}T12:00:00Z`));
  return parts[0]?.type === 'day'
    ? parts
        .slice(1)
        .map((part) => part.value)
        .join('')
    : ` ${monthName(date.slice(0, 7), lang, 'monthOnly')}`;
}

// Weeks start on Monday in every language: ISO 8601 (and most of the venues' countries), the
// grid the docs describe (docs/api.md §10.5), rather than each reader's convention.
/** A Monday, and the six days after it: the weekdays' names are `Intl`'s of these dates. */
const MONDAY = Date.UTC(2024, 0, 1, 12);

/** The header cell of each weekday, Monday first: its short name, its full one as the title. */
function weekdayCells(lang: PageLang): string[] {
  const long = dateTimeFormat(lang.intl, { weekday: 'long', timeZone: 'UTC' });
  const short = dateTimeFormat(lang.intl, { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(MONDAY + i * DAY_MS);
    return `<th scope="col"><abbr title="${escapeHtml(long.format(day))}">${escapeHtml(short.format(day))}</abbr></th>`;
  });
}

/**
 * Each day of `days` with its entries, soonest first: a single event on its date, a tour on each
 * of its listed stop days (`listedDates`: from `today` on, cancelled stops too), once per stop;
 * with `access` ids (docs/api.md §10.15), only the dates and stops having them all, as the feed.
 */
function entriesByDay(
  events: readonly EventResource[],
  days: readonly string[],
  place: ListingPlace,
  { today, access }: { today: string; access: readonly string[] },
): Map<string, Entry[]> {
  const byDay = new Map<string, Entry[]>(days.map((day) => [day, []]));
  for (const resource of events) {
    const a = resource.attributes;
    const venue = eventVenue(resource, place);
    const page = eventHref(venue.slug, a.slug, langOf(place));
    const cancelled = a.publish_status === 'cancelled';
    for (const date of listedDates(resource, today)) {
      const entries = byDay.get(date);
      if (!entries) continue;
      if (a.date_mode === 'single') {
        if (hasAllAccess(a.access, access)) {
          const end = endOf(a, date, a.event_time);
          const time = a.event_time;
          const schedule = scheduleOf(a);
          const last = allDayLast(a, date);
          entries.push({
            resource,
            venue,
            time,
            ...(end && { end }),
            ...(last && { last }),
            cancelled,
            href: page,
            schedule,
          });
        }
        continue;
      }
      const stops = a.occurrences.filter(
        (o) => o.occurrence_date === date && hasAllAccess(o.access, access),
      );
      for (const stop of stops) {
        const time = labelTime(stop.time_label) ?? '00:00:00';
        const href = `${page}#${stopAnchor(date, time)}`;
        const stopCancelled = cancelled || stop.status === 'cancelled';
        const end = endOf(a, date, time, stop);
        const last = allDayLast(stop, date);
        entries.push({
          resource,
          venue,
          time,
          ...(end && { end }),
          ...(last && { last }),
          cancelled: stopCancelled,
          href,
          schedule: scheduleOf(a, stop),
        });
      }
    }
  }
  // Stable: events at the same time keep the API's order.
  for (const entries of byDay.values())
    entries.sort((x, y) => (x.time < y.time ? -1 : x.time > y.time ? 1 : 0));
  return byDay;
}

/**
 * ` <span class="schedule-status">Postponed. Illness</span>`: an entry's changed plans with the
 * venue's reason (docs/api.md §10.20), escaped; '' when they did not change or it is cancelled.
 */
function entrySchedule(entry: Entry, date: string, lang: PageLang): string {
  const text = entry.cancelled ? '' : scheduleText(entry.schedule, date, lang);
  if (!text) return '';
  const reason = entry.schedule.status_reason ? ` ${entry.schedule.status_reason}` : '';
  return ` <span class="schedule-status">${escapeHtml(`${text}${fullStop(text)}${reason}`)}</span>`;
}

/**
 * ` <span class="facts">Doors 19:00 · £12 · With Alice and Bob · Few tickets left</span>`: an
 * entry's door time (docs/api.md §10.20) and facts of §10.18, escaped; '' for an event without
 * them (and "Few tickets left" only on a date not cancelled, while the office is open).
 */
function entryFacts(entry: Entry, lang: PageLang): string {
  const a = entry.resource.attributes;
  const facts = [
    doorsText(entry.schedule, lang),
    priceLine(a, lang),
    performersText(a, lang),
    !entry.cancelled && fewTicketsLeft(a) ? lang.t.fewLeft : '',
  ].filter(Boolean);
  return facts.length ? ` <span class="facts">${escapeHtml(facts.join(' · '))}</span>` : '';
}

/**
 * `<time datetime="2026-12-12">All day</time>` in place of an entry's times (docs/api.md
 * §10.22); a span's days after it, `All day (12–14 Dec)`.
 */
function allDayTime(date: string, last: string, lang: PageLang): string {
  const span = last === date ? '' : ` (${allDayDates(date, last, lang, false)})`;
  return `<time datetime="${escapeHtml(date)}">${escapeHtml(`${lang.t.allDay}${span}`)}</time>`;
}

/** One entry of a day cell: its times, its title linking to its page, its marks and facts. */
function entryLine(entry: Entry, date: string, place: ListingPlace): string {
  const lang = langOf(place);
  const title = escapeHtml(entry.resource.attributes.title);
  const mark = entry.cancelled ? ` <span class="cancelled">${lang.t.cancelledMark}</span>` : '';
  const { name } = entry.venue;
  const at = name === place.name ? '' : ` <span class="muted">· ${escapeHtml(name)}</span>`;
  const zoned = startDateOf(entry.venue);
  const start = zoned(date, entry.time);
  const { end } = entry;
  const until = end
    ? `–<time datetime="${escapeHtml(zoned(end.date, end.time))}">${escapeHtml(clockText(end.time, lang))}</time>`
    : '';
  return `<li>${entry.last ? allDayTime(date, entry.last, lang) : `<time datetime="${escapeHtml(start)}">${escapeHtml(clockText(entry.time, lang))}</time>${until}`} <a href="${escapeHtml(entry.href)}"${textLang(entry.resource.attributes, lang)}>${entry.cancelled ? `<del>${title}</del>` : title}</a>${mark}${entrySchedule(entry, date, lang)}${at}${entryFacts(entry, lang)}</li>`;
}

/**
 * One day's cell: its number (a link to that day's list when it has events) and its entries, each
 * at its own venue's offset and, in a listing not named after that venue, naming it.
 */
function dayCell(
  date: string,
  entries: readonly Entry[],
  input: MonthViewInput,
  dayHref: (date: string) => string,
): string {
  const { place, context } = input;
  const lang = langOf(place);
  const { t } = lang;
  const number = `<time datetime="${date}">${numberText(lang, Number(date.slice(8)))}</time>`;
  const today = date === context.today;
  const attrs = today
    ? ' class="today" aria-current="date"'
    : date < context.today
      ? ' class="past"'
      : '';
  const where = `${afterDayNumber(date, lang)}${today ? `, ${t.today}` : ''}`;
  if (entries.length === 0) {
    return `<td${attrs}><span class="day">${number}${today ? `<span class="vh"> (${t.today})</span>` : ''}</span></td>`;
  }
  const lines = entries
    .slice(0, entries.length > DAY_MAX_ENTRIES ? DAY_MAX_ENTRIES - 1 : DAY_MAX_ENTRIES)
    .map((entry) => entryLine(entry, date, place));
  const more = entries.length - lines.length;
  if (more > 0) {
    lines.push(
      `<li><a href="${escapeHtml(dayHref(date))}">${escapeHtml(countText(lang, t.moreCount, more))}</a></li>`,
    );
  }
  const count = escapeHtml(countText(lang, t.eventCount, entries.length));
  return `<td${attrs}><a class="day" href="${escapeHtml(dayHref(date))}">${number}<span class="vh">${escapeHtml(where)}: ${count}</span></a>
<ul>${lines.join('')}</ul></td>`;
}

/**
 * The month's table: a caption naming it, weekday column headers, a row per week of the widget's
 * own grid (`monthGrid`, Monday first), the neighbouring months' days left empty.
 */
function monthTable(input: MonthViewInput, filter: ListFilter): string {
  const month = input.query.month;
  const byDay = entriesByDay(input.events, monthDates(month), input.place, {
    today: input.context.today,
    access: filter.access ?? [],
  });
  const dayHref = (date: string) =>
    listingPageHref(input.place, 1, filterQuery({ ...filter, startDate: date, endDate: date }));
  const weeks = monthGrid(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1);
  const rows = weeks.map((week) => {
    const cells = week.map((date) =>
      monthOf(date) === month ? dayCell(date, byDay.get(date)!, input, dayHref) : '<td></td>',
    );
    return `<tr>\n${cells.join('\n')}\n</tr>`;
  });
  return `<table class="month">
<caption>${escapeHtml(monthName(month, langOf(input.place)))}</caption>
<thead><tr>${weekdayCells(langOf(input.place)).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

/** Previous and next month links (none before the venue's current month: nothing is listed then). */
function monthNav(input: MonthViewInput, query: string): string {
  const { month } = input.query;
  const { place } = input;
  const lang = langOf(place);
  const previous = month > monthOf(input.context.today) ? shiftMonth(month, -1) : undefined;
  const next = shiftMonth(month, 1);
  const item = (target: string | undefined, label: string, rel: string) =>
    target
      ? `<a href="${escapeHtml(monthViewHref(place, target, query))}" rel="${rel}">${label}</a>`
      : `<span aria-disabled="true">${label}</span>`;
  const name = (target: string | undefined, fallback: string) =>
    target ? escapeHtml(monthName(target, lang)) : fallback;
  return `<nav aria-label="${lang.t.monthsLabel}">
<ol><li>${item(previous, `<span aria-hidden="true">«</span> ${name(previous, lang.t.previous)}`, 'prev')}</li><li>${item(next, `${name(next, lang.t.next)} <span aria-hidden="true">»</span>`, 'next')}</li></ol>
</nav>`;
}

/**
 * The line under the month view's title, and what it says above the table: why there is no
 * table (bad filters), that nothing matches, or that the month lists more than it shows.
 */
function monthSummary(input: MonthViewInput): { summary: string; notice: string } {
  const { query, place, events, total } = input;
  const lang = langOf(place);
  const { t } = lang;
  const filtered = isFiltered(query.filter);
  const name = monthName(query.month, lang);
  const reset = `<a href="${escapeHtml(monthViewHref(place, query.month))}">`;
  if (!isValid(query)) {
    return {
      summary: t.needsCorrecting,
      notice: `<p>${t.correctCalendar(`${reset}${t.clearThem}</a>`)}</p>`,
    };
  }
  const counted = countText(lang, filtered ? t.matchCount : t.eventCount, total);
  const summary = `${name} · ${total === 0 ? (filtered ? t.noneMatch : t.nothingListed) : counted}`;
  let notice = '';
  if (total === 0 && filtered) {
    notice = `<p>${t.noMatchIn(escapeHtml(name), `${reset}${t.clearFilters}</a>`)}</p>`;
  } else if (total > events.length) {
    const shown = numberText(lang, events.length);
    notice = `<p>${t.showingFirst(shown, countText(lang, t.eventCount, total))}</p>`;
  }
  return { summary, notice };
}

/**
 * The month view's HTML (docs/api.md §10.5): `input.events` placed on their days of
 * `input.query.month`; with bad values in `input.query`, the form with their messages and no
 * table (the router answers 400). Always `noindex`: it shows the list's events again, and its
 * month links go on without end. In the listing's language (`place.lang`).
 */
export function monthPage(input: MonthViewInput): string {
  const { query, place, context, events } = input;
  const lang = langOf(place);
  const { t } = lang;
  const filtered = isFiltered(query.filter);
  const invalid = !isValid(query);
  const name = monthName(query.month, lang);
  const canonicalQuery = filterQuery(query.filter);
  const { summary, notice } = monthSummary(input);
  const body = `${listingHeader(place, context, summary, query.filter)}
<main>
${filterForm({ place, query, categories: input.categories, access: input.access })}
${[notice, ...(invalid ? [] : [monthNav(input, canonicalQuery), monthTable(input, query.filter)])].filter(Boolean).join('\n')}
</main>`;
  const heading = headingOf(upcomingListing(place));
  return pageShell({
    title: invalid
      ? t.errorTitle(`${heading} · ${t.monthView}`)
      : `${heading} · ${name}${filtered ? `: ${describeFilter(query.filter, lang)}` : ''}`,
    description: t.monthDescription(place.name, name),
    canonical: `${context.base}${monthViewHref(place, query.month, canonicalQuery)}`,
    noindex: true,
    links: feedLink(place, context),
    jsonLd: invalid ? [] : structuredDataOf(events, place, context),
    body,
    lang,
  });
}
