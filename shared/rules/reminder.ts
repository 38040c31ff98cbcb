/**
 * The calendar reminder of the instant an event's sales open (docs/api.md §10.23, "Remind me"):
 * an iCalendar file (RFC 5545) with one event at that instant and a `VALARM` that goes off then,
 * and the Google Calendar link of the same, as "Add to calendar" offers an event's own date
 * (docs/api.md §10.6). Pure: the stamp is passed in.
 */
import { googleCalendarUrl } from './calendar-links.js';

/** What a reminder says. */
export interface Reminder {
  /** The reminder's title, plain text: "On sale: Full House". */
  title: string;
  /** The UTC instant sales open, the wire form `YYYY-MM-DDTHH:MM:SS.ffffffZ` (or any ISO instant). */
  onSaleAt: string;
  /** Absolute URL of the event page: the reminder's `URL` and details. */
  pageUrl: string;
  /** A stable id of the event (`UID` prefix): the same reminder replaces itself when added again. */
  uid: string;
}

/** `2026-12-12T10:00:00.000000Z` → `20261212T100000Z` (RFC 5545 UTC date-time). */
const utcStamp = (iso: string): string =>
  new Date(Date.parse(iso))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** RFC 5545 TEXT: backslash, `;`, `,` and newlines escaped. */
const text = (value: string): string =>
  value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (RFC 5545 §3.1), on code points. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const char of line) {
    if (new TextEncoder().encode(current + char).length > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
    }
    current += char;
  }
  out.push(current);
  return out.join('\r\n ');
}

/**
 * The reminder as an `.ics` file: one `VEVENT` of 15 minutes at `onSaleAt` (UTC) with a display
 * `VALARM` at its start; `stamp` is the file's `DTSTAMP` (UTC epoch ms). CRLF line ends.
 */
export function reminderIcs(reminder: Reminder, stamp: number): string {
  const start = utcStamp(reminder.onSaleAt);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//venue-events//reminder//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:on-sale-${reminder.uid}`,
    `DTSTAMP:${utcStamp(new Date(stamp).toISOString())}`,
    `DTSTART:${start}`,
    'DURATION:PT15M',
    `SUMMARY:${text(reminder.title)}`,
    `DESCRIPTION:${text(reminder.pageUrl)}`,
    `URL:${reminder.pageUrl}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${text(reminder.title)}`,
    'TRIGGER;RELATED=START:PT0S',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The Google Calendar "add event" link of the reminder: 15 minutes at `onSaleAt`, in UTC. */
export function reminderGoogleUrl(reminder: Reminder): string {
  const at = new Date(Date.parse(reminder.onSaleAt)).toISOString();
  return googleCalendarUrl({
    title: reminder.title,
    date: at.slice(0, 10),
    time: at.slice(11, 19),
    zone: 'UTC',
    durationMinutes: 15,
    location: '',
    pageUrl: reminder.pageUrl,
  });
}
