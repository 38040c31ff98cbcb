/**
 * A feed's text cut into what `ics.ts` reads at different times (docs/decisions.md "Sources",
 * "Memory"): the calendars' own lines (properties, VTIMEZONEs), read once, and each VEVENT's
 * place in the text, read by ical.js only when its series is mapped. Parsed whole, a feed of
 * 10,000 events held about 20 MB of ical.js's arrays beside the events made from it; read one
 * series at a time, only the text and the events made are held.
 *
 * This module does not parse iCalendar: it finds lines. Values are ical.js's, except a VEVENT's
 * UID and whether it has a RECURRENCE-ID, read here (unfolded, TEXT-unescaped by ical.js's own
 * rule) to group a series before any of it is parsed.
 */
import ICAL from 'ical.js';

/** One VEVENT of the feed, not yet parsed. */
export interface VeventText {
  /** Its number, 1-based in file order. */
  index: number;
  /** `VEVENT 3 (UID abc)`. */
  path: string;
  /** The line (1-based) its `BEGIN:VEVENT` is on. */
  line: number;
  /** Where its text is: `text.slice(start, end)`, `BEGIN:VEVENT` to `END:VEVENT` and its break. */
  start: number;
  end: number;
  /** Which of the feed's VCALENDARs holds it (0-based). */
  calendar: number;
  /** Its UID, trimmed; undefined when absent or empty. */
  uid: string | undefined;
  /** It has a RECURRENCE-ID (an override of its series' instance). */
  override: boolean;
}

/** A feed cut: the calendars' text without their VEVENTs, and the VEVENTs' places. */
export interface FeedText {
  /** Each VCALENDAR's lines but its VEVENTs (and anything outside a VCALENDAR), as written. */
  shell: string;
  vevents: VeventText[];
}

/** ical.js's own TEXT unescaping, for a value read raw (a UID here, X-ALT-DESC in `ics.ts`). */
export const unescapeText: (raw: string) => string = ICAL.design.icalendar.value.text.fromICAL;

/**
 * Cuts `text` (an iCalendar feed, CRLF or LF, folded as written) into its calendars' own text and
 * its VEVENTs' places. Only a VEVENT directly inside a VCALENDAR is cut out; any other `BEGIN`
 * stays in the shell, where ical.js reads (or refuses) it as before.
 */
export function cutFeed(text: string): FeedText {
  const vevents: VeventText[] = [];
  const shell: string[] = [];
  const open: string[] = [];
  let calendar = -1;
  let kept = 0;
  let event: { start: number; line: number } | undefined;
  let line = 0;
  for (let at = 0; at < text.length;) {
    const next = text.indexOf('\n', at);
    const end = next === -1 ? text.length : next + 1;
    line++;
    // Only a line starting with B or E can be a BEGIN or END (the rest, most lines, not sliced).
    const first = text.charCodeAt(at) | 0x20;
    const marker =
      first === 0x62 || first === 0x65
        ? /^(BEGIN|END):([A-Za-z-]+)\r?\n?$/i.exec(text.slice(at, Math.min(end, at + 40)))
        : null;
    const [, verb, name] = marker ? marker.map((s) => s.toUpperCase()) : [];
    if (verb === 'BEGIN') {
      if (name === 'VEVENT' && open.length === 1 && open[0] === 'VCALENDAR') {
        shell.push(text.slice(kept, at));
        event = { start: at, line };
      } else if (name === 'VCALENDAR' && open.length === 0) calendar++;
      open.push(name!);
    } else if (verb === 'END' && open.at(-1) === name) {
      open.pop();
      if (name === 'VEVENT' && event && open.length === 1) {
        vevents.push(veventOf(text, event.start, end, event.line, calendar, vevents.length + 1));
        kept = end;
        event = undefined;
      }
    }
    at = end;
  }
  shell.push(text.slice(event?.start ?? kept));
  return { shell: shell.join(''), vevents };
}

function veventOf(
  text: string,
  start: number,
  end: number,
  line: number,
  calendar: number,
  index: number,
): VeventText {
  const { uid, override } = keysOf(text.slice(start, end));
  const path = uid === undefined ? `VEVENT ${index}` : `VEVENT ${index} (UID ${uid})`;
  return { index, path, line, start, end, calendar, uid, override };
}

/** The lines `keysOf` reads: nesting, and the two names a series is grouped by. */
const KEY_LINES = /^(BEGIN|END|UID|RECURRENCE-ID)[;:]/gim;

/** A VEVENT's own UID and RECURRENCE-ID (not a VALARM's inside it), their lines unfolded. */
function keysOf(vevent: string): { uid: string | undefined; override: boolean } {
  let uid: string | undefined;
  let override = false;
  let depth = 0;
  for (const match of vevent.matchAll(KEY_LINES)) {
    const name = match[1]!.toUpperCase();
    if (name === 'BEGIN') depth++;
    else if (name === 'END') depth--;
    else if (depth !== 1) continue;
    else if (name === 'RECURRENCE-ID') override = true;
    else if (uid === undefined) {
      const value = unescapeText(valueOf(lineAt(vevent, match.index))).trim();
      uid = value === '' ? undefined : value;
    }
  }
  return { uid, override };
}

/** The content line starting at `at`, its folded continuations joined (RFC 5545 §3.1). */
function lineAt(text: string, at: number): string {
  const end = /\r?\n(?![ \t])|$/g;
  end.lastIndex = at;
  return text.slice(at, end.exec(text)!.index).replace(/\r?\n[ \t]/g, '');
}

/** The value of a content line: after the first colon outside a quoted parameter value. */
function valueOf(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return line.slice(i + 1);
  }
  return '';
}
