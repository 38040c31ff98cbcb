/**
 * Validates one venue file (docs/venue-file.md) and normalises it into the stored data
 * model. Every problem is collected with its JSON path. JSON Schema checks use Ajv against
 * `shared/venue-file.schema.json`'s source. Uniqueness across an import is the importer's.
 */
import {
  VenueFileSchema,
  type EventExtras,
  type EventInput,
  type SourceInput,
  type VenueFile,
} from '../../shared/venue-file.js';
import {
  eventTime,
  instant,
  parseInstant,
  type InstantProblem,
} from '../../shared/rules/wire-format.js';
import { venueDateTime } from '../../shared/rules/zoned-time.js';
import {
  LINK_PARAM_NAME,
  placeholderList,
  unknownPlaceholders,
} from '../../shared/rules/link-params.js';
import { sortStops } from '../../shared/rules/stops.js';
import { accessInOrder } from '../../shared/rules/access.js';
import { checkPrice } from '../../shared/rules/price.js';
import { MAX_PERFORMER_LENGTH } from '../../shared/patterns.js';
import { createAjv } from '../lib/ajv.js';
import { sanitizeDescription } from '../lib/sanitize-description.js';
import { schemaProblems, type JsonProblem } from '../lib/schema-problems.js';
import { storedAddress, venueDetails, venueProblems } from '../lib/venue-details.js';
import {
  languageProblems,
  stopTranslationsMember,
  storedVenueLanguage,
  translationsMember,
} from './translations.js';
import type {
  StoredAllDay,
  StoredEvent,
  StoredSchedule,
  StoredSource,
  StoredVenue,
} from '../store/model.js';

/** Seconds between a source's fetches unless it says (docs/venue-file.md "Sources"). */
export const DEFAULT_REFRESH_SECONDS = 900;

/** One problem in a venue file: `path` like `venues[0].events[3].occurrences[1].date`. */
export type VenueFileProblem = JsonProblem;

/** Thrown when a venue file is rejected; nothing has been written. */
export class VenueFileError extends Error {
  constructor(readonly problems: VenueFileProblem[]) {
    super(
      `venue file rejected (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  ${p.path}: ${p.message}`).join('\n'),
    );
    this.name = 'VenueFileError';
  }
}

const ajv = createAjv({ strict: true, verbose: true });
const validateSchema = ajv.compile<VenueFile>(VenueFileSchema);

/** Why an instant the schema's `date-time` format accepts cannot be stored exactly. */
const INSTANT_PROBLEMS: Record<InstantProblem, string> = {
  malformed: 'expected an ISO 8601 instant with an offset or Z',
  nonexistent: 'expected an instant that exists (no leap second :60)',
  'sub-microsecond':
    'expected at most microseconds (6 fraction digits): finer digits would be lost',
};

/**
 * The wire form of an instant the checks accepted (`instantProblems` found nothing), or null.
 * @throws Error for a value the checks would have rejected (a caller skipped them)
 */
function storedInstant(value: string | null | undefined): string | null {
  if (value == null) return null;
  const parsed = parseInstant(value);
  if ('problem' in parsed) throw new Error(`unchecked instant ${JSON.stringify(value)}`);
  return parsed.instant;
}

/**
 * Instants the schema's `date-time` format accepts but the API cannot repeat exactly (docs/decisions.md
 * "Dates, times"): a leap second (`23:59:60Z`), or digits below the microsecond. Rejected with
 * their JSON path, never stored as null or rounded.
 */
function instantProblems(
  event: Pick<EventInput, 'cancelled_at' | 'sales'>,
  at: string,
): VenueFileProblem[] {
  const instants: [string, string | null | undefined][] = [
    ['cancelled_at', event.cancelled_at],
    ['sales.closed_manually_at', event.sales?.closed_manually_at],
    ['sales.close_at', event.sales?.close_at],
  ];
  return instants.flatMap(([member, value]) => {
    const parsed = value == null ? null : parseInstant(value);
    return parsed && 'problem' in parsed
      ? [{ path: `${at}.${member}`, message: INSTANT_PROBLEMS[parsed.problem] }]
      : [];
  });
}

/**
 * The price and performers of docs/api.md §10.18 beyond what the schema states: a currency `Intl`
 * knows, amounts with at most its minor digits, `min ≤ max` (`checkPrice`); each performer's
 * name, trimmed, neither empty nor longer than `MAX_PERFORMER_LENGTH` characters (code points,
 * as JSON Schema's `maxLength` counts them).
 */
function factProblems(
  event: Pick<EventInput, 'price' | 'performers'>,
  at: string,
): VenueFileProblem[] {
  const problems: VenueFileProblem[] = [];
  if (event.price) {
    const checked = checkPrice(event.price);
    for (const p of checked.problems) {
      problems.push({ path: `${at}.price.${p.member}`, message: p.message });
    }
  }
  (event.performers ?? []).forEach((name, i) => {
    const length = [...name.trim()].length;
    if (length === 0 || length > MAX_PERFORMER_LENGTH) {
      problems.push({
        path: `${at}.performers[${i}]`,
        message:
          length === 0
            ? 'expected a name (empty after trimming)'
            : `expected at most ${MAX_PERFORMER_LENGTH} characters (has ${length})`,
      });
    }
  });
  return problems;
}

/**
 * The facts of docs/api.md §10.18 as stored, each only when given (an event without them is
 * stored, and so served, as before): the values `factProblems` accepted, normalised.
 */
function storedFacts(event: EventInput, zone: string): Partial<StoredEvent> {
  const price = event.price && checkPrice(event.price).price;
  const performers = (event.performers ?? []).map((name) => name.trim());
  return {
    ...(event.end_time !== undefined && { endTime: eventTime(event.end_time) }),
    ...(price && { price }),
    ...(performers.length > 0 && { performers }),
    ...(event.few_tickets_left === true && { fewTicketsLeft: true as const }),
    ...(event.ticket_url !== undefined && { ticketUrl: event.ticket_url }),
    ...storedSoldOut(event, zone),
  };
}

/**
 * Sold out, the waiting list and when sales open of an event or stop as stored (docs/api.md
 * §10.23), when given: `on_sale_at` as a wire-form instant, one without an offset read on the
 * venue's clock in `zone`.
 */
const storedSoldOut = (
  item: Pick<EventInput, 'sold_out' | 'waitlist_url' | 'on_sale_at'>,
  zone: string,
) => ({
  ...(item.sold_out === true && { soldOut: true as const }),
  ...(item.waitlist_url !== undefined && { waitlistUrl: item.waitlist_url }),
  ...(item.on_sale_at !== undefined && { onSaleAt: onSaleInstant(item.on_sale_at, zone) }),
});

/**
 * A stop's own place (docs/api.md §10.25), when given: its address as the venue's is stored
 * (trimmed, empty members dropped), its point as `lat` and `lon`.
 */
function storedPlace(stop: NonNullable<EventInput['occurrences']>[number]) {
  const address = storedAddress(stop.address);
  return {
    ...(address && { address }),
    ...(stop.geo && { geo: { lat: stop.geo.lat, lon: stop.geo.lon } }),
  };
}

/** `on_sale_at` as a wire-form instant: its own offset, else the venue's clock in `zone`. */
function onSaleInstant(value: string, zone: string): string {
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return instant(Date.parse(value));
  const [date, time] = value.split('T') as [string, string];
  return instant(venueDateTime(date, eventTime(time), zone).toMillis());
}

/** `YYYY-MM-DD` names a day of the calendar (not `2026-02-30`). */
function isRealDate(date: string): boolean {
  const ms = Date.parse(`${date}T00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(date);
}

/** An `on_sale_at` the schema's pattern lets through that names no real moment (`2026-02-30`). */
function onSaleProblems(event: EventInput, at: string): VenueFileProblem[] {
  const dates = [
    [`${at}.on_sale_at`, event.on_sale_at] as const,
    ...(event.occurrences ?? []).map(
      (o, i) => [`${at}.occurrences[${i}].on_sale_at`, o.on_sale_at] as const,
    ),
  ];
  return dates.flatMap(([path, value]) =>
    value !== undefined && !isRealDate(value.slice(0, 10))
      ? [{ path, message: 'expected a real date and time' }]
      : [],
  );
}

/** The members of docs/api.md §10.20 of an event or stop as stored, each only when given. */
function storedSchedule(item: ScheduleInput): StoredSchedule {
  return {
    ...(item.schedule_status !== undefined && { scheduleStatus: item.schedule_status }),
    ...(item.previous_date !== undefined && { previousDate: item.previous_date }),
    ...(item.previous_time !== undefined && { previousTime: eventTime(item.previous_time) }),
    ...(item.status_reason !== undefined && { statusReason: item.status_reason }),
    ...(item.doors_time !== undefined && { doorsTime: eventTime(item.doors_time) }),
  };
}

/** The members of docs/api.md §10.22 an event or a stop may give, with the date they qualify. */
type AllDayInput = Pick<EventInput, 'date' | 'time' | 'end_time' | 'all_day' | 'end_date'>;

/**
 * The start time of an event or stop the checks accepted (`allDayProblems`), `HH:MM` or
 * `HH:MM:SS`: its own, else an all-day date's `00:00`, which orders and filters it on its date
 * (docs/api.md §10.22).
 */
const startOf = (item: Pick<EventInput, 'time'>): string => item.time ?? '00:00';

/**
 * The all-day rules of docs/api.md §10.22 for an event or stop at `at` (`dated`: it carries its
 * own date and time, a single event or a stop): `end_date` only beside `all_day` true and not
 * before the date, no `end_time` beside `all_day`, and a `time` unless `all_day`.
 */
function allDayProblems(item: AllDayInput, at: string, dated: boolean): VenueFileProblem[] {
  const problems: VenueFileProblem[] = [];
  const allDay = item.all_day === true;
  if (item.end_date !== undefined && !allDay)
    problems.push({ path: `${at}.end_date`, message: 'only beside all_day true' });
  if (allDay && item.end_time !== undefined)
    problems.push({
      path: `${at}.end_time`,
      message: 'an all-day date has no end time: give end_date for a span of days',
    });
  if (allDay && item.date !== undefined && item.end_date !== undefined && item.end_date < item.date)
    problems.push({
      path: `${at}.end_date`,
      message: `must not be before the date (${item.date})`,
    });
  if (dated && !allDay && item.time === undefined)
    problems.push({ path: `${at}.time`, message: 'required unless all_day is true' });
  return problems;
}

/**
 * An all-day date as stored (docs/api.md §10.22), only when given: an `end_date` equal to the
 * date is a one-day date, stored without it.
 */
function storedAllDay(item: AllDayInput): StoredAllDay {
  if (item.all_day !== true) return {};
  return {
    allDay: true,
    ...(item.end_date !== undefined && item.end_date !== item.date && { endDate: item.end_date }),
  };
}

/**
 * Ticket and waiting-list links the schema's pattern lets through but a browser cannot open
 * (docs/api.md §10.19, §10.23).
 */
function ticketUrlProblems(event: EventInput, at: string): VenueFileProblem[] {
  const links = (['ticket_url', 'waitlist_url'] as const).flatMap((member) => [
    [`${at}.${member}`, event[member]] as const,
    ...(event.occurrences ?? []).map(
      (o, i) => [`${at}.occurrences[${i}].${member}`, o[member]] as const,
    ),
  ]);
  return links.flatMap(([path, url]) =>
    url !== undefined && !URL.canParse(url)
      ? [{ path, message: 'expected an absolute https URL' }]
      : [],
  );
}

/**
 * Event page slugs a venue's pages use themselves (docs/api.md §10.20: `/t/{slug}/events/past`
 * is the past events page), so no event may take one.
 */
const RESERVED_EVENT_SLUGS: readonly string[] = ['past'];

/** The members of docs/api.md §10.20 an event or a stop may give. */
type ScheduleInput = Pick<
  EventInput,
  'schedule_status' | 'previous_date' | 'previous_time' | 'status_reason' | 'doors_time'
>;

/**
 * The schedule rules of docs/api.md §10.20 for an event or stop at `at` starting at `time`
 * (venue-local, absent for a tour's event level): a rescheduled one gives `previous_date`; a date
 * and time it had only beside `rescheduled`, a reason only beside a status; the doors open no
 * later than the start (`starts`: the times they must not be after).
 */
function scheduleProblems(
  item: ScheduleInput,
  at: string,
  starts: readonly string[],
): VenueFileProblem[] {
  const problems: VenueFileProblem[] = [];
  const status = item.schedule_status;
  if (status === 'rescheduled' && item.previous_date === undefined)
    problems.push({ path: `${at}.previous_date`, message: 'required when rescheduled' });
  for (const member of ['previous_date', 'previous_time'] as const) {
    if (item[member] !== undefined && status !== 'rescheduled')
      problems.push({
        path: `${at}.${member}`,
        message: 'only beside schedule_status rescheduled',
      });
  }
  if (item.status_reason !== undefined && status === undefined)
    problems.push({ path: `${at}.status_reason`, message: 'only beside a schedule_status' });
  const doors = item.doors_time === undefined ? undefined : eventTime(item.doors_time);
  const early = starts.find((start) => doors !== undefined && doors > eventTime(start));
  if (early !== undefined)
    problems.push({
      path: `${at}.doors_time`,
      message: `must not be after the start (${early}): doors open on the start's day`,
    });
  return problems;
}

/** `min_age` and `over_18` agree: 18 or more exactly when over_18 is true (docs/api.md §10.20). */
function ageProblems(event: EventInput, at: string): VenueFileProblem[] {
  if (event.min_age === undefined || event.over_18 === undefined) return [];
  if (event.min_age >= 18 === event.over_18) return [];
  return [
    {
      path: `${at}.min_age`,
      message: `${event.min_age}+ conflicts with over_18 ${event.over_18}: min_age is 18 or more exactly when over_18 is true`,
    },
  ];
}

/** Every §10.20 problem of an event and its stops (a stop's doors against its own start). */
function eventScheduleProblems(event: EventInput, ev: string): VenueFileProblem[] {
  const stops = event.occurrences ?? [];
  const own = stops.length
    ? stops.filter((o) => o.doors_time === undefined).map(startOf)
    : event.time === undefined && event.all_day !== true
      ? []
      : [startOf(event)];
  return [
    ...scheduleProblems(event, ev, own),
    ...stops.flatMap((o, i) => scheduleProblems(o, `${ev}.occurrences[${i}]`, [startOf(o)])),
    ...ageProblems(event, ev),
  ];
}

function semanticProblems(file: VenueFile): VenueFileProblem[] {
  const problems: VenueFileProblem[] = [];
  file.venues.forEach((venue, v) => {
    const at = `venues[${v}]`;
    problems.push(...venueProblems(venue, at));
    problems.push(...sourceProblems(venue, at));
    problems.push(...languageProblems(venue, at));
    problems.push(...linkParamsProblems(venue.ticket_link_params, `${at}.ticket_link_params`));
    (venue.events ?? []).forEach((event, e) =>
      problems.push(...eventProblems(event, `${at}.events[${e}]`)),
    );
  });
  return problems;
}

/** A venue has its `events` or a `source`, and `event_extras` only beside a source. */
function sourceProblems(venue: VenueFile['venues'][number], at: string): VenueFileProblem[] {
  if (venue.events !== undefined && venue.source !== undefined)
    return [{ path: `${at}.source`, message: 'a venue has events or a source, not both' }];
  if (venue.events === undefined && venue.source === undefined)
    return [
      { path: `${at}.events`, message: 'required: give events, or a source to read them from' },
    ];
  if (venue.event_extras !== undefined && venue.source === undefined)
    return [
      { path: `${at}.event_extras`, message: "extras apply to a source's events: give a source" },
    ];
  // Each extra as the member of an event it becomes: a bad price is refused now, not at a sync.
  return Object.entries(venue.event_extras ?? {}).flatMap(([key, extra]) => {
    const path = `${at}.event_extras[${JSON.stringify(key)}]`;
    return [...instantProblems(extra, path), ...factProblems(extra, path)];
  });
}

/**
 * A venue's `ticket_link_params` (docs/venue-file.md "Where buyers came from") beyond the schema:
 * each name of `LINK_PARAM_NAME`, each `{…}` of a value one of `LINK_PLACEHOLDERS`.
 */
function linkParamsProblems(
  params: Readonly<Record<string, string>> | undefined,
  at: string,
): VenueFileProblem[] {
  return Object.entries(params ?? {}).flatMap(([name, value]) => {
    const path = LINK_PARAM_NAME.test(name) ? `${at}.${name}` : `${at}[${JSON.stringify(name)}]`;
    const unknown = unknownPlaceholders(value);
    return [
      ...(LINK_PARAM_NAME.test(name)
        ? []
        : [{ path, message: 'expected a name of 1-64 letters, digits, _ . or -' }]),
      ...unknown.map((p) => ({
        path,
        message: `unknown placeholder ${p}: use ${placeholderList()}`,
      })),
    ];
  });
}

/** The rules of one event beyond the schema's, each problem with its path under `ev`. */
function eventProblems(event: EventInput, ev: string): VenueFileProblem[] {
  const problems: VenueFileProblem[] = [];
  problems.push(...instantProblems(event, ev));
  problems.push(...factProblems(event, ev));
  problems.push(...ticketUrlProblems(event, ev));
  problems.push(...onSaleProblems(event, ev));
  problems.push(...eventScheduleProblems(event, ev));
  if (RESERVED_EVENT_SLUGS.includes(event.slug))
    problems.push({
      path: `${ev}.slug`,
      message: `"${event.slug}" is reserved: /t/{venue}/events/${event.slug} is the past events page`,
    });
  const multi = (event.occurrences ?? []).length > 0;
  (event.occurrences ?? []).forEach((o, i) =>
    problems.push(...allDayProblems(o, `${ev}.occurrences[${i}]`, true)),
  );
  if (multi) {
    // A tour's dates are its stops: each says whether it is all-day (docs/api.md §10.22).
    for (const member of ['all_day', 'end_date'] as const)
      if (event[member] !== undefined)
        problems.push({
          path: `${ev}.${member}`,
          message: `must be absent when occurrences are given: give ${member} on each occurrence`,
        });
    if (event.date !== undefined)
      problems.push({
        path: `${ev}.date`,
        message: 'must be absent when occurrences are given',
      });
    if (event.time !== undefined)
      problems.push({
        path: `${ev}.time`,
        message: 'must be absent when occurrences are given',
      });
  } else {
    if (event.date === undefined)
      problems.push({
        path: `${ev}.date`,
        message: 'required for a single-date event (or give occurrences)',
      });
    if (event.time === undefined && event.all_day !== true)
      problems.push({
        path: `${ev}.time`,
        message: 'required for a single-date event (or give occurrences, or all_day true)',
      });
    problems.push(...allDayProblems(event, ev, false));
  }
  if (event.status === 'cancelled') {
    if (event.cancellation_reason == null)
      problems.push({
        path: `${ev}.cancellation_reason`,
        message: 'required when status is cancelled',
      });
    if (event.cancelled_at == null)
      problems.push({
        path: `${ev}.cancelled_at`,
        message: 'required when status is cancelled',
      });
  }
  return problems;
}

/**
 * A scheduled closure at the event's last start in `zone` (a tour's last stop's), as a wire-form
 * instant: an event sold on the venue's own ticket shop (`ticket_url`) sells until it starts
 * (docs/api.md §10.19, docs/decisions.md "Ticket links"), unless its `sales` say otherwise.
 */
function lastStartInstant(event: EventInput, zone: string): string {
  const starts = (event.occurrences ?? []).map((o) => [o.date, eventTime(startOf(o))] as const);
  const [date, time] = starts.length
    ? starts.reduce((a, b) => (`${b[0]}T${b[1]}` > `${a[0]}T${a[1]}` ? b : a))
    : [event.date!, eventTime(startOf(event))];
  return instant(venueDateTime(date, time, zone).toMillis());
}

function normaliseEvent(
  event: EventInput,
  zone: string,
  importedAt: string,
  clean: (html: string) => string,
): StoredEvent {
  const stops = sortStops(
    (event.occurrences ?? []).map((o) => ({
      date: o.date,
      time: eventTime(startOf(o)),
      location: o.location ?? '',
      status: o.status ?? 'scheduled',
      // Only when given: a stop without its own list takes the event's (docs/api.md §10.15).
      ...(o.access && { access: accessInOrder(o.access) }),
      ...(o.end_time !== undefined && { endTime: eventTime(o.end_time) }),
      ...(o.ticket_url !== undefined && { ticketUrl: o.ticket_url }),
      ...storedSoldOut(o, zone),
      ...storedPlace(o),
      ...storedSchedule(o),
      ...storedAllDay(o),
      ...stopTranslationsMember(o.translations),
    })),
  );
  const held =
    event.sold_out === true ||
    event.on_sale_at !== undefined ||
    stops.some((o) => o.soldOut || o.onSaleAt !== undefined);
  const visible = (event.visibility ?? 'public') === 'public';
  const served =
    visible &&
    (event.status === 'published' ||
      (event.status === 'cancelled' && (event.cancelled_visibility ?? 'listed') === 'listed'));
  const imageAlt = event.image_alt?.trim();
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    category: event.category ?? '',
    // Safe HTML in the store and the API, a file's or a source's (docs/api.md §2.2).
    description: clean(event.description ?? ''),
    location: event.location ?? '',
    // An age limit alone says whether the event is 18+ (ageProblems refused a disagreement).
    over18: event.over_18 ?? (event.min_age ?? 0) >= 18,
    status: event.status,
    served,
    // A ticket link, or sales held (sold out, on sale later: docs/api.md §10.23), makes it ticketed
    // unless the venue says it is not.
    ticketsEnabled: event.tickets_enabled ?? (event.ticket_url !== undefined || held),
    showImages: event.show_images ?? false,
    smallImagePath: event.small_image_path ?? null,
    // What the image shows (docs/api.md §10.26), kept only beside an image.
    ...(imageAlt && event.small_image_path && { imageAlt }),
    cancellationReason: event.cancellation_reason ?? null,
    cancelledAt: storedInstant(event.cancelled_at),
    mode: stops.length > 0 ? 'multiple' : 'single',
    date: event.date ?? null,
    // A single all-day date without a time is stored at 00:00 (docs/api.md §10.22).
    time: stops.length > 0 || event.date === undefined ? null : eventTime(startOf(event)),
    stops,
    ...salesOf(event, zone, importedAt),
    // Absent unless given, so an event without access data renders as it always did.
    ...(event.access && { access: accessInOrder(event.access) }),
    ...storedFacts(event, zone),
    ...storedSchedule(event),
    ...(event.min_age !== undefined && { minAge: event.min_age }),
    ...(stops.length === 0 && storedAllDay(event)),
    ...translationsMember(event.translations, clean),
    // When the office's sales were first held (kept by later imports: `keepHeldSince`).
    ...(held && { heldAt: importedAt }),
  };
}

/**
 * The event's sales as stored: the venue's `sales`; a ticket link's closure at the last start
 * (docs/api.md §10.19); a postponed event's sales closed by hand when it was imported, with its
 * reason as the message, unless the venue gives `sales` of its own (docs/api.md §10.20).
 */
function salesOf(
  event: EventInput,
  zone: string,
  importedAt: string,
): Pick<StoredEvent, 'closedManuallyAt' | 'closeAt' | 'message'> {
  if (event.schedule_status === 'postponed' && event.sales === undefined)
    return { closedManuallyAt: importedAt, closeAt: null, message: event.status_reason ?? null };
  return {
    closedManuallyAt: storedInstant(event.sales?.closed_manually_at),
    closeAt:
      event.ticket_url !== undefined && event.sales?.close_at === undefined
        ? lastStartInstant(event, zone)
        : storedInstant(event.sales?.close_at),
    message: event.sales?.message ?? null,
  };
}

/**
 * An event still held (sold out, here or on a stop) keeps the instant its sales were first held,
 * the office's `closed_at` (docs/api.md §10.23), from `earlier`, the event as stored before this
 * import or sync: a re-import or a source's next sync does not move it.
 */
export function keepHeldSince(event: StoredEvent, earlier: StoredEvent | undefined): void {
  if (event.heldAt !== undefined && earlier?.heldAt !== undefined) event.heldAt = earlier.heldAt;
}

/** A venue file checked on its own: the document when it is valid, and every problem found. */
export interface CheckedVenueFile {
  /** The document, typed, when the schema accepts it (semantic problems may remain). */
  file: VenueFile | undefined;
  problems: VenueFileProblem[];
}

/**
 * Checks one parsed venue file against the schema and the rules JSON Schema cannot state (IANA
 * zones, members that depend on mode and status), collecting every problem with its JSON path.
 */
export function checkVenueFile(doc: unknown): CheckedVenueFile {
  if (!validateSchema(doc)) {
    return { file: undefined, problems: schemaProblems(validateSchema.errors ?? []) };
  }
  return { file: doc, problems: semanticProblems(doc) };
}

/** A venue file's `source` and `event_extras` as stored (defaults applied). */
function storedSource(source: SourceInput, extras: Record<string, EventExtras> = {}): StoredSource {
  return {
    url: new URL(source.url).href,
    ...(source.format && { format: source.format }),
    refreshSeconds: source.refresh_seconds ?? DEFAULT_REFRESH_SECONDS,
    ...(source.date_format && { dateFormat: source.date_format }),
    extras,
  };
}

/**
 * The venues of a valid file (`checkVenueFile` found no problem) in the stored data model. A
 * venue with a source has no events here: the sync (or the importer, keeping the last ones)
 * gives them.
 * @param nowMs UTC epoch ms of the import: when a postponed event's sales were closed (`salesOf`)
 */
export function normaliseVenueFile(file: VenueFile, nowMs = Date.now()): StoredVenue[] {
  const importedAt = instant(nowMs);
  // A feed repeats one description across a series' nights written as events of their own: each
  // text is parsed once.
  const cleaned = new Map<string, string>();
  const clean = (html: string) => {
    let safe = cleaned.get(html);
    if (safe === undefined) cleaned.set(html, (safe = sanitizeDescription(html)));
    return safe;
  };
  return file.venues.map((venue) => ({
    slug: venue.slug,
    name: venue.name ?? venue.slug,
    timezone: venue.timezone,
    apiShape: venue.api_shape ?? 'current',
    ...venueDetails(venue),
    ...(venue.language !== undefined && { language: storedVenueLanguage(venue)! }),
    // None given and none at all are alike: the venue's links as they are.
    ...(Object.keys(venue.ticket_link_params ?? {}).length > 0 && {
      ticketLinkParams: venue.ticket_link_params,
    }),
    events: (venue.events ?? []).map((event) =>
      normaliseEvent(event, venue.timezone, importedAt, clean),
    ),
    ...(venue.source && { source: storedSource(venue.source, venue.event_extras) }),
  }));
}
