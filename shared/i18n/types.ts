/**
 * The shape of a language's dictionary (docs/architecture.md "Where each rule lives": strings):
 * the words the widget and the server's pages both say, one table per language beside this file
 * (`de.ts`, `pt-BR.ts`, …). Sections follow the widget's chunks, so that each chunk takes only the
 * section it shows: the card's words (`card`, the first paint and the language's chunk), the
 * list's controls (`list`), the filter bar (`filters`), the past events (`past`) and the
 * calendar (`calendar`). The pages' tables (`server/pages/i18n/`) take these words and add their
 * own; the widget's (`widget/i18n/`) take them and add what only the widget says.
 *
 * Plain text without `<`, `>`, `&` or `"` (the pages write them as they are); a function's
 * argument is inserted as given.
 */

/** A card's words: its buy control, its facts (docs/api.md §10.18, §10.20, §10.22), its menu. */
export interface CardWords {
  /** The buy control, and the event page's link to the shop: "Buy tickets". */
  buy: string;
  /** A date without a new one yet (`schedule_status`). */
  postponed: string;
  /** A date moved to the one shown. */
  rescheduled: string;
  /** Beside the start time: "Doors 19:00" (`time` as the language writes a time). */
  doors: (time: string) => string;
  /** An all-day date, said in place of its time: "All day". */
  allDay: string;
  /** A price of nothing. */
  free: string;
  /** "With Alice, Bob and Carol" (`names` a list `Intl.ListFormat` wrote). */
  withPerformers: (names: string) => string;
  /** The venue's "nearly sold out". */
  fewLeft: string;
  /** The access provisions' heading (docs/api.md §10.15). */
  access: string;
  addToCalendar: string;
  /** A sold-out event's closed control and the pages' line (docs/api.md §10.23). */
  soldOut: string;
  /** A sold-out event's link to its waiting list. */
  joinWaitlist: string;
  /** Before sales open: "On sale Fri 12 Dec, 10:00" (`when` as the card writes an instant). */
  onSale: (when: string) => string;
  /** The calendar reminder of the instant sales open. */
  remindMe: string;
  /** The link to directions to the venue or a stop (OpenStreetMap). */
  directions: string;
}

/** The list's pagination. */
export interface ListWords {
  previous: string;
  next: string;
}

/** The filters' labels (docs/api.md §10.12, §10.15): the widget's filter bar, the pages' form. */
export interface FilterWords {
  /** The category filter's label. */
  category: string;
  allCategories: string;
  /** The access filter's label. */
  access: string;
}

/** The links between the upcoming and the past events (docs/api.md §10.20). */
export interface PastWords {
  pastEvents: string;
  upcomingEvents: string;
}

/** Every word a language's widget and pages both say. */
export interface Dictionary {
  card: CardWords;
  list: ListWords;
  filters: FilterWords;
  past: PastWords;
}
