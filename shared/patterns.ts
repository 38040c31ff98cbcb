/**
 * The contract's formats and bounds as plain values, without TypeBox, so the widget can import
 * them at run time without shipping a schema library. `shared/contract.ts` re-exports every one.
 */

/**
 * Regex source of a slug: a venue's `{slug}` in every URL (docs/api.md §4) and an event's page slug
 * (`/t/{slug}/events/{event-slug}`): lowercase ASCII letters and digits in words joined by single
 * hyphens. The one home of this rule: the venue-file schema, the origin's routes and the proxy's
 * path filter all build on it.
 */
export const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
/**
 * Regex source of an event `id` (docs/api.md §2.1, docs/decisions.md "Errors"): a plain positive decimal
 * integer, no sign and no leading zero, of at most 16 digits (every safe integer id fits).
 */
export const EVENT_ID = '[1-9]\\d{0,15}';
/** Regex source of a plain positive decimal integer of any length (docs/decisions.md "Pagination"). */
export const POSITIVE_INTEGER = '[1-9]\\d*';
/** An ISO 3166-1 alpha-2 country code (`GB`): an address's `addressCountry` (docs/venue-file.md). */
export const COUNTRY_CODE_PATTERN = '^[A-Z]{2}$';
/** `source` as a regex matching a whole string. */
export const whole = (source: string): RegExp => new RegExp(`^(?:${source})$`);

/**
 * docs/decisions.md "Caching": every cacheable response (API, event page, proxied copy) is fresh for
 * at most this many seconds.
 */
export const MAX_AGE_SECONDS = 60;

/** `YYYY-MM-DDT00:00:00.000000Z`: the venue-local calendar date (docs/api.md §2.2, docs/decisions.md). */
export const EVENT_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T00:00:00\\.000000Z$';
/** `HH:MM:SS`, venue-local (docs/api.md §2.2). */
export const EVENT_TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$';
/** UTC instant with microseconds, e.g. `2026-12-04T18:00:00.000000Z` (docs/decisions.md). */
export const INSTANT_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$';
/** `h:mm AM` / `h:mm PM`, no leading zero (docs/decisions.md). */
export const TIME_LABEL_PATTERN = '^(1[0-2]|[1-9]):[0-5]\\d (AM|PM)$';

/**
 * Why a ticket office is closed (docs/api.md §2.4): `ticket_office.reason`'s values, in the
 * order of the rule's precedence table's rows (docs/decisions.md "Ticket office"). The contract's
 * schema is built from them; the widget's wire reader accepts these and no others.
 */
export const TICKET_OFFICE_REASONS = [
  'manual',
  'scheduled',
  'event_ended',
  'cancelled',
  'not_ticketed',
] as const;

/** Spec §2.5 / §8: page size of the list endpoint. */
export const PER_PAGE = 12;

/**
 * Extension, docs/api.md §10.18: an ISO 4217 currency code's shape (three capital letters); the
 * importer also checks it is a currency `Intl` knows.
 */
export const CURRENCY_PATTERN = '^[A-Z]{3}$';
/**
 * Extension, docs/api.md §10.18: a price amount in the currency's major unit, a plain decimal
 * string (`"12.00"`, `"0"`, JPY `"1500"`): no sign, no exponent, no leading zeros.
 */
export const AMOUNT_PATTERN = '^(0|[1-9]\\d*)(\\.\\d+)?$';
/** Extension, docs/api.md §10.18: at most this many performers per event, in billing order. */
export const MAX_PERFORMERS = 20;
/** Extension, docs/api.md §10.18: a performer's name is at most this many characters. */
export const MAX_PERFORMER_LENGTH = 200;

/**
 * A ticket link (docs/api.md §10.19): an absolute `https:` URL, one word. The venue file's
 * schema and the API contract take it from here; the modules the first paint's budgeted script
 * carries (`widget/wire.ts`, `shared/rules/ticket-url.ts`) write it as a literal, kept equal by
 * test/shared/ticket-url.test.ts.
 */
export const TICKET_URL_PATTERN = '^https://\\S+$';
/** Most characters of a ticket link. */
export const MAX_TICKET_URL_LENGTH = 2048;

/**
 * Extension, docs/api.md §10.20: when plans change. `postponed` (no new date yet; the event keeps
 * its old date for ordering and is not ended by it) or `rescheduled` (moved; `previous_date` and
 * `previous_time` say when it was).
 */
export const SCHEDULE_STATUSES = ['postponed', 'rescheduled'] as const;
/** Extension, docs/api.md §10.20: a venue-local calendar date `YYYY-MM-DD`. */
export const LOCAL_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** Extension, docs/api.md §10.23: a venue-local date and clock time `YYYY-MM-DDTHH:MM:SS`. */
export const LOCAL_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$';
/** Extension, docs/api.md §10.20: the youngest and oldest age limit a venue may give (`min_age`). */
export const MIN_AGE_RANGE = { minimum: 1, maximum: 25 } as const;
/** Extension, docs/api.md §10.20: most characters of a `status_reason`. */
export const MAX_STATUS_REASON_LENGTH = 500;
/** Extension, docs/api.md §10.26: most characters of an image's text alternative (`image_alt`). */
export const MAX_IMAGE_ALT_LENGTH = 500;

/**
 * Extension, docs/api.md §10.24: the text attributes an event's `untranslated` may name (those a
 * translation may leave out, the venue's own text then standing), in the contract's order.
 */
export const UNTRANSLATED_TEXTS = [
  'title',
  'category',
  'description',
  'location',
  'status_reason',
  'cancellation_reason',
] as const;

/**
 * Extension, docs/api.md §10.24: the members a compact occurrence's `untranslated` may name (a
 * stop's place and reason the chosen translation leaves out, the venue's own text then standing).
 */
export const UNTRANSLATED_STOP_TEXTS = ['location_label', 'status_reason'] as const;
