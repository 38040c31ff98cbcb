/**
 * The shape of the server pages' string tables (docs/api.md §10.5, §10.6, §10.20): every word the
 * listing page, its month view and past page, the event page, the filter form and the calendar
 * files write themselves, in one table per language (`en.ts`, `de.ts`, …), which takes the words
 * the widget says too from the language's dictionary (`shared/i18n/`) and adds the pages' own.
 * The venue's own text (titles, descriptions, reasons, categories, places) is never here: it is
 * shown as given.
 *
 * Every table is a `PageStrings<P>` with `P` its language's plural categories, so a missing key,
 * or a count missing a form its language needs (Polish and Czech `few` and `many`, Arabic all six),
 * fails the type check; test/server/pages-locale.test.ts checks `P` against `Intl.PluralRules`.
 *
 * The strings are plain text with no `<`, `>`, `&` or `"` (the test checks it), so the renderers
 * may write them into an element or an attribute as they are; a function's arguments are
 * inserted as given, so the caller escapes the venue's text where the result is HTML. An argument
 * named `link` is HTML (an `<a>` the caller wrote), placed where the sentence links.
 */
import type { AccessId } from '../../../shared/rules/access-ids.js';

/** A plural category of `Intl.PluralRules` (cardinal). */
export type PluralCategory = Intl.LDMLPluralRule;

/**
 * The wordings of a count, one per plural category of the language (`other` always); `#` stands
 * for the count as the language writes numbers (`Intl.NumberFormat`).
 */
export type Plural<P extends PluralCategory> = Readonly<Record<P | 'other', string>>;

/** The filter form's fields (docs/api.md §10.5, §10.12, §10.15), named as their parameters. */
export type FieldName = 'categories' | 'access' | 'search' | 'start_date' | 'end_date' | 'month';

/** Every string of the pages in one language, `P` its plural categories. */
export interface PageStrings<P extends PluralCategory> {
  // The listing's header and titles (docs/api.md §10.5, §10.20).
  /** The listing's heading: "What's on at Blue Room". */
  whatsOnAt: (name: string) => string;
  /** The past page's heading: "Past events at Blue Room". */
  pastEventsAt: (name: string) => string;
  subscribe: string;
  /** "Subscribe to Jazz, Folk only": the feed of the categories filtered by. */
  subscribeOnly: (categories: string) => string;
  downloadAll: string;
  /** The venue's own website: "Blue Room's website". */
  website: (name: string) => string;
  /** The title of the feed's `<link rel="alternate">`: "Blue Room calendar". */
  feedTitle: (name: string) => string;
  /** A page's title when a filter is refused: "Error: What's on at Blue Room". */
  errorTitle: (title: string) => string;
  /** A later page's title: "What's on at Blue Room · page 2". */
  pageTitle: (title: string, page: string) => string;
  upcomingDescription: (name: string) => string;
  pastDescription: (name: string) => string;
  /** The month view's description: "Events at Blue Room in December 2026: …". */
  monthDescription: (name: string, month: string) => string;
  /** After the heading in a refused month view's title: "month view". */
  monthView: string;
  // A filter in a title: "jazz or rock, Captioned, “late jaz”, from 2026-12-01, to 2026-12-31".
  quoted: (words: string) => string;
  fromDate: (date: string) => string;
  toDate: (date: string) => string;

  // The summary under the heading and the empty states.
  upcomingCount: Plural<P>;
  pastCount: Plural<P>;
  /** "# events": a month's count, a day's, "Showing the first 500 of # events". */
  eventCount: Plural<P>;
  /** "# events match these filters". */
  matchCount: Plural<P>;
  /** After a count: "page 2 of 3". */
  pageOf: (current: string, last: string) => string;
  noUpcoming: string;
  noPast: string;
  noMatch: string;
  /** In the month view's summary, after the month: "no events match these filters". */
  noneMatch: string;
  /** In the month view's summary, after the month: "nothing listed". */
  nothingListed: string;
  needsCorrecting: string;
  /** "No upcoming events. Check back soon, or {link}.", the link `seePast`. */
  noUpcomingSee: (link: string) => string;
  seePast: string;
  /** "No past events. {link}.", the link `seeUpcoming`. */
  noPastSee: (link: string) => string;
  seeUpcoming: string;
  /** "There are no events on this page. {link}.", the link `seeFirstPage`. */
  emptyPage: (link: string) => string;
  seeFirstPage: string;
  /** "No events match these filters. {link} to see every event.", the link `clearFilters`. */
  noMatchClear: (link: string) => string;
  /** "Correct the filters above to see events, or {link}.", the link `clearThem`. */
  correctFilters: (link: string) => string;
  /** The month view's: "… to see the calendar, or {link}.". */
  correctCalendar: (link: string) => string;
  clearThem: string;
  /** "No events match these filters in December 2026. {link} to see every event.". */
  noMatchIn: (month: string, link: string) => string;
  /** "Showing the first 500 of 612 events this month: …", `events` an `eventCount`. */
  showingFirst: (shown: string, events: string) => string;
  /** The link from the listing to its past page, and back (docs/api.md §10.20). */
  pastLink: string;
  upcomingLink: string;

  // An event in the list, the month view and the event page.
  /** A tour's count of dates: "# dates". */
  dateCount: Plural<P>;
  /** "3 dates; this one cancelled": the date shown of a tour is a cancelled stop. */
  andThisOneCancelled: (dates: string) => string;
  /** "Access: Captioned, Hearing loop" (docs/api.md §10.15). */
  accessLine: (labels: string) => string;
  /** What separates the items of a plain list (labels, categories): ", " (Arabic "، "). */
  comma: string;
  /** "Cancelled." before the venue's reason. */
  cancelled: string;
  /** A cancelled date or stop beside it: "(cancelled)". */
  cancelledMark: string;
  previous: string;
  next: string;
  /** The pagination's name: "Pages of events". */
  pagesLabel: string;
  /** The month view's month links' name: "Months". */
  monthsLabel: string;
  /** A day of the month view that is today: "today". */
  today: string;
  /** A day's entries past the first few: "# more". */
  moreCount: Plural<P>;

  // The facts of docs/api.md §10.18 and §10.20.
  /** "With Alice, Bob and Carol", `names` a list `Intl.ListFormat` wrote. */
  withPerformers: (names: string) => string;
  /** A price of nothing. */
  free: string;
  fewLeft: string;
  postponed: string;
  rescheduled: string;
  /** "Rescheduled — was Fri 5 Dec" (`when` as the language writes a date). */
  rescheduledWas: (when: string) => string;
  /** "Doors 19:00" (`time` as the language writes a time). */
  doors: (time: string) => string;
  /** An all-day date (docs/api.md §10.22), said in place of its time: "All day". */
  allDay: string;
  /** The age limit: "14+" (`age` a number as the language writes it). */
  age: (age: string) => string;
  /** The access provisions' labels (docs/api.md §10.15). */
  accessLabels: Readonly<Record<AccessId, string>>;

  // The event page (docs/decisions.md "Buy link", docs/api.md §10.19, §10.20).
  ticketsOnSaleUntil: (when: string) => string;
  ticketsOnSale: string;
  salesClosed: string;
  salesEnded: string;
  eventEnded: string;
  cancelledNoSales: string;
  notSoldOnline: string;
  /** A tour stop's link to its own ticket shop. */
  tickets: string;
  buyTickets: string;
  /** The "Access" section's heading and the form's fieldset. */
  access: string;
  /** A tour stop without provisions in the "Access" section. */
  noneListed: string;
  /** The heading of a single date. */
  when: string;
  /** The heading of a tour's dates. */
  dates: string;
  addToCalendar: string;
  allEventsAt: (name: string) => string;
  /** The footer of an event sold at the venue's shop: "Blue Room sells tickets … at host.". */
  sellsAt: (venue: string, host: string) => string;
  /** The footer without a shop; `option` is `<code>--upstream</code>`. */
  sellsOnPlatform: (venue: string, option: string) => string;

  // The calendar files and links (docs/api.md §10.6).
  /** "Price: £12–£18" in a `DESCRIPTION`. */
  price: (price: string) => string;
  /** A tour's cancelled stop in a `DESCRIPTION`. */
  dateCancelled: string;
  /** The details of a Google or Outlook link: "Event page: https://…". */
  eventPage: (url: string) => string;
  /** The name of a feed of saved events (`ids`, `X-WR-CALNAME`): "Blue Room (saved events)". */
  savedEvents: (name: string) => string;

  // The filter form (docs/api.md §10.5, §10.12, §10.15).
  fields: Readonly<Record<FieldName, string>>;
  allCategories: string;
  /** The form's name and its button. */
  findEvents: string;
  clearFilters: string;
  showList: string;
  showMonth: string;
  /** The month field's placeholder: "YYYY-MM". */
  monthPlaceholder: string;
  // Its messages by a refused value (the page answers 400).
  oneValue: (label: string) => string;
  maxCategories: Plural<P>;
  /** An unknown access id; `ids` the vocabulary's ids. */
  accessUnknown: (id: string, ids: string) => string;
  accessTwice: string;
  maxSearch: Plural<P>;
  realDate: (label: string, value: string) => string;
  toBeforeFrom: (to: string, from: string) => string;
  /** `days` a `dayCount`: "Choose “From” and “To” dates at most 366 days apart.". */
  rangeTooWide: (from: string, to: string, days: string) => string;
  dayCount: Plural<P>;
  monthFormat: (example: string, value: string) => string;
  badValue: (label: string) => string;
}

/** A table of any language: what the renderers read (each count has at least `other`). */
export type AnyPageStrings = PageStrings<never>;
