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
}

/** One problem of a source file: where (`row 7, date`, `VEVENT 3 (UID x), DTSTART`) and what. */
export interface SourceProblem {
  path: string;
  message: string;
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
 * A plain-text description (an `.ics` DESCRIPTION, a CSV cell) as the venue file's HTML:
 * escaped, blank-line-separated paragraphs as `<p>`, other line breaks as `<br>`; empty
 * paragraphs and the spaces around a line break dropped.
 */
export function plainTextHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split(/[ \t]*\n[ \t]*/)
          .map(escapeHtml)
          .join('<br>')}</p>`,
    )
    .join('');
}
