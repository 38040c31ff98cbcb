/**
 * English strings of `<venue-calendar>`, in its chunk with the other languages': a page without the
 * calendar view never loads them.
 */
import { plural } from '../../shared/i18n/plural.js';
import type { CalendarMessages } from './types.js';

export const calendar: CalendarMessages = {
  calendar: 'Event calendar',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  eventCount: (n) => plural('en', n, { one: `${n} event`, other: `${n} events` }),
  countAt: (count, venues) => `${count}: ${venues}`,
  dayHeading: (date) => `Events on ${date}`,
  more: (n) => `+${n} more`,
  noEvents: 'No events on this day',
  error: 'The calendar could not be loaded.',
  loading: 'Loading the calendar…',
  stopCancelledOn: (what) => `Cancelled on this date: ${what}`,
};
