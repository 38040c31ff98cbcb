/**
 * The venue file (docs/venue-file.md): the server's input, as a TypeBox schema.
 * `shared/venue-file.schema.json` is generated from this (`npm run schema`) and shipped; a test
 * keeps the two identical. Rules JSON Schema cannot state (IANA zones, unique ids, required
 * members that depend on mode/status) are checked by the importer, with the same JSON paths.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { SLUG } from './contract.js';
import {
  AMOUNT_PATTERN,
  COUNTRY_CODE_PATTERN,
  CURRENCY_PATTERN,
  MAX_PERFORMERS,
  MAX_STATUS_REASON_LENGTH,
  MAX_IMAGE_ALT_LENGTH,
  MAX_TICKET_URL_LENGTH,
  MIN_AGE_RANGE,
  SCHEDULE_STATUSES,
  TICKET_URL_PATTERN,
} from './patterns.js';
import { ACCESS_IDS, type AccessId } from './rules/access.js';
import { STOP_TRANSLATABLE } from './rules/venue-language.js';
import { LINK_PARAMS_MAX, LINK_VALUE_MAX } from './rules/link-params.js';

const strict = { additionalProperties: false } as const;
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const LocalDate = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  format: 'date',
  description: 'Venue-local date YYYY-MM-DD',
});
const LocalTime = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$',
  description: 'Venue-local time HH:MM or HH:MM:SS',
});
const Instant = Type.String({
  format: 'date-time',
  description: 'ISO 8601 instant with an offset or Z',
});

/**
 * Access provisions (docs/api.md §10.15): unique ids of the closed vocabulary
 * (shared/rules/access.ts), in any order; the importer stores them in vocabulary order.
 */
const AccessInput = Type.Array(
  Type.Unsafe<AccessId>(
    Type.String({ enum: [...ACCESS_IDS], description: `one of ${ACCESS_IDS.join(', ')}` }),
  ),
  {
    uniqueItems: true,
    description:
      "Access provisions (docs/venue-file.md): on a stop, they replace the event's for that stop",
  },
);

/**
 * When the event (or a stop) ends (docs/api.md §10.18): venue-local wall time; not after the start
 * time means the next day (a club night 23:00–04:00).
 */
const EndTime = Type.String({
  pattern: LocalTime.pattern,
  description:
    'Venue-local end time HH:MM or HH:MM:SS; not after the start time means the next day',
});

const Amount = Type.String({
  pattern: AMOUNT_PATTERN,
  description:
    'an amount in the currency\'s major unit as a decimal string ("12.50", "0"), at most its minor digits',
});

/** The price (docs/api.md §10.18); the importer checks the currency, decimals and min ≤ max. */
const PriceInput = Type.Object(
  {
    currency: Type.String({ pattern: CURRENCY_PATTERN, description: 'an ISO 4217 code, e.g. GBP' }),
    min: Amount,
    max: Type.Optional(Amount),
  },
  { ...strict, description: 'Price: one (min) or a range (min to max); "0" is free' },
);

/** Who is playing, in billing order (docs/api.md §10.18); the importer checks each name. */
const PerformersInput = Type.Array(Type.String(), {
  maxItems: MAX_PERFORMERS,
  description: `Performers' names in billing order (at most ${MAX_PERFORMERS})`,
});

/**
 * Where buyers go (docs/api.md §10.19): an absolute https URL of the venue's ticket shop; the
 * importer checks it parses.
 */
const TicketUrl = Type.String({
  pattern: TICKET_URL_PATTERN,
  format: 'uri',
  maxLength: MAX_TICKET_URL_LENGTH,
  description: "where the event's tickets are sold: an absolute https URL",
});

/**
 * docs/api.md §10.26: the text alternative of the event's image, what it shows (WCAG 1.1.1); the
 * image is named "Image for {title}" without it.
 */
const ImageAlt = Type.String({
  minLength: 1,
  maxLength: MAX_IMAGE_ALT_LENGTH,
  description: 'What the image shows, for those who cannot see it (its alt text)',
});

/**
 * Sold out and its waiting list, on sale later (docs/api.md §10.23), on an event or a stop:
 * `sold_out` closes the ticket office (`manual`); `waitlist_url` (absolute https) is where a
 * sold-out card sends buyers, a stop's own winning; `on_sale_at` keeps the office closed until
 * then (the importer reads a time without an offset on the venue's clock).
 */
const soldOutInput = {
  sold_out: Type.Optional(
    Type.Boolean({ description: 'Sold out: the office closes (reason manual), cards say so' }),
  ),
  waitlist_url: Type.Optional({
    ...TicketUrl,
    description: "where a sold-out event's waiting list is: an absolute https URL",
  }),
  on_sale_at: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?(Z|[+-]\\d{2}:\\d{2})?$',
      description:
        'When sales open (docs/api.md §10.23): an instant with an offset or Z, or a venue-local YYYY-MM-DDTHH:MM',
    }),
  ),
};

/**
 * The venue's own words in other languages (docs/api.md §10.24): by language tag (one we speak,
 * `de`, `pt-BR`; a region falls back to its language, `de-AT` is `de`), each member optional and
 * standing for the untranslated one of the same name. The importer checks the tags, a title that
 * is empty after trimming and the performers' names, and sanitises the description.
 */
const translationMembers = {
  title: Type.Optional(Type.String({ minLength: 1, description: 'The title in this language' })),
  description: Type.Optional(
    Type.String({ description: 'The description (HTML) in this language' }),
  ),
  category: Type.Optional(Type.String()),
  location: Type.Optional(Type.String()),
  status_reason: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_STATUS_REASON_LENGTH })),
  cancellation_reason: Type.Optional(Type.String()),
  performers: Type.Optional(PerformersInput),
};
const TranslationsOf = <T extends Record<string, TSchema>>(members: T, what: string) =>
  Type.Optional(
    Type.Record(Type.String({ minLength: 1 }), Type.Object(members, strict), {
      description: `${what} in other languages, by BCP 47 tag (docs/venue-file.md "Languages")`,
    }),
  );
const EventTranslations = TranslationsOf(translationMembers, "The event's texts");
const StopTranslations = TranslationsOf(
  Object.fromEntries(STOP_TRANSLATABLE.map((m) => [m, translationMembers[m]])) as Pick<
    typeof translationMembers,
    (typeof STOP_TRANSLATABLE)[number]
  >,
  "The stop's location and reason",
);

/**
 * When plans change (docs/api.md §10.20), on an event or a stop (a stop's replace the event's):
 * `schedule_status`, the date and time a rescheduled one had, the venue's reason, and when the
 * doors open. The importer checks what depends on the status and the start.
 */
const scheduleInput = {
  schedule_status: Type.Optional(
    Type.Union(
      SCHEDULE_STATUSES.map((s) => Type.Literal(s)),
      {
        description:
          'postponed (no new date yet: keeps its date for ordering) or rescheduled (give previous_date)',
      },
    ),
  ),
  previous_date: Type.Optional({
    ...LocalDate,
    description: 'Rescheduled only: the venue-local date it had',
  }),
  previous_time: Type.Optional({
    ...LocalTime,
    description: 'Rescheduled only: the venue-local time it had',
  }),
  status_reason: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_STATUS_REASON_LENGTH,
      description: 'Plain text: why it was postponed or rescheduled',
    }),
  ),
  doors_time: Type.Optional({
    ...LocalTime,
    description: 'Venue-local time the doors open: not after the start, on its day',
  }),
};

/**
 * An all-day date (docs/api.md §10.22): `all_day` true, `time` then optional (stored as 00:00 so
 * ordering and filters read it on its date), and `end_date`, the venue-local last day of a
 * multi-day span, inclusive. The importer refuses `end_date` without `all_day`, `end_time` with
 * it, and an `end_date` before the date.
 */
const allDayInput = {
  all_day: Type.Optional(
    Type.Boolean({ description: 'An all-day date: no time of day; time may be left out' }),
  ),
  end_date: Type.Optional({
    ...LocalDate,
    description: 'All-day only: the venue-local last day of a multi-day span, inclusive',
  }),
};

/**
 * schema.org `PostalAddress` of the venue (structured data `location.address`), as the file may
 * give it: untrimmed, possibly empty members. The importer stores it as a `PostalAddress`
 * (shared/rules/structured-data.ts), the one declaration of the shape everything else uses.
 */
export const AddressInputSchema = Type.Object(
  {
    streetAddress: Type.Optional(Type.String()),
    addressLocality: Type.Optional(Type.String()),
    postalCode: Type.Optional(Type.String()),
    addressRegion: Type.Optional(Type.String()),
    addressCountry: Type.Optional(
      Type.String({
        pattern: COUNTRY_CODE_PATTERN,
        description: 'ISO 3166-1 alpha-2 country code, e.g. GB',
      }),
    ),
  },
  strict,
);

/**
 * A point on the map (docs/venue-file.md `geo`): WGS 84 degrees. Directions go to it (docs/api.md
 * §10.25) and the structured data's `geo` gives it; stored as a `GeoPoint`
 * (shared/rules/structured-data.ts).
 */
export const GeoInputSchema = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90, description: 'latitude, degrees north' }),
    lon: Type.Number({ minimum: -180, maximum: 180, description: 'longitude, degrees east' }),
  },
  { ...strict, description: 'A point on the map: directions go to it' },
);

export const OccurrenceInputSchema = Type.Object(
  {
    date: LocalDate,
    // Required unless all_day (the importer says so with the path).
    time: Type.Optional(LocalTime),
    location: Type.Optional(Type.String()),
    status: Type.Optional(Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')])),
    access: Type.Optional(AccessInput),
    end_time: Type.Optional(EndTime),
    ticket_url: Type.Optional(TicketUrl),
    ...scheduleInput,
    ...allDayInput,
    ...soldOutInput,
    // The stop's own place when it is not at the venue (docs/api.md §10.25): directions go there.
    address: Type.Optional(AddressInputSchema),
    geo: Type.Optional(GeoInputSchema),
    translations: StopTranslations,
  },
  strict,
);

export const SalesInputSchema = Type.Object(
  {
    closed_manually_at: Type.Optional(Nullable(Instant)),
    close_at: Type.Optional(Nullable(Instant)),
    message: Type.Optional(Nullable(Type.String())),
  },
  strict,
);

export const EventInputSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    title: Type.String({ minLength: 1 }),
    slug: Type.String({ pattern: `^${SLUG}$` }),
    category: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    location: Type.Optional(Type.String()),
    over_18: Type.Optional(Type.Boolean()),
    status: Type.Union([
      Type.Literal('draft'),
      Type.Literal('published'),
      Type.Literal('cancelled'),
    ]),
    visibility: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('private')])),
    cancelled_visibility: Type.Optional(
      Type.Union([Type.Literal('listed'), Type.Literal('hidden')]),
    ),
    cancellation_reason: Type.Optional(Nullable(Type.String())),
    cancelled_at: Type.Optional(Nullable(Instant)),
    tickets_enabled: Type.Optional(Type.Boolean()),
    show_images: Type.Optional(Type.Boolean()),
    small_image_path: Type.Optional(Nullable(Type.String())),
    image_alt: Type.Optional(ImageAlt),
    date: Type.Optional(LocalDate),
    time: Type.Optional(LocalTime),
    occurrences: Type.Optional(Type.Array(OccurrenceInputSchema)),
    sales: Type.Optional(SalesInputSchema),
    access: Type.Optional(AccessInput),
    end_time: Type.Optional(EndTime),
    price: Type.Optional(PriceInput),
    performers: Type.Optional(PerformersInput),
    few_tickets_left: Type.Optional(
      Type.Boolean({ description: 'The venue\'s own "nearly sold out"' }),
    ),
    ticket_url: Type.Optional(TicketUrl),
    ...scheduleInput,
    min_age: Type.Optional(
      Type.Integer({
        ...MIN_AGE_RANGE,
        description: 'Age limit (14 for 14+); 18 or more exactly when over_18 is true',
      }),
    ),
    ...allDayInput,
    ...soldOutInput,
    translations: EventTranslations,
  },
  strict,
);

/** A CSV source's date format (docs/venue-file.md "Sources"): never guessed; ISO by default. */
export const DateFormatSchema = Type.Union([
  Type.Literal('YYYY-MM-DD'),
  Type.Literal('DD/MM/YYYY'),
  Type.Literal('MM/DD/YYYY'),
  Type.Literal('DD.MM.YYYY'),
]);

/**
 * Where a venue's events come from instead of `events` (docs/venue-file.md "Sources"): an
 * iCalendar feed or a CSV sheet the server fetches every `refresh_seconds`.
 */
export const SourceInputSchema = Type.Object(
  {
    url: Type.String({
      pattern: '^https?://\\S+$',
      format: 'uri',
      maxLength: 2048,
      description: 'the feed or sheet, an absolute http(s) URL',
    }),
    format: Type.Optional(
      Type.Union([Type.Literal('ics'), Type.Literal('csv')], {
        description:
          "ics or csv; default: from the answer's Content-Type, else the URL's extension",
      }),
    ),
    refresh_seconds: Type.Optional(
      Type.Integer({ minimum: 60, maximum: 86400, description: 'seconds between fetches (900)' }),
    ),
    date_format: Type.Optional(DateFormatSchema),
  },
  strict,
);

/**
 * What a source cannot say about one of its events, applied on every sync (docs/venue-file.md
 * "Sources"): the venue file's members of the same names.
 */
export const EventExtrasSchema = Type.Object(
  {
    price: Type.Optional(PriceInput),
    performers: Type.Optional(PerformersInput),
    few_tickets_left: Type.Optional(Type.Boolean()),
    access: Type.Optional(AccessInput),
    over_18: Type.Optional(Type.Boolean()),
    tickets_enabled: Type.Optional(Type.Boolean()),
    sales: Type.Optional(SalesInputSchema),
    small_image_path: Type.Optional(Nullable(Type.String())),
    image_alt: Type.Optional(ImageAlt),
    category: Type.Optional(Type.String()),
    translations: EventTranslations,
    ...soldOutInput,
  },
  strict,
);

/**
 * Query parameters added to the ticket links visitors click (docs/api.md §10.19, docs/venue-file.md
 * "Where buyers came from"), name → value; a value may hold `{event_slug}`, `{event_id}`,
 * `{venue_slug}` and `{locale}`. Names and placeholders are checked by the import, which names
 * each with its path (`shared/rules/link-params.ts`).
 */
const TicketLinkParamsInput = Type.Record(
  Type.String(),
  Type.String({ maxLength: LINK_VALUE_MAX }),
  {
    maxProperties: LINK_PARAMS_MAX,
    description:
      'query parameters added to the ticket links visitors click, name (1-64 of A-Z a-z 0-9 _ . -) -> value; placeholders {event_slug}, {event_id}, {venue_slug}, {locale}',
  },
);

export const VenueInputSchema = Type.Object(
  {
    slug: Type.String({ pattern: `^${SLUG}$`, maxLength: 100 }),
    name: Type.Optional(Type.String()),
    url: Type.Optional(
      Type.String({
        pattern: '^https?://\\S+$',
        format: 'uri',
        description: "the venue's own website, an absolute http(s) URL",
      }),
    ),
    address: Type.Optional(AddressInputSchema),
    geo: Type.Optional(GeoInputSchema),
    ticket_link_params: Type.Optional(TicketLinkParamsInput),
    timezone: Type.String({ minLength: 1, description: 'IANA time zone name' }),
    language: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 64,
        description: "BCP 47 tag of the language the venue's texts are written in (default en)",
      }),
    ),
    api_shape: Type.Optional(Type.Union([Type.Literal('current'), Type.Literal('earlier')])),
    events: Type.Optional(Type.Array(EventInputSchema)),
    source: Type.Optional(SourceInputSchema),
    event_extras: Type.Optional(
      Type.Record(Type.String({ minLength: 1 }), EventExtrasSchema, {
        description: "extras by the source's event key (an .ics UID, a CSV uid)",
      }),
    ),
  },
  strict,
);

export const VenueFileSchema = Type.Object(
  { venues: Type.Array(VenueInputSchema, { minItems: 1 }) },
  {
    ...strict,
    $id: 'https://venue-events.dev/schemas/venue-file.schema.json',
    title: 'venue-events venue file',
  },
);

/**
 * A stop as the source mappers write it (server/sources/): always with its time, an all-day
 * stop's `00:00` (docs/api.md §10.22). A venue file's stop may leave `time` out beside
 * `all_day` (`EventInput['occurrences']`).
 */
export type OccurrenceInput = Static<typeof OccurrenceInputSchema> & { time: string };
export type EventInput = Static<typeof EventInputSchema>;
export type AddressInput = Static<typeof AddressInputSchema>;
export type GeoInput = Static<typeof GeoInputSchema>;
/**
 * A venue as the venue file gives it (snake_case, optional `name` and `api_shape`, events as
 * written): the importer's input, apart from the stored `VenueRecord`/`StoredVenue` it becomes
 * (defaults applied, instants and address normalised) because the file's spelling is a public
 * format of its own (docs/venue-file.md).
 */
export type VenueInput = Static<typeof VenueInputSchema>;
export type VenueFile = Static<typeof VenueFileSchema>;
export type SourceInput = Static<typeof SourceInputSchema>;
export type EventExtras = Static<typeof EventExtrasSchema>;
export type DateFormat = Static<typeof DateFormatSchema>;
