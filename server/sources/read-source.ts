/**
 * A fetched source's body read as its format says (docs/sources.md "Formats"): the venue file's
 * `format`, else the answer's `Content-Type`, else the URL's extension; never guessed from the
 * body. UTF-8 only, as venue files are.
 */
import { eventsFromCsv } from './csv.js';
import { eventsFromIcs } from './ics.js';
import {
  SourceFormatError,
  type ReadOptions,
  type SourceContext,
  type SourceRead,
} from './source-event.js';
import type { StoredSource } from '../store/model.js';

/** The format of a source answer, or undefined when nothing names one. */
export function sourceFormat(
  source: Pick<StoredSource, 'format'>,
  contentType: string | undefined,
  url: string,
): 'ics' | 'csv' | undefined {
  if (source.format) return source.format;
  const type = contentType?.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/calendar') return 'ics';
  if (type === 'text/csv') return 'csv';
  const path = new URL(url).pathname.toLowerCase();
  if (/\.(ics|ical|ifb)$/.test(path)) return 'ics';
  if (path.endsWith('.csv')) return 'csv';
  return undefined;
}

/**
 * The events of a source's `body` (bytes as fetched), and those it could not read. Runs on the
 * thread that calls it, unbounded in time: the server calls it in a worker (`SourceReader`).
 * @throws SourceFormatError when no format is named, the bytes are not UTF-8, or the mapper
 *   refuses the file as a whole (every problem)
 */
export function readSource(
  source: StoredSource,
  body: Uint8Array,
  contentType: string | undefined,
  url: string,
  context: SourceContext,
  options: ReadOptions = {},
): SourceRead {
  const format = sourceFormat(source, contentType, url);
  if (!format) {
    throw new SourceFormatError([
      {
        path: 'format',
        // Not the URL's path: a calendar's secret address would reach the log.
        message: `cannot tell the format: the answer's Content-Type is ${contentType ?? 'missing'} and the address ends in neither .ics nor .csv; name it ("format": "ics" or "csv", or a file ending in .ics or .csv)`,
      },
    ]);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new SourceFormatError([{ path: 'body', message: 'the source is not UTF-8 text' }]);
  }
  return format === 'ics'
    ? eventsFromIcs(text, context, options)
    : eventsFromCsv(text, context, source.dateFormat, options);
}
