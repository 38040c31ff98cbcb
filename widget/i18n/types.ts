/**
 * The shapes of the widget's string tables (docs/architecture.md "Where each rule lives":
 * strings). Types only, importing nothing of the widget (only the access ids' type from
 * `shared/`): every module that speaks imports them from here, so no module needs another's code
 * for a type. The keys are the same in every language (checked by
 * these types). An accessible name begins with the control's visible text (WCAG 2.5.3): `buyFor`
 * with `buy`, `addToCalendarFor` with `addToCalendar`, `shareFor` with `share`, `saveFor` with
 * `save`.
 */
import type { TicketOfficeReason } from '../../shared/contract.js';
import type { AccessId } from '../../shared/rules/access-ids.js';

/**
 * The strings every element and the first paint need: English ships in the script (`en.ts`),
 * German and French load on first use with the list's and the filter bar's (`de.ts`, `fr.ts`).
 */
export interface CoreMessages {
  /** `rtl` for a language written right to left (`ar`, `he`): the widget's root's `dir`. */
  dir?: 'rtl';
  loading: string;
  empty: string;
  error: string;
  retry: string;
  /** An unknown venue, named: `No venue "nigth-owl" was found.` */
  venueNotFound: (venue: string) => string;
  eventNotFound: string;
  refreshFailed: string;
  notShown: string;
  someNotShown: string;
  buy: string;
  buyFor: (title: string) => string;
  /**
   * "Sales close in 3 hours" (`when` as `Intl.RelativeTimeFormat` says it) or "Sales close Fri 5
   * Dec, 17:00": one sentence for both in every language the widget speaks.
   */
  salesClose: (when: string) => string;
  /**
   * The closed buy control's words by the office's `reason` (docs/api.md §2.4), and `sold_out`
   * for an office closed by hand that says it is sold out (§10.23).
   */
  closed: Record<TicketOfficeReason | 'sold_out', string>;
  cancelled: string;
  stopCancelled: string;
  /** The age limit's badge: "18+", "14+" (`min_age`, else 18 for `over_18`; api.md §10.20). */
  age: (n: number) => string;
  /** What the badge means, for its title and screen readers: "Over 14s only". */
  ageLabel: (n: number) => string;
  /** A date without a new one yet (docs/api.md §10.20, `schedule_status`). */
  postponed: string;
  /** A date moved to the one the card shows. */
  rescheduled: string;
  /** After "Rescheduled": the date it had, "Fri 5 Dec" (with its time when only that moved). */
  was: (date: string) => string;
  /** Beside the start time: "Doors 19:00" (`time` as the card writes times). */
  doors: (time: string) => string;
  /** An all-day date (docs/api.md §10.22), said in place of its time: "All day". */
  allDay: string;
  nextStop: string;
  allStops: string;
  imageAlt: (title: string) => string;
  events: string;
  addToCalendar: string;
  addToCalendarFor: (what: string) => string;
  /** The calendar menu's file entry (`calendar-menu.ts`). */
  calendarFile: string;
  /**
   * The card menu's reminder of the instant sales open (docs/api.md §10.23) and its link to
   * directions to the event's place (§10.25); absent in English, whose words come with the menu
   * (`calendar-menu.ts`), not with the elements every card waits for.
   */
  remindMe?: string;
  directions?: string;
  share: string;
  shareFor: (title: string) => string;
  linkCopied: string;
  /** The "Save" toggle (`saved.ts`). */
  save: string;
  saveFor: (title: string) => string;
  /** A price of nothing (docs/api.md §10.18): "Free". */
  free: string;
  /** Who is playing: "With Alice, Bob and Carol" (`names` a list `Intl.ListFormat` wrote). */
  withPerformers: (names: string) => string;
  /** The venue's "nearly sold out", beside an open buy control (docs/api.md §10.18). */
  fewLeft: string;
  /** A sold-out event's link to its waiting list (docs/api.md §10.23). */
  joinWaitlist: string;
  /** Before sales open (docs/api.md §10.23): "On sale Fri 12 Dec, 10:00" (`when` an instant). */
  onSale: (when: string) => string;
  access: string;
  /** Every access id's label (docs/api.md §10.15). */
  accessLabels: Record<AccessId, string>;
}

/** The strings of the list's controls loaded after its first cards (`list-controls.ts`). */
export interface ListMessages {
  views: string;
  listView: string;
  calendarView: string;
  noMatch: string;
  resetFilters: string;
  /** What the live region says once the visitor's filters loaded: "3 events match". */
  matches: (n: number) => string;
  pagination: string;
  previous: string;
  next: string;
  page: (n: number) => string;
  pageAnnounce: (n: number, last: number) => string;
}

/**
 * The past events' strings (`views` with `past`, docs/api.md §10.20; `past.ts`): with the list's
 * controls, in every language, not in the German and French chunks every first card in those
 * languages waits for.
 */
export interface PastMessages {
  /** The control at the end of the list that shows the past events, and the list's name then. */
  pastEvents: string;
  /** The control that goes back from the past events to the upcoming ones. */
  upcomingEvents: string;
  /** After "No upcoming events" (`CoreMessages.empty`): the control that shows the past ones. */
  seePast: string;
  /** The past events view of a venue without any. */
  noPast: string;
  /** What the live region says once the past events loaded: "12 past events, newest first". */
  pastShown: (n: number) => string;
  /** And once the upcoming ones are back: "5 upcoming events". */
  upcomingShown: (n: number) => string;
}

/** The filter bar's strings (`venue-events-filters.ts`). */
export interface FilterMessages {
  category: string;
  allCategories: string;
  search: string;
  from: string;
  reset: string;
  resetLabel: string;
  subscribe: string;
  subscribeLabel: string;
  webcal: string;
  google: string;
  outlook: string;
  access: string;
  anyAccess: string;
  saved: (n: number) => string;
  savedLabel: (n: number) => string;
  addSaved: string;
  /** The "Venue" select of a list of several venues (docs/widget.md "Several venues"). */
  venue: string;
  allVenues: string;
  /**
   * The control that folds the bar in a narrow container (docs/widget.md "Filters"): "Filters",
   * or "Filters (2)" with `n` of its filters set.
   */
  filters: (n: number) => string;
}

/** `<venue-calendar>`'s strings (`venue-calendar.ts`). */
export interface CalendarMessages {
  /** The grid's name around the month heading, e.g. "Event calendar". */
  calendar: string;
  previousMonth: string;
  nextMonth: string;
  /** A day cell's count for a screen reader: "1 event", "3 events". */
  eventCount: (n: number) => string;
  /**
   * A day's count with its venues, in a calendar of several venues: "3 events: Harbour Hall and
   * Night Owl" (`venues` a list `Intl.ListFormat` wrote).
   */
  countAt: (count: string, venues: string) => string;
  /** The heading of a chosen day's list: "Events on Thursday 10 December". */
  dayHeading: (date: string) => string;
  noEvents: string;
  error: string;
  loading: string;
  /** A wide grid's day cell naming 3 of its events: "+2 more" (the rest, in the day's list). */
  more: (n: number) => string;
  /** A tour's cancelled stop on the chosen day: "Cancelled on this date: 19:30, Bristol". */
  stopCancelledOn: (what: string) => string;
}

/**
 * A language loaded on first use (`de.ts`, `fr.ts`, `es.ts`, …): its core, list and filter bar
 * tables; the languages after German and French bring their past events' and calendar's strings
 * too (`past.ts` and `calendar.ts` hold German's and French's), so English's chunks do not grow
 * with every language.
 */
export interface LanguagePack {
  core: CoreMessages;
  list: ListMessages;
  filters: FilterMessages;
  past?: PastMessages;
  calendar?: CalendarMessages;
}

/** A language with every table (`es.ts`, `pl.ts`, …). */
export type FullPack = Required<LanguagePack>;

/** A count's wordings by `Intl.PluralRules` category: `other` always, the rest as the language has. */
export type { PluralForms } from '../../shared/i18n/plural.js';

/** The locale an element speaks, resolved once per update (`resolveI18n` in `load.ts`). */
export interface I18n {
  /** The locale of the widget's own text and formatting: one with a table, else `en`. */
  locale: string;
  t: CoreMessages;
  /** The page's language around the element (for the venue's own texts), if it says. */
  contentLang: string | undefined;
}
