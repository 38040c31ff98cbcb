/**
 * The Public Event Listing Interface as runtime schemas (TypeBox, i.e. JSON Schema) and the
 * TypeScript types derived from them, so the server, the widget and the tests share one source.
 *
 * Implements docs/api.md §2 (resources), §2.5 (pagination envelope), §7 + docs/decisions.md "Errors".
 * The widget imports these with `import type` only, so none of this ships in its bundle.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  AMOUNT_PATTERN,
  CURRENCY_PATTERN,
  EVENT_DATE_PATTERN,
  EVENT_ID,
  EVENT_TIME_PATTERN,
  INSTANT_PATTERN,
  LOCAL_DATE_PATTERN,
  LOCAL_DATE_TIME_PATTERN,
  MAX_PERFORMER_LENGTH,
  MAX_STATUS_REASON_LENGTH,
  MIN_AGE_RANGE,
  SCHEDULE_STATUSES,
  MAX_PERFORMERS,
  MAX_TICKET_URL_LENGTH,
  PER_PAGE,
  SLUG,
  TICKET_OFFICE_REASONS,
  TICKET_URL_PATTERN,
  TIME_LABEL_PATTERN,
  UNTRANSLATED_STOP_TEXTS,
  UNTRANSLATED_TEXTS,
  MAX_IMAGE_ALT_LENGTH,
} from './patterns.js';
import { ACCESS_IDS, type AccessId } from './rules/access.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export {
  EVENT_DATE_PATTERN,
  EVENT_ID,
  EVENT_TIME_PATTERN,
  INSTANT_PATTERN,
  MAX_AGE_SECONDS,
  PER_PAGE,
  POSITIVE_INTEGER,
  SLUG,
  TICKET_OFFICE_REASONS,
  TIME_LABEL_PATTERN,
  whole,
} from './patterns.js';

/**
 * Extension, docs/api.md §10.15: access provisions, unique ids of the closed vocabulary
 * (`shared/rules/access.ts`) in its order. Sent only for events with access data.
 */
export const AccessListSchema = Type.Array(
  Type.Unsafe<AccessId>(Type.String({ enum: [...ACCESS_IDS] })),
  { uniqueItems: true },
);

/**
 * Extension, docs/api.md §10.18: when the event ends, venue-local `HH:MM:SS` wall time; not
 * after the start time means the next day (a club night 23:00–04:00).
 */
export const EndTimeSchema = Type.String({ pattern: EVENT_TIME_PATTERN });

/**
 * Extension, docs/api.md §10.18: the price, an ISO 4217 `currency` and amounts in its major unit
 * as decimal strings normalised to its minor digits (`"12.00"`, JPY `"1500"`); `0 ≤ min ≤ max`;
 * `max` only when the venue gives one (absent: one price); `"0"` amounts are free.
 */
export const PriceSchema = Type.Object(
  {
    currency: Type.String({ pattern: CURRENCY_PATTERN }),
    min: Type.String({ pattern: AMOUNT_PATTERN }),
    max: Type.Optional(Type.String({ pattern: AMOUNT_PATTERN })),
  },
  { additionalProperties: false },
);
export type Price = Static<typeof PriceSchema>;

/** Extension, docs/api.md §10.18: who is playing, plain-text names in billing order. */
export const PerformersSchema = Type.Array(
  Type.String({ minLength: 1, maxLength: MAX_PERFORMER_LENGTH }),
  { minItems: 1, maxItems: MAX_PERFORMERS },
);

const occurrenceMembers = {
  occurrence_date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  time_label: Type.String({ pattern: TIME_LABEL_PATTERN }),
  location_label: Type.String(),
  status: Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')]),
  access: Type.Optional(AccessListSchema),
};
/** Extension, docs/api.md §10.19: where the tickets are sold, an absolute https URL. */
export const TicketUrlSchema = Type.String({
  pattern: TICKET_URL_PATTERN,
  maxLength: MAX_TICKET_URL_LENGTH,
});

/** Extension, docs/api.md §10.20: `postponed` or `rescheduled`. */
export const ScheduleStatusSchema = Type.Union(SCHEDULE_STATUSES.map((s) => Type.Literal(s)));
export type ScheduleStatus = Static<typeof ScheduleStatusSchema>;

/**
 * Extension, docs/api.md §10.20, in this order: `schedule_status`, `previous_date` (venue-local
 * `YYYY-MM-DD`) and `previous_time` (`HH:MM:SS`) of a rescheduled date, `status_reason` (plain
 * text), `doors_time` (venue-local `HH:MM:SS`, not after the start, the start's day). Each only
 * when the venue gives it; an occurrence's are the stop's, else the event's.
 */
export const scheduleMembers = {
  schedule_status: Type.Optional(ScheduleStatusSchema),
  previous_date: Type.Optional(Type.String({ pattern: LOCAL_DATE_PATTERN })),
  previous_time: Type.Optional(Type.String({ pattern: EVENT_TIME_PATTERN })),
  status_reason: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_STATUS_REASON_LENGTH })),
  doors_time: Type.Optional(Type.String({ pattern: EVENT_TIME_PATTERN })),
};

/**
 * Extension, docs/api.md §10.22, in this order: `all_day` (only `true`: a date without a time of
 * day; its `event_time` is `00:00:00`, its `time_label` `12:00 AM`) and `end_date`, the last day
 * of a multi-day all-day span, venue-local `YYYY-MM-DD`, inclusive, after the date. Each only when
 * set; an occurrence's are the stop's own, the event's its own or its current stop's.
 */
export const allDayMembers = {
  all_day: Type.Optional(Type.Literal(true)),
  end_date: Type.Optional(Type.String({ pattern: LOCAL_DATE_PATTERN })),
};

/**
 * Extension, docs/api.md §10.23, in this order: `sold_out` (only `true`; the office is closed
 * `manual`), `waitlist_url`, the waiting list's absolute https URL, `on_sale_at`, the UTC
 * instant sales open, while it is ahead (the office closed `manual` until then), and beside it
 * `on_sale_local`, that instant on the venue's clock (`YYYY-MM-DDTHH:MM:SS`). Each only when
 * the venue gives it; an occurrence's are the stop's, else the event's; the event's its current
 * stop's.
 */
export const soldOutMembers = {
  sold_out: Type.Optional(Type.Literal(true)),
  waitlist_url: Type.Optional(TicketUrlSchema),
  on_sale_at: Type.Optional(Type.String({ pattern: INSTANT_PATTERN })),
  on_sale_local: Type.Optional(Type.String({ pattern: LOCAL_DATE_TIME_PATTERN })),
};

/**
 * Extension, docs/api.md §10.25: `directions_url`, an absolute https URL of directions to where
 * the event is (OpenStreetMap's, shared/rules/directions.ts), only when the venue (or the stop)
 * gives an address or a point on the map. An occurrence's only when the stop gives its own place;
 * the event's is its current stop's, else the venue's.
 */
export const directionsMembers = {
  directions_url: Type.Optional(TicketUrlSchema),
};

/**
 * Extension, docs/api.md §10.26: `image_alt`, the text alternative of the event's image (what it
 * shows, at most 500 characters), only when the venue gives it beside an image.
 */
export const imageAltMembers = {
  image_alt: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_IMAGE_ALT_LENGTH })),
};

/**
 * Extension, docs/api.md §10.24, only when the request gives `locale`: the BCP 47 tag of the
 * language the event's text is in, and the languages it has (the venue's own first, then its
 * translations' in the order of the languages we speak), and the text attributes (`title`,
 * `category`, `description`, `location`, `status_reason`, `cancellation_reason`) that stay in the
 * venue's own language (`languages[0]`) because the translation leaves them out, only when any do.
 */
export const languageMembers = {
  language: Type.Optional(Type.String({ minLength: 1 })),
  languages: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
  untranslated: Type.Optional(
    Type.Array(Type.Union(UNTRANSLATED_TEXTS.map((name) => Type.Literal(name))), { minItems: 1 }),
  ),
};

/**
 * Extension, docs/api.md §10.24, only when the request gives `locale`: a compact occurrence's
 * members (`location_label`, `status_reason`) that stay in the venue's own language, only when any do.
 */
export const stopLanguageMembers = {
  untranslated: Type.Optional(
    Type.Array(Type.Union(UNTRANSLATED_STOP_TEXTS.map((name) => Type.Literal(name))), {
      minItems: 1,
    }),
  ),
};

/** Extension, docs/api.md §10.20: the age limit, an integer 1–25 (`over_18` exactly when ≥ 18). */
export const MinAgeSchema = Type.Integer(MIN_AGE_RANGE);

/**
 * Spec §2.3; `access` is the extension of docs/api.md §10.15, `end_time` that of §10.18: each
 * stop's own end; `ticket_url` that of §10.19: the stop's ticket link, else the event's; then
 * the schedule of §10.20 (`scheduleMembers`) and the stop's own all-day members of §10.22
 * (`allDayMembers`); with `locale`, `untranslated` of §10.24 (`stopLanguageMembers`).
 */
export const CompactOccurrenceSchema = Type.Object(
  {
    ...occurrenceMembers,
    end_time: Type.Optional(EndTimeSchema),
    ticket_url: Type.Optional(TicketUrlSchema),
    ...scheduleMembers,
    ...allDayMembers,
    ...soldOutMembers,
    ...directionsMembers,
    ...stopLanguageMembers,
  },
  { additionalProperties: false },
);
/**
 * Spec §9: the earlier shape's compact occurrence, without the §10.18 `end_time`; with `locale`,
 * as its event's `language` (§10.24), its `untranslated`.
 */
export const EarlierCompactOccurrenceSchema = Type.Object(
  { ...occurrenceMembers, ...stopLanguageMembers },
  { additionalProperties: false },
);
export type CompactOccurrence = Static<typeof CompactOccurrenceSchema>;

export const TicketOfficeReasonSchema = Type.Union(
  TICKET_OFFICE_REASONS.map((reason) => Type.Literal(reason)),
);
export type TicketOfficeReason = Static<typeof TicketOfficeReasonSchema>;

/** Spec §2.4. Rules 1–2 (open ⇒ reason null) are checked by `checkTicketOfficeRules`. */
export const TicketOfficeSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
    reason: Nullable(TicketOfficeReasonSchema),
    closes_at: Nullable(Type.String({ pattern: INSTANT_PATTERN })),
    closed_at: Nullable(Type.String({ pattern: INSTANT_PATTERN })),
    message: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type TicketOffice = Static<typeof TicketOfficeSchema>;

const attributeMembers = <T extends TSchema>(occurrence: T) => ({
  title: Type.String(),
  slug: Type.String(),
  category: Type.String(),
  event_date: Type.String({ pattern: EVENT_DATE_PATTERN }),
  event_time: Type.String({ pattern: EVENT_TIME_PATTERN }),
  date_mode: Type.Union([Type.Literal('single'), Type.Literal('multiple')]),
  occurrence_count: Type.Integer({ minimum: 0 }),
  next_occurrence: Nullable(occurrence),
  occurrences: Type.Array(occurrence),
  description: Type.String(),
  location: Type.String(),
  over_18: Type.Boolean(),
  publish_status: Type.Union([Type.Literal('published'), Type.Literal('cancelled')]),
  tickets_enabled: Type.Boolean(),
  show_images: Type.Boolean(),
  small_image_path: Nullable(Type.String()),
  cancellation_reason: Nullable(Type.String()),
  cancelled_at: Nullable(Type.String({ pattern: INSTANT_PATTERN })),
});

/**
 * Extension, docs/api.md §10.16: the venue of an event in a listing of several venues
 * (`/api/events?venues=…`); never in a venue's own list.
 */
export const EventVenueSchema = Type.Object(
  { slug: Type.String({ pattern: `^${SLUG}$` }), name: Type.String(), timezone: Type.String() },
  { additionalProperties: false },
);
export type EventVenue = Static<typeof EventVenueSchema>;

/**
 * Spec §2.2, current shape (with `ticket_office`). `access` (docs/api.md §10.15) only for an
 * event with access data: a single event's own list, a tour's current stop's effective one.
 * The facts of §10.18 only when the venue gives them: `end_time` (a tour's is its current
 * stop's), `price`, `performers`, and `few_tickets_left` (only `true`, only while the ticket
 * office is open). `ticket_url` (§10.19) only when the venue gives one: a tour's is its current
 * stop's. The schedule of §10.20 (`scheduleMembers`: a tour's are its current stop's) and
 * `min_age` (an integer 1–25, agreeing with `over_18`) only when given, then `all_day` and
 * `end_date` (§10.22, `allDayMembers`: a tour's are its current stop's). `venue` (last, §10.16)
 * only in a listing of several venues.
 */
export const EventAttributesSchema = Type.Object(
  {
    ...attributeMembers(CompactOccurrenceSchema),
    ticket_office: TicketOfficeSchema,
    access: Type.Optional(AccessListSchema),
    end_time: Type.Optional(EndTimeSchema),
    price: Type.Optional(PriceSchema),
    performers: Type.Optional(PerformersSchema),
    few_tickets_left: Type.Optional(Type.Literal(true)),
    ticket_url: Type.Optional(TicketUrlSchema),
    ...scheduleMembers,
    min_age: Type.Optional(MinAgeSchema),
    ...allDayMembers,
    ...soldOutMembers,
    ...directionsMembers,
    ...imageAltMembers,
    ...languageMembers,
    venue: Type.Optional(EventVenueSchema),
  },
  { additionalProperties: false },
);
/**
 * Spec §9, earlier shape: identical but without `ticket_office` and without the facts of
 * docs/api.md §10.18 (`access`, `venue` still last).
 */
export const EarlierEventAttributesSchema = Type.Object(
  {
    ...attributeMembers(EarlierCompactOccurrenceSchema),
    access: Type.Optional(AccessListSchema),
    ...languageMembers,
    venue: Type.Optional(EventVenueSchema),
  },
  { additionalProperties: false },
);
export type EventAttributes = Static<typeof EventAttributesSchema>;
export type EarlierEventAttributes = Static<typeof EarlierEventAttributesSchema>;
/** Either shape; clients must handle both (docs/decisions.md "Earlier shape"). */
export type AnyEventAttributes = EventAttributes | EarlierEventAttributes;

const resource = <T extends TSchema>(attributes: T) =>
  Type.Object(
    {
      type: Type.Literal('events'),
      id: Type.String({ pattern: `^${EVENT_ID}$` }),
      attributes,
      links: Type.Object({ self: Type.String({ format: 'uri' }) }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  );

/** Spec §2.1, either shape of attributes. */
export const EventResourceSchema = resource(
  Type.Union([EventAttributesSchema, EarlierEventAttributesSchema]),
);
export type EventResource = {
  type: 'events';
  id: string;
  attributes: AnyEventAttributes;
  links: { self: string };
};

/** One `meta.links` entry (docs/api.md §2.5, docs/decisions.md "Pagination"). */
export const PageLinkSchema = Type.Object(
  {
    url: Nullable(Type.String({ format: 'uri' })),
    label: Type.String(),
    page: Nullable(Type.Integer({ minimum: 1 })),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PageLink = Static<typeof PageLinkSchema>;

/** Spec §2.5: the list response. */
export const ListResponseSchema = Type.Object(
  {
    data: Type.Array(EventResourceSchema, { maxItems: PER_PAGE }),
    links: Type.Object(
      {
        first: Type.String({ format: 'uri' }),
        last: Type.String({ format: 'uri' }),
        prev: Nullable(Type.String({ format: 'uri' })),
        next: Nullable(Type.String({ format: 'uri' })),
      },
      { additionalProperties: false },
    ),
    meta: Type.Object(
      {
        current_page: Type.Integer({ minimum: 1 }),
        from: Nullable(Type.Integer({ minimum: 1 })),
        last_page: Type.Integer({ minimum: 1 }),
        links: Type.Array(PageLinkSchema, { minItems: 3 }),
        path: Type.String({ format: 'uri' }),
        per_page: Type.Literal(PER_PAGE),
        to: Nullable(Type.Integer({ minimum: 1 })),
        total: Type.Integer({ minimum: 0 }),
        /**
         * Extension (docs/api.md §10.19): what a venue's ticket links carry where visitors click
         * them, name → value template; only in a venue's own list, only when it has them.
         */
        ticket_link_params: Type.Optional(
          Type.Record(Type.String({ pattern: '^[\\w.-]{1,64}$' }), Type.String({ maxLength: 256 })),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ListResponse = Omit<Static<typeof ListResponseSchema>, 'data'> & {
  data: EventResource[];
};

/** Spec §4.2: the single-event response. */
export const SingleResponseSchema = Type.Object(
  { data: EventResourceSchema },
  { additionalProperties: false },
);
export type SingleResponse = { data: EventResource };

/** docs/decisions.md "Errors": a JSON:API error document. */
export const ErrorResponseSchema = Type.Object(
  {
    errors: Type.Array(
      Type.Object(
        {
          status: Type.String({ pattern: '^[45]\\d\\d$' }),
          title: Type.String(),
          detail: Type.String(),
          /** Extension (docs/api.md §10.12): the query parameter a 400 is about. */
          source: Type.Optional(
            Type.Object({ parameter: Type.String() }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
);
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/**
 * Spec §2.4 rules 1–2 and docs/decisions.md: returns the violated rules (empty when the object is
 * consistent). Used by tests and by the proxy's contract checks.
 */
export function checkTicketOfficeRules(office: TicketOffice): string[] {
  const problems: string[] = [];
  if (office.status === 'open' && office.reason !== null) problems.push('open with a reason');
  if (office.status === 'closed' && office.reason === null) problems.push('closed without reason');
  if (office.status === 'open' && office.closed_at !== null) problems.push('open with closed_at');
  const withMessage = office.reason === 'manual' || office.reason === 'scheduled';
  if (!withMessage && office.message !== null) problems.push('message outside manual/scheduled');
  if (withMessage && office.closed_at === null) problems.push('manual/scheduled without closed_at');
  return problems;
}
