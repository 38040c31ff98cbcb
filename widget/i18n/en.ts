/**
 * The English core table (`CoreMessages`): the strings every element and the first paint need.
 * The script itself ships those its first paint draws (the first cards wait for nothing else);
 * the others (the elements' loading, error and empty states, "Link copied", "Save", the calendar
 * menu's file) come with the elements: `en-later.ts`, which every element's module imports
 * (`venue-element.ts`), completes this same table before any element renders. The list's, the
 * filter bar's and the calendar's English strings are in their own chunks (`list.en.ts`,
 * `filters.en.ts`, `calendar.en.ts`); German and French load on first use (`load.ts`). The words
 * the pages say too are English's dictionary's (`shared/i18n/en.ts`).
 */
import type { CoreMessages } from './types.js';
import {
  access,
  addToCalendar,
  allDay,
  buy,
  doors,
  fewLeft,
  free,
  joinWaitlist,
  onSale,
  postponed,
  rescheduled,
  soldOut,
  withPerformers,
} from '../../shared/i18n/en.js';
import { accessLabels } from '../../shared/access-labels/en.js';

/** The strings the first paint draws (`markup.ts`). */
const firstPaint = {
  loading: 'Loading events…',
  buy,
  buyFor: (title) => `Buy tickets for ${title}`,
  salesClose: (when) => `Sales close ${when}`,
  closed: {
    sold_out: soldOut,
    manual: 'Online sales closed',
    scheduled: 'Online sales have ended',
    event_ended: 'This event has ended',
    cancelled: 'Cancelled — no tickets on sale',
    not_ticketed: 'Not sold online',
  },
  cancelled: 'Cancelled',
  stopCancelled: 'cancelled',
  age: (n) => `${n}+`,
  ageLabel: (n) => `Over ${n}s only`,
  postponed,
  rescheduled,
  was: (date) => `(was ${date})`,
  doors,
  allDay,
  nextStop: 'Next date',
  allStops: 'All dates',
  imageAlt: (title) => `Image for ${title}`,
  events: 'Upcoming events',
  addToCalendar,
  addToCalendarFor: (what) => `Add to calendar: ${what}`,
  share: 'Share',
  shareFor: (title) => `Share: ${title}`,
  free,
  withPerformers,
  fewLeft,
  joinWaitlist,
  onSale,
  access,
  accessLabels,
} satisfies Partial<CoreMessages>;

/** The core strings only the elements show (`en-later.ts`). */
export type LaterMessages = Omit<CoreMessages, keyof typeof firstPaint>;

/** English, complete once the elements' modules have run (`en-later.ts`). */
export const en = firstPaint as Partial<CoreMessages> as CoreMessages;
