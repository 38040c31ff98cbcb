/**
 * The CSV sheet source (docs/sources.md): a venue's events as a spreadsheet exports them (RFC 4180,
 * as Google Sheets' "publish to the web" and Excel's "Save as CSV" write it), mapped to the events
 * of the venue file. Pure: text, the venue's zone and the clock in; events, or every problem of the
 * sheet at once (`row 7, date`), out. Reading the CSV itself is csv-parse's; dates are read in the
 * one format the venue names, never guessed.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import {
  AMOUNT_PATTERN,
  COUNTRY_CODE_PATTERN,
  MAX_IMAGE_ALT_LENGTH,
} from '../../shared/patterns.js';
import { ACCESS_IDS, type AccessId } from '../../shared/rules/access.js';
import type { GeoPoint } from '../../shared/rules/structured-data.js';
import type { AddressInput, OccurrenceInput } from '../../shared/venue-file.js';
import {
  firstEvents,
  limitsOf,
  plainTextHtml,
  ProblemList,
  SourceFormatError,
  type ReadOptions,
  type SourceContext,
  type SourceEvent,
  type SourceLimits,
  type SourceProblem,
  type SourceRead,
} from './source-event.js';
import {
  rowTranslations,
  stopTranslations,
  translationColumn,
  type TranslationColumn,
} from './csv-translations.js';

/** How the sheet writes its dates: ISO, day first (UK, most of Europe), month first (US), German. */
export type DateFormat = 'YYYY-MM-DD' | 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'DD.MM.YYYY';

/**
 * Luxon formats of each. Day and month also read without their leading zero outside ISO, because
 * Excel and Sheets write US dates as `3/14/2027`; the order of the parts is still the named one.
 */
const LUXON_FORMATS: Record<DateFormat, string> = {
  'YYYY-MM-DD': 'yyyy-MM-dd',
  'DD/MM/YYYY': 'd/M/yyyy',
  'MM/DD/YYYY': 'M/d/yyyy',
  'DD.MM.YYYY': 'd.M.yyyy',
};

/** The sheet's columns, in the order problems list them. */
const COLUMNS = [
  'uid',
  'title',
  'date',
  'time',
  'end_time',
  'category',
  'description',
  'location',
  'geo',
  'street_address',
  'address_locality',
  'postal_code',
  'address_region',
  'address_country',
  'image',
  'image_alt',
  'ticket_url',
  'status',
  'cancellation_reason',
  'price',
  'currency',
  'performers',
  'access',
  'over_18',
  'few_tickets_left',
  'sold_out',
  'waitlist_url',
  'on_sale_at',
] as const;
type Column = (typeof COLUMNS)[number];
/** `time` too: the venue file has no event without a start time. */
const REQUIRED: readonly Column[] = ['title', 'date', 'time'];

type Event = SourceEvent['event'];
type Delimiter = ',' | ';';
type Report = (column: Column, message: string) => void;

/** One record of the sheet and its row number as the spreadsheet shows it (header = 1). */
interface SheetRow {
  row: number;
  cells: string[];
}

/** A data row, read: its own stop and the event it describes on its own. */
interface EventRow {
  row: number;
  uid: string | undefined;
  key: string;
  date: string;
  time: string;
  cancelled: boolean;
  /** The row's own point on the map (docs/api.md §10.25): its stop's, in a series. */
  geo?: GeoPoint;
  /** The row's own address (the `street_address` … `address_country` columns): its stop's. */
  address?: AddressInput;
  /** The row as a single-date event (`date`, `time`, `end_time`, `location`, `ticket_url`, …). */
  event: Event;
}

/** How a row's cells are read: the sheet's columns, delimiter, date format and limits. */
interface RowReading {
  columns: ReadonlyMap<Column, number>;
  /** Positions of the columns without a name in the header. */
  unnamed: readonly number[];
  /** The columns in other languages (`title@de`, docs/api.md §10.24). */
  translated: readonly TranslationColumn[];
  delimiter: Delimiter;
  dateFormat: DateFormat;
  limits: SourceLimits;
}

/**
 * Maps a CSV sheet to a venue's events.
 *
 * The header row names the columns (case-insensitive, trimmed; `title`, `date` and `time`
 * required). Each data row is a single-date event keyed `"{title}|{YYYY-MM-DD}"`, or, with a `uid`,
 * keyed by it; rows sharing a `uid` are one event whose `occurrences` are the rows. Rows dated
 * before yesterday (venue-local) are left out, as are rows with every cell empty. Events come out
 * by first date and time, then key.
 *
 * A row with a problem (a cell it cannot read, a cell count unlike the header's, the same key and
 * start as an earlier row, a title over `maxTitleLength`) is skipped and named in `skipped`; the
 * sheet's other rows are read. Rows after the first `maxRows` are not read, and counted
 * (docs/api.md §10.21).
 *
 * @param text the sheet, `,`- or `;`-separated (whichever the header line has more of), BOM allowed
 * @param context the venue's IANA zone and the clock
 * @param dateFormat how the `date` column is written; ISO `YYYY-MM-DD` unless named
 * @param options the limits
 * @throws SourceFormatError when the sheet cannot be read as one (no header, an unknown, repeated
 *   or missing required column, a quoted cell never closed), with each problem at `row N, column`,
 *   N the sheet's row number counting the header as row 1
 */
export function eventsFromCsv(
  text: string,
  context: SourceContext,
  dateFormat: DateFormat = 'YYYY-MM-DD',
  options: ReadOptions = {},
): SourceRead {
  const limits = limitsOf(options.limits);
  const skipped = new ProblemList(limits.maxProblems);
  const delimiter = delimiterOf(text);
  const [header, ...records] = readRecords(text, delimiter, limits, skipped);
  if (header === undefined) throw new SourceFormatError([{ path: 'row 1', message: 'no header' }]);
  const headerProblems: SourceProblem[] = [];
  const reading: RowReading = {
    ...readHeader(header, headerProblems),
    delimiter,
    dateFormat,
    limits,
  };
  if (headerProblems.length > 0) throw new SourceFormatError(headerProblems);
  const rows = records
    .filter((record) => record.cells.some((cell) => cell.trim() !== ''))
    .map((record) => readRow(record, reading, skipped))
    .filter((row): row is EventRow => row !== undefined);
  const all = eventsOf(withoutDuplicates(rows, skipped), yesterday(context), limits.maxStops);
  const events = firstEvents(all, limits, skipped, 'rows');
  return { events, skipped: sortProblems(skipped.kept), skippedCount: skipped.count };
}

/** `;` when the header line has more semicolons than commas (Excel in European locales). */
function delimiterOf(text: string): Delimiter {
  const headerLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * The sheet's records with their row numbers, header first, at most `maxRows` data rows (the rest
 * counted as skipped). A record csv-parse rejects (a cell count unlike the header's, a stray
 * quote) is skipped, so the rest of the sheet is still read; an error csv-parse cannot skip (a
 * quote never closed) refuses the sheet.
 * @throws SourceFormatError for an error csv-parse cannot skip past
 */
function readRecords(
  text: string,
  delimiter: Delimiter,
  limits: SourceLimits,
  skipped: ProblemList,
): SheetRow[] {
  const rows: SheetRow[] = [];
  let rejected = 0;
  let unread = 0;
  // Blank lines are rows of the sheet too: counted in the row numbers, never read.
  const rowOf = (info: { records: number; empty_lines: number }) =>
    info.records + info.empty_lines + rejected;
  try {
    parse(text, {
      bom: true,
      delimiter,
      relax_column_count: false,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_record: (cells: string[], info) => {
        if (rows.length <= limits.maxRows) rows.push({ row: rowOf(info), cells });
        else unread++;
        return null;
      },
      on_skip: (error) => {
        if (error !== undefined) skipped.add(csvProblem(error, rowOf(csvInfo(error)) + 1, rows));
        rejected += 1;
        return undefined;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new SourceFormatError([csvProblem(error, rowOf(csvInfo(error)) + 1, rows)]);
  }
  if (unread > 0) {
    skipped.add({
      path: `row ${rows.at(-1)!.row + 1}`,
      message: `this row and the ${unread - 1} after it not read: at most ${limits.maxRows} rows per sheet`,
    });
    skipped.count += unread - 1;
  }
  return rows;
}

/** The counters csv-parse puts on its errors: records read and blank lines met before this one. */
function csvInfo(error: CsvError): { records: number; empty_lines: number } {
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  return { records: number(error.records), empty_lines: number(error.empty_lines) };
}

/** csv-parse's error as a problem of the row it met it in (`read`: the records before it). */
function csvProblem(error: CsvError, row: number, read: readonly SheetRow[]): SourceProblem {
  const header = read[0];
  if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && Array.isArray(error.record)) {
    return {
      path: `row ${row}`,
      message: `has ${error.record.length} cells where the header has ${header?.cells.length}`,
    };
  }
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return { path: `row ${row}`, message: 'a quoted cell starts here and is never closed' };
  return { path: `row ${row}`, message: `not readable as CSV: ${error.message}` };
}

/**
 * The known columns' positions, and those of columns without a name (Excel writes trailing empty
 * columns of formatted cells: harmless while their cells are empty). Unknown and repeated names
 * are problems.
 */
function readHeader(
  header: SheetRow,
  problems: SourceProblem[],
): Pick<RowReading, 'columns' | 'unnamed' | 'translated'> {
  const columns = new Map<Column, number>();
  const unnamed: number[] = [];
  const translated: TranslationColumn[] = [];
  header.cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if (name === '') return void unnamed.push(index);
    if (name.includes('@')) {
      const column = translationColumn(cell, index, translated, problems);
      if (column) translated.push(column);
    } else if (!isColumn(name)) {
      problems.push({
        path: `row 1, ${cell.trim()}`,
        message: `unknown column "${cell.trim()}"; the columns are ${COLUMNS.join(', ')}`,
      });
    } else if (columns.has(name)) {
      problems.push({ path: `row 1, ${name}`, message: 'column given twice' });
    } else {
      columns.set(name, index);
    }
  });
  for (const name of REQUIRED.filter((column) => !columns.has(column)))
    problems.push({ path: `row 1, ${name}`, message: `required column "${name}" is missing` });
  return { columns, unnamed, translated };
}

function isColumn(name: string): name is Column {
  return (COLUMNS as readonly string[]).includes(name);
}

/** One data row as an event, or `undefined` when it has a problem (its first one in `skipped`). */
function readRow(
  record: SheetRow,
  reading: RowReading,
  skipped: ProblemList,
): EventRow | undefined {
  const problems: SourceProblem[] = [];
  const report: Report = (column, message) =>
    problems.push({ path: `row ${record.row}, ${column}`, message });
  const cell = (column: Column) => {
    const index = reading.columns.get(column);
    return index === undefined ? '' : (record.cells[index] ?? '').trim();
  };
  // A missing required column is the header's problem, not every row's.
  const required = (column: Column, what: string) => {
    const value = cell(column);
    if (value === '' && reading.columns.has(column)) report(column, `missing: expected ${what}`);
    return value;
  };
  for (const index of reading.unnamed.filter((i) => (record.cells[i] ?? '').trim() !== ''))
    problems.push({
      path: `row ${record.row}, column ${index + 1}`,
      message: 'a value in a column without a name in the header',
    });
  const title = required('title', 'a title');
  if (title.length > reading.limits.maxTitleLength)
    report(
      'title',
      `${title.length} characters, over the limit of ${reading.limits.maxTitleLength}`,
    );
  const date = readDate(required('date', dateWhat(reading.dateFormat)), reading.dateFormat, report);
  const time = readTime(required('time', TIME_WHAT), 'time', report);
  const status = readStatus(cell('status'), report);
  const event: Event = {
    title,
    status: status === 'cancelled' ? 'cancelled' : 'published',
    date,
    time,
    ...(status === 'cancelled'
      ? { cancelled_visibility: 'listed', cancellation_reason: cell('cancellation_reason') }
      : {}),
    ...optionalFields(cell, reading, report),
  };
  const geo = readGeo(cell('geo'), report);
  const address = readAddress(cell, report);
  const translations = rowTranslations(
    reading.translated,
    (index) => (record.cells[index] ?? '').trim(),
    reading.limits,
  );
  if (translations) event.translations = translations;
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more in this row)` : '';
    skipped.add({ ...problems[0]!, message: `${problems[0]!.message}${more}` });
    return undefined;
  }
  if (date === undefined || time === undefined) return undefined;
  const uid = cell('uid') || undefined;
  const key = uid ?? `${title}|${date}`;
  const cancelled = status === 'cancelled';
  const place = { ...(geo && { geo }), ...(address && { address }) };
  return { row: record.row, uid, key, date, time, cancelled, ...place, event };
}

/** The address columns, each the schema.org `PostalAddress` member it fills (docs/sources.md). */
const ADDRESS_COLUMNS = {
  street_address: 'streetAddress',
  address_locality: 'addressLocality',
  postal_code: 'postalCode',
  address_region: 'addressRegion',
  address_country: 'addressCountry',
} as const satisfies Partial<Record<Column, keyof AddressInput>>;

/**
 * A row's own address (docs/api.md §10.25) from its address columns' non-empty cells; undefined
 * when they are all empty or the country is not an ISO 3166-1 alpha-2 code (reported; any case,
 * written in capitals: `gb` is `GB`).
 */
function readAddress(cell: (column: Column) => string, report: Report): AddressInput | undefined {
  const address: AddressInput = {};
  for (const [column, member] of Object.entries(ADDRESS_COLUMNS) as [Column, keyof AddressInput][])
    if (cell(column)) address[member] = cell(column);
  const country = address.addressCountry?.toUpperCase();
  if (country !== undefined && !new RegExp(COUNTRY_CODE_PATTERN).test(country)) {
    report(
      'address_country',
      `expected a two-letter country code (ISO 3166-1 alpha-2, as GB), got "${address.addressCountry}"`,
    );
    return undefined;
  }
  if (country) address.addressCountry = country;
  return Object.keys(address).length > 0 ? address : undefined;
}

/** A number of degrees as a map app copies it: `53.4808`, `-2.2426`. */
const DEGREES = String.raw`\s*(-?\d{1,3}(?:\.\d+)?)\s*`;

/**
 * A point on the map as Google Maps and OpenStreetMap copy it, `53.4808, -2.2426` (latitude,
 * longitude; WGS 84 degrees, docs/api.md §10.25); undefined for an empty cell or a bad one
 * (reported).
 */
function readGeo(value: string, report: Report): GeoPoint | undefined {
  if (value === '') return undefined;
  const match = new RegExp(`^${DEGREES},${DEGREES}$`).exec(value);
  const [lat, lon] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return { lat, lon };
  report(
    'geo',
    `expected a point as "latitude, longitude" in degrees (53.4808, -2.2426), got "${value}"`,
  );
  return undefined;
}

/** The event fields of a row's optional columns, each present only when its cell is given. */
function optionalFields(
  cell: (column: Column) => string,
  { delimiter, limits }: RowReading,
  report: Report,
): Partial<Event> {
  const text = (column: 'category' | 'location') =>
    cell(column) ? { [column]: cell(column) } : {};
  const endTime = cell('end_time') ? readTime(cell('end_time'), 'end_time', report) : undefined;
  const image = cell('image') ? readUrl(cell('image'), 'image', report) : undefined;
  const ticketUrl = cell('ticket_url')
    ? readUrl(cell('ticket_url'), 'ticket_url', report)
    : undefined;
  const price = readPrice(cell('price'), cell('currency'), delimiter, report);
  const performers = listOf(cell('performers'));
  const access = readAccess(cell('access'), report);
  const over18 = readBoolean(cell('over_18'), 'over_18', report);
  const fewTicketsLeft = readBoolean(cell('few_tickets_left'), 'few_tickets_left', report);
  const soldOut = readBoolean(cell('sold_out'), 'sold_out', report);
  const waitlistUrl = cell('waitlist_url')
    ? readUrl(cell('waitlist_url'), 'waitlist_url', report)
    : undefined;
  const onSaleAt = readOnSale(cell('on_sale_at'), report);
  return {
    ...(endTime !== undefined ? { end_time: endTime } : {}),
    ...text('category'),
    ...(cell('description')
      ? { description: plainTextHtml(cell('description'), limits.maxDescriptionLength) }
      : {}),
    ...text('location'),
    ...(image !== undefined ? { small_image_path: image, show_images: true } : {}),
    // What the image shows (docs/api.md §10.26), at most as long as a venue file's.
    ...(image !== undefined && cell('image_alt')
      ? { image_alt: cell('image_alt').slice(0, MAX_IMAGE_ALT_LENGTH) }
      : {}),
    ...(ticketUrl !== undefined ? { ticket_url: ticketUrl } : {}),
    ...(price !== undefined ? { price } : {}),
    ...(performers.length > 0 ? { performers } : {}),
    ...(access.length > 0 ? { access } : {}),
    ...(over18 !== undefined ? { over_18: over18 } : {}),
    ...(fewTicketsLeft !== undefined ? { few_tickets_left: fewTicketsLeft } : {}),
    ...(soldOut !== undefined ? { sold_out: soldOut } : {}),
    ...(waitlistUrl !== undefined ? { waitlist_url: waitlistUrl } : {}),
    ...(onSaleAt !== undefined ? { on_sale_at: onSaleAt } : {}),
  };
}

/**
 * When sales open (docs/api.md §10.23): `2026-12-12 10:00` or `2026-12-12T10:00` on the venue's
 * clock, or with an offset or `Z`; as the venue file's `on_sale_at`.
 */
function readOnSale(value: string, report: Report): string | undefined {
  if (value === '') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})?)$/.exec(
    value,
  );
  if (match === null) {
    report('on_sale_at', `expected a date and time as YYYY-MM-DD HH:MM, got "${value}"`);
    return undefined;
  }
  return `${match[1]}T${match[2]}`;
}

const dateWhat = (format: DateFormat) => `a date as ${format}`;

/** The cell's date as `YYYY-MM-DD`, read in the named format only (31/02 does not exist). */
function readDate(value: string, format: DateFormat, report: Report): string | undefined {
  if (value === '') return undefined;
  const date = DateTime.fromFormat(value, LUXON_FORMATS[format], { zone: 'UTC' });
  if (!date.isValid) {
    report('date', `expected ${dateWhat(format)}, got "${value}"`);
    return undefined;
  }
  return date.toISODate();
}

const TIME_WHAT = 'a time as HH:MM (24-hour)';

/** `HH:MM` of a 24-hour time; `9:30` is read too (spreadsheets drop the leading zero). */
function readTime(value: string, column: 'time' | 'end_time', report: Report): string | undefined {
  if (value === '') return undefined;
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (match === null) {
    report(column, `expected ${TIME_WHAT}, got "${value}"`);
    return undefined;
  }
  return `${match[1]!.padStart(2, '0')}:${match[2]!}`;
}

/** Empty or `scheduled` → published; `cancelled` (or US `canceled`) → cancelled. */
function readStatus(value: string, report: Report): 'scheduled' | 'cancelled' | undefined {
  const status = value.toLowerCase();
  if (status === '' || status === 'scheduled') return 'scheduled';
  if (status === 'cancelled' || status === 'canceled') return 'cancelled';
  report('status', `expected scheduled, cancelled or nothing, got "${value}"`);
  return undefined;
}

/**
 * An absolute URL: `https` for tickets and the waiting list (buyers pay there), `http` or
 * `https` for the image.
 */
function readUrl(
  value: string,
  column: 'image' | 'ticket_url' | 'waitlist_url',
  report: Report,
): string | undefined {
  const schemes = column === 'image' ? ['http:', 'https:'] : ['https:'];
  const what = column === 'image' ? 'an absolute http(s) URL' : 'an absolute https URL';
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || !schemes.includes(url.protocol) || /\s/.test(value)) {
    report(column, `expected ${what}, got "${value}"`);
    return undefined;
  }
  return value;
}

/**
 * `{ currency, min, max? }` of a price cell (`12`, `12.50`, a range `12-15` or `12.50–15`) and the
 * currency cell (ISO 4217, upper-cased). A decimal comma (`12,50`) is read only in a `;`-separated
 * sheet, where it cannot be a thousands separator's comma of a `,`-separated one.
 */
function readPrice(
  value: string,
  currency: string,
  delimiter: Delimiter,
  report: Report,
): Event['price'] {
  if (value === '') return undefined;
  const decimal = delimiter === ';' ? '[.,]' : '\\.';
  const amount = `(0|[1-9]\\d*)(?:${decimal}\\d+)?`;
  const match = new RegExp(`^(${amount})(?:\\s*[-–]\\s*(${amount}))?$`).exec(value);
  const code = currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code))
    report(
      'currency',
      currency
        ? `expected an ISO 4217 code such as GBP, got "${currency}"`
        : 'required when a price is given',
    );
  if (match === null) {
    const example = delimiter === ';' ? '12,50' : '12.50';
    report(
      'price',
      `expected an amount such as ${example} or a range such as 12-15, got "${value}"`,
    );
    return undefined;
  }
  const [min, max] = [match[1], match[3]].map((part) => part?.replace(',', '.'));
  if (max !== undefined && Number(max) < Number(min)) {
    report('price', `the range's low end is above its high end: "${value}"`);
    return undefined;
  }
  if (!new RegExp(AMOUNT_PATTERN).test(min!) || !/^[A-Z]{3}$/.test(code)) return undefined;
  return { currency: code, min: min!, ...(max !== undefined ? { max } : {}) };
}

/** A `;`-separated list cell: items trimmed, empty ones dropped. */
function listOf(value: string): string[] {
  return value
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Access ids of the vocabulary (case-insensitive, each once); any other is a problem. */
function readAccess(value: string, report: Report): AccessId[] {
  const ids: AccessId[] = [];
  for (const item of listOf(value)) {
    const id = ACCESS_IDS.find((known) => known === item.toLowerCase());
    if (id === undefined)
      report('access', `unknown access id "${item}"; expected one of ${ACCESS_IDS.join(', ')}`);
    else if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** `true`/`yes`/`1` or `false`/`no`/`0` (any case); empty says nothing. */
function readBoolean(
  value: string,
  column: 'over_18' | 'few_tickets_left' | 'sold_out',
  report: Report,
): boolean | undefined {
  const word = value.toLowerCase();
  if (word === '') return undefined;
  if (['true', 'yes', '1'].includes(word)) return true;
  if (['false', 'no', '0'].includes(word)) return false;
  report(column, `expected true, false, yes, no, 1, 0 or nothing, got "${value}"`);
  return undefined;
}

/**
 * The rows but those repeating an earlier row's key at its start: two rows without a uid with the
 * same title and date (give them uids), or two stops of one uid at the same date and time. The
 * later row is skipped.
 */
function withoutDuplicates(rows: readonly EventRow[], skipped: ProblemList): EventRow[] {
  const first = new Map<string, EventRow>();
  return rows.filter((row) => {
    const at = row.uid === undefined ? row.key : `${row.key}\n${row.date}T${row.time}`;
    const earlier = first.get(at);
    if (earlier === undefined) {
      first.set(at, row);
      return true;
    }
    skipped.add(
      row.uid === undefined
        ? {
            path: `row ${row.row}, title`,
            message: `same title and date as row ${earlier.row}: give each a uid to keep both`,
          }
        : {
            path: `row ${row.row}, time`,
            message: `same uid, date and time as row ${earlier.row}`,
          },
    );
    return false;
  });
}

/** The venue-local date before `context.now`'s, `YYYY-MM-DD`: the window's first day. */
function yesterday(context: SourceContext): string {
  return DateTime.fromJSDate(context.now, { zone: context.zone }).minus({ days: 1 }).toISODate()!;
}

/**
 * The rows as events: a uid of more than one row in the sheet is a multi-date event (even when
 * the window leaves it one stop, so its shape does not change as the days pass), other rows are
 * single-date events. Rows before `from` are left out, and a uid's rows after its first
 * `maxStops`.
 */
function eventsOf(rows: readonly EventRow[], from: string, maxStops: number): SourceEvent[] {
  const byKey = new Map<string, EventRow[]>();
  for (const row of rows) {
    const all = byKey.get(row.key);
    if (all === undefined) byKey.set(row.key, [row]);
    else all.push(row);
  }
  const events: { start: string; event: SourceEvent }[] = [];
  for (const [key, all] of byKey) {
    const kept = all
      .filter((row) => row.date >= from)
      .sort(byStart)
      .slice(0, maxStops);
    const first = kept[0];
    if (first === undefined) continue;
    const event = all.length > 1 ? seriesEvent(kept) : first.event;
    events.push({ start: `${first.date}T${first.time}`, event: { key, event } });
  }
  return events
    .sort((a, b) => compare(a.start, b.start) || compare(a.event.key, b.event.key))
    .map(({ event }) => event);
}

/**
 * One multi-date event of a uid's rows (by start): the first row's fields, its rows as stops. A
 * stop names its location and ticket URL when they differ from the first row's, its end time
 * when given, `cancelled` for a cancelled row, its own `sold_out`, `waitlist_url` and
 * `on_sale_at` (docs/api.md §10.23) and its place (`geo` and the address columns, §10.25); the
 * event is cancelled only when every stop is
 * (a cancelled first stop does not cancel the tour).
 */
function seriesEvent(rows: readonly EventRow[]): SourceEvent['event'] {
  const first = rows[0]!.event;
  // Sold out and the waiting list are each row's own: its stop's (docs/api.md §10.23).
  const { date: _date, time: _time, end_time: _endTime, ...withRowsOwn } = first;
  const {
    sold_out: _soldOut,
    waitlist_url: _waitlist,
    on_sale_at: _onSale,
    ...fields
  } = withRowsOwn;
  const occurrences: OccurrenceInput[] = rows.map(({ event, cancelled, geo, address }) => ({
    date: event.date!,
    time: event.time!,
    ...(event.end_time !== undefined ? { end_time: event.end_time } : {}),
    ...(event.location !== undefined && event.location !== first.location
      ? { location: event.location }
      : {}),
    ...(event.location !== first.location && stopTranslations(event.translations)
      ? { translations: stopTranslations(event.translations)! }
      : {}),
    ...(cancelled ? { status: 'cancelled' as const } : {}),
    ...(event.ticket_url !== undefined && event.ticket_url !== first.ticket_url
      ? { ticket_url: event.ticket_url }
      : {}),
    ...(event.sold_out === true ? { sold_out: true } : {}),
    ...(event.waitlist_url !== undefined ? { waitlist_url: event.waitlist_url } : {}),
    ...(event.on_sale_at !== undefined ? { on_sale_at: event.on_sale_at } : {}),
    // A stop's own place (docs/api.md §10.25): directions go there rather than to the venue.
    ...(geo !== undefined ? { geo } : {}),
    ...(address !== undefined ? { address } : {}),
  }));
  if (rows.every((row) => row.cancelled)) {
    // The stops have no reason of their own: the first one any row gives is the event's.
    const reason = rows.map(({ event }) => event.cancellation_reason).find(Boolean) ?? '';
    return { ...fields, cancellation_reason: reason, occurrences };
  }
  const { cancelled_visibility: _visibility, cancellation_reason: _reason, ...scheduled } = fields;
  return { ...scheduled, status: 'published', occurrences };
}

const byStart = (a: EventRow, b: EventRow) =>
  compare(a.date, b.date) || compare(a.time, b.time) || a.row - b.row;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Problems in sheet order: by row, then as found. */
function sortProblems(problems: SourceProblem[]): SourceProblem[] {
  const rowOf = (path: string) => Number(/^row (\d+)/.exec(path)?.[1] ?? 0);
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => rowOf(a.problem.path) - rowOf(b.problem.path) || a.index - b.index)
    .map(({ problem }) => problem);
}
