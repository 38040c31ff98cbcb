/**
 * What an events source (docs/sources.md: an iCalendar feed or a CSV sheet) becomes before it
 * meets the venue file's checks: each event as a venue file would write it, without the `id` and
 * `slug` the server gives it from its key (stable across syncs), and the source's key for it.
 * The mappers (`ics.ts`, `csv.ts`) are pure: text, the venue's IANA time zone and the clock in,
 * events or every problem out.
 */
import { escapeHtml } from '../../shared/html.js';
import type { EventInput } from '../../shared/venue-file.js';

/** One event of a source, keyed. */
export interface SourceEvent {
  /**
   * The source's key for it: an `.ics` `UID` (a series' overrides folded into it), a CSV `uid`
   * column, else the title and first date (`"{title}|{YYYY-MM-DD}"`).
   */
  key: string;
  /** The event as a venue file writes it: `status` `published` or `cancelled`, and either
   * `date`/`time` or `occurrences` (a series' instances as stops). No `id`, no `slug`. */
  event: Omit<EventInput, 'id' | 'slug'>;
}

/** What a mapper reads besides the text. */
export interface SourceContext {
  /** The venue's IANA time zone: where floating times are read and wall clocks written. */
  zone: string;
  /** The clock (a series' instances run from yesterday to 400 days ahead of it, venue-local). */
  now: Date;
  /**
   * BCP 47 tag of the language the venue writes in (docs/api.md §10.24); absent: English. An
   * `.ics` property tagged with another language we speak is a translation.
   */
  language?: string;
}

/**
 * One problem of a source file: where (`row 7, date`, `VEVENT 3 (UID x), DTSTART`) and what;
 * `line` is the file's line the event starts on (an `.ics` `BEGIN:VEVENT`), where known.
 */
export interface SourceProblem {
  path: string;
  message: string;
  line?: number;
}

/**
 * The bounds on what one source may cost (docs/api.md §10.21 "Bounded sources"); every one is
 * settable with `--source-limit NAME=VALUE`. Counts, characters, ms and MB as named.
 */
export interface SourceLimits {
  /** Most events a source lists; later ones (by date) are left out and counted. */
  maxEvents: number;
  /** Most stops of one event (a series' first ones in the window). */
  maxStops: number;
  /** Most instances walked to expand one series (ical.js counts from its DTSTART). */
  maxExpansionSteps: number;
  /** Most instances walked for all the series of one source together. */
  maxSourceExpansionSteps: number;
  /** Most characters of an event's title; a longer one skips the event. */
  maxTitleLength: number;
  /** Most characters of a description (as text); a longer one is cut, with "…". */
  maxDescriptionLength: number;
  /** Most data rows of a sheet read; later rows are not read, and counted. */
  maxRows: number;
  /** Problems kept in full (the first ones); the rest are counted. */
  maxProblems: number;
  /** Wall-clock ms one read of a source may take in its worker before it is ended. */
  timeoutMs: number;
  /** MB of JavaScript heap the worker reading a source may use before it is ended. */
  memoryMb: number;
}

/** The defaults of `SourceLimits` (docs/api.md §10.21). */
export const DEFAULT_SOURCE_LIMITS: Readonly<SourceLimits> = {
  maxEvents: 10_000,
  maxStops: 500,
  maxExpansionSteps: 50_000,
  maxSourceExpansionSteps: 250_000,
  maxTitleLength: 300,
  maxDescriptionLength: 20_000,
  maxRows: 50_000,
  maxProblems: 20,
  timeoutMs: 10_000,
  memoryMb: 40,
};

/**
 * A source read: the events it lists, and those it could not (each named: `path`, `line`, the
 * cause), the first `maxProblems` of them in full and `skippedCount` in all.
 */
export interface SourceRead {
  events: SourceEvent[];
  skipped: SourceProblem[];
  skippedCount: number;
}

/** What a mapper reads besides the text and the clock: the limits, and a watcher. */
export interface ReadOptions {
  limits?: Partial<SourceLimits>;
  /**
   * VEVENTs not to read, by number (1-based, file order), each with the cause: an earlier read
   * of them never ended (the worker's clock or memory ran out in it).
   */
  skip?: ReadonlyMap<number, string>;
  /** Told of each VEVENT (its number and path) before it is mapped, to name one that hangs. */
  onEvent?: (index: number, path: string, line: number | undefined) => void;
}

/** A source file rejected whole: every problem found; nothing of it may be applied. */
export class SourceFormatError extends Error {
  constructor(readonly problems: SourceProblem[]) {
    super(
      `source rejected (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  ${p.path}: ${p.message}`).join('\n'),
    );
    this.name = 'SourceFormatError';
  }
}

/**
 * Problems kept up to a bound: the first `max` in full, every one counted, so a sheet of
 * 250,000 bad rows costs 20 problems' memory, not 250,000.
 */
export class ProblemList {
  readonly kept: SourceProblem[] = [];
  count = 0;

  constructor(private readonly max: number) {}

  add(problem: SourceProblem): void {
    this.count++;
    if (this.kept.length < this.max) this.kept.push(problem);
  }
}

/**
 * The first `maxEvents` of `events` (in their order: by date), the rest counted in `skipped` under
 * one problem at `path`.
 */
export function firstEvents(
  events: SourceEvent[],
  limits: SourceLimits,
  skipped: ProblemList,
  path: string,
): SourceEvent[] {
  const over = events.length - limits.maxEvents;
  if (over <= 0) return events;
  skipped.add({
    path,
    message: `${over} event${over === 1 ? '' : 's'} after the first ${limits.maxEvents} (by date) left out: at most ${limits.maxEvents} per source`,
  });
  skipped.count += over - 1;
  return events.slice(0, limits.maxEvents);
}

/** `limits` over the defaults. */
export function limitsOf(limits: Partial<SourceLimits> | undefined): SourceLimits {
  return { ...DEFAULT_SOURCE_LIMITS, ...limits };
}

/**
 * A plain-text description (an `.ics` DESCRIPTION, a CSV cell) as the venue file's HTML:
 * escaped, blank-line-separated paragraphs as `<p>`, other line breaks as `<br>`; empty
 * paragraphs and the spaces around a line break dropped.
 */
export function plainTextHtml(text: string, maxLength = Infinity): string {
  // Line by line, not a regular expression around the line breaks: `[ \t]*\n[ \t]*` backtracks
  // over every run of blanks, quadratic in its length (40,000 blanks took 2.8 s).
  const cut = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  const paragraphs: string[][] = [[]];
  for (const raw of cut.replace(/\r\n?/g, '\n').split('\n')) {
    const line = trimBlanks(raw);
    if (line === '') paragraphs.push([]);
    else paragraphs.at(-1)!.push(line);
  }
  return paragraphs
    .filter((lines) => lines.length > 0)
    .map((lines) => `<p>${lines.map(escapeHtml).join('<br>').trim()}</p>`)
    .join('');
}

/** `line` without its leading and trailing spaces and tabs, in one pass from each end. */
function trimBlanks(line: string): string {
  const blank = (i: number) => line[i] === ' ' || line[i] === '\t';
  let start = 0;
  let end = line.length;
  while (start < end && blank(start)) start++;
  while (end > start && blank(end - 1)) end--;
  return line.slice(start, end);
}

/**
 * The lines naming skipped events, as `npm run import -- --venue` and `--check-sources` print
 * them (docs/api.md §10.21): `  skipped {path} (line {n}): {cause}` each, then
 * `  and {k} more skipped` when `count` (all skipped) is more than the problems named.
 */
export function skippedLines(problems: readonly SourceProblem[], count = problems.length): string {
  const lines = problems.map(
    (p) => `  skipped ${p.path}${p.line ? ` (line ${p.line})` : ''}: ${p.message}\n`,
  );
  if (count > problems.length) lines.push(`  and ${count - problems.length} more skipped\n`);
  return lines.join('');
}
