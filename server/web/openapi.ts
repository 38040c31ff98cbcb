/**
 * The contract, published: an OpenAPI 3.1 document of the Public Event Listing Interface
 * generated from the TypeBox schemas in `shared/contract.ts` (never written by hand), served at
 * `GET /openapi.json` in origin and proxy mode alike. The extensions' documents (categories,
 * calendar feed, access: docs/api.md §10.13–10.15) have TypeBox schemas here, checked against
 * the shared rules' types at compile time.
 */
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { EventQuery, FeedQuery, ListQuery, VenuesQuery } from '../../shared/queries.js';
import {
  AccessListSchema,
  ErrorResponseSchema,
  EVENT_ID,
  EventVenueSchema,
  ListResponseSchema,
  MAX_AGE_SECONDS,
  SingleResponseSchema,
  SLUG,
  TicketOfficeSchema,
} from '../../shared/contract.js';
import { FEED_MAX_DAYS, type FeedEvent } from '../../shared/rules/calendar-feed.js';
import { ACCESS_IDS, type accessDocument, type AccessId } from '../../shared/rules/access.js';
import type { categoriesDocument } from '../../shared/rules/categories.js';
import { FILTER_LIMITS } from '../../shared/rules/filters.js';
import { MAX_VENUES } from '../../shared/rules/venues.js';

/** docs/api.md §10.13: the categories document. */
const CategoriesResponseSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          type: Type.Literal('categories'),
          id: Type.String({ description: 'The name folded, non-alphanumerics as `-`.' }),
          attributes: Type.Object(
            {
              name: Type.String({ description: 'As most of its events spell it.' }),
              count: Type.Integer({ minimum: 1, description: 'Listed events of the category.' }),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** docs/api.md §10.15: the access document. */
const AccessResponseSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          type: Type.Literal('access'),
          id: Type.Unsafe<AccessId>(
            Type.String({ enum: [...ACCESS_IDS], description: 'A vocabulary id.' }),
          ),
          attributes: Type.Object(
            {
              name: Type.String({ description: 'The English label.' }),
              count: Type.Integer({
                minimum: 1,
                description: 'Listed events having it on one of their listed dates.',
              }),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'In vocabulary order; only ids some listed event has.' },
    ),
  },
  { additionalProperties: false },
);

/** docs/api.md §10.14: one object of the calendar feed, as FullCalendar reads it. */
const FeedEventSchema = Type.Object(
  {
    id: Type.String({ description: '`{event id}-{YYYY-MM-DD}-{HHMM}`' }),
    groupId: Type.String({ description: 'The event id.' }),
    title: Type.String(),
    start: Type.String({
      description:
        'Venue-local date-time with its UTC offset then; an all-day date its date, YYYY-MM-DD.',
    }),
    end: Type.Optional(
      Type.String({
        description:
          "When that date ends, in start's form; only when the venue gives an end time (docs/api.md §10.18), the next day when not after the start.",
      }),
    ),
    url: Type.String({ description: 'The event page (docs/api.md §10.5).' }),
    allDay: Type.Boolean({
      description:
        'true for an all-day date (docs/api.md §10.22): start is its date and end the day after its last (exclusive), both YYYY-MM-DD.',
    }),
    extendedProps: Type.Object(
      {
        category: Type.String(),
        location: Type.String(),
        cancelled: Type.Boolean(),
        ticket_office: Type.Union([TicketOfficeSchema, Type.Null()]),
        access: Type.Optional(AccessListSchema),
        venue: Type.Optional(EventVenueSchema),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
const CalendarFeedSchema = Type.Array(FeedEventSchema);

// Compile-time checks, both ways: the schemas describe exactly what the shared rules produce.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchRules: [
  Same<Static<typeof CategoriesResponseSchema>, ReturnType<typeof categoriesDocument>>,
  Same<Static<typeof FeedEventSchema>, FeedEvent>,
  // Optional members escape `Same` (an object without one is assignable either way): keys too.
  Same<keyof Static<typeof FeedEventSchema>, keyof FeedEvent>,
  Same<Static<typeof AccessResponseSchema>, ReturnType<typeof accessDocument>>,
] = [true, true, true, true];
void schemasMatchRules;

/** A TypeBox schema as plain JSON Schema (TypeBox marks its objects with symbol keys). */
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema));

const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  description,
  schema,
});

const cachingHeaders = {
  ETag: header('Strong validator of this representation (RFC 9110 §8.8.3).'),
  'Cache-Control': header(
    `\`public, max-age=N\`, N ≤ ${MAX_AGE_SECONDS} and never past the next change (docs/decisions.md "Caching").`,
  ),
  Vary: header('`Accept-Encoding`: brotli and gzip representations exist.'),
};

const json = (ref: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${ref}` } },
});

const errorResponse = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers,
  content: json('ErrorResponse'),
});

/** Responses every endpoint shares besides its 200. */
const commonResponses = {
  '304': {
    description: 'Not Modified: the `If-None-Match` validator matches (no body).',
    headers: { ETag: cachingHeaders.ETag, 'Cache-Control': cachingHeaders['Cache-Control'] },
  },
  '404': errorResponse(
    'Unknown venue or event, a hidden event, or an id that is not a plain positive integer.',
  ),
  '405': errorResponse('Any method but GET, HEAD (and OPTIONS for CORS preflight).', {
    Allow: header('`GET, HEAD, OPTIONS`'),
  }),
};

const slugParameter = {
  name: 'slug',
  in: 'path',
  required: true,
  description: 'The venue slug.',
  schema: { type: 'string', pattern: `^${SLUG}$` },
};

/**
 * The OpenAPI query parameters of `query` (`shared/queries.ts`, the one definition the parsers
 * and the proxy's checks read), by name: their descriptions and bounds as defined there.
 */
function queryParameters(query: TObject): Record<string, Record<string, unknown>> {
  const required: readonly string[] = query.required ?? [];
  return Object.fromEntries(
    Object.entries(query.properties as Record<string, TSchema>).map(([name, schema]) => {
      const { description, ...bounds } = plain(schema) as { description?: string };
      const parameter = { name, in: 'query', required: required.includes(name), description };
      return [name, { ...parameter, schema: bounds }];
    }),
  );
}

const badParameter = (description: string) =>
  errorResponse(
    `${description} The error's \`source.parameter\` names the parameter (docs/api.md §10.12).`,
  );

const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An ETag from an earlier response; a match gives 304.',
  schema: { type: 'string' },
};

/** The operations of the extensions beside the list: categories, access and the calendar feed. */
function extensionOperations() {
  const access = {
    summary:
      "The access provisions of a venue's listed events with how many have each, in vocabulary order (docs/api.md §10.15); always empty in proxy mode",
    operationId: 'listAccess',
    parameters: [slugParameter, ifNoneMatch],
    responses: {
      '200': {
        description: 'The access provisions.',
        headers: cachingHeaders,
        content: json('AccessResponse'),
      },
      ...commonResponses,
    },
  };
  const categories = {
    summary:
      "The categories of a venue's listed events with how many have each, sorted by name (docs/api.md §10.13)",
    operationId: 'listCategories',
    parameters: [slugParameter, ifNoneMatch],
    responses: {
      '200': {
        description: 'The categories.',
        headers: cachingHeaders,
        content: json('CategoriesResponse'),
      },
      ...commonResponses,
    },
  };
  const calendar = {
    summary:
      "FullCalendar's JSON event feed: one object per listed date in [start, end) (docs/api.md §10.14)",
    operationId: 'calendarFeed',
    parameters: [slugParameter, ...Object.values(queryParameters(FeedQuery)), ifNoneMatch],
    responses: {
      '200': {
        description: 'The feed, in date order; a tour gives one object per stop from today on.',
        headers: cachingHeaders,
        content: json('CalendarFeed'),
      },
      '400': badParameter(
        `start or end missing or unreadable, an unknown timeZone, end not after start, over ${FEED_MAX_DAYS} days, or a bad categories, access or search.`,
      ),
      ...commonResponses,
    },
  };
  return { categories, access, calendar };
}

const venuesParameter = queryParameters(VenuesQuery).venues!;

/**
 * The listings of several venues (docs/api.md §10.16): `operation` without its `slug` path
 * parameter, with `venues`, and its 400 and 404 saying so.
 */
function forVenues(operation: {
  summary: string;
  operationId: string;
  parameters: readonly unknown[];
  responses: Record<string, unknown>;
}) {
  return {
    ...operation,
    summary: `Several venues: ${operation.summary}, merged by the instant each date shows in its venue's zone; each event or date names its venue`,
    operationId: `${operation.operationId}OfVenues`,
    parameters: [venuesParameter, ...operation.parameters.filter((p) => p !== slugParameter)],
    responses: {
      ...operation.responses,
      '400': badParameter(
        `venues missing, empty, malformed or over ${MAX_VENUES} (source.parameter "venues"; in proxy mode also a venue without a configured zone), or a bad filter or feed parameter.`,
      ),
      '404': errorResponse('A venue named is not published (the detail names it).'),
    },
  };
}

/** Each operation as GET and HEAD. */
const getAndHead = (operation: { operationId: string }) => ({
  get: operation,
  head: { ...operation, operationId: `${operation.operationId}Head` },
});

/** The OpenAPI 3.1 document. `version` is the release (package.json). */
export function openApiDocument(version: string): Record<string, unknown> {
  const list = {
    summary: 'Upcoming events of a venue, soonest first, 12 per page (docs/api.md §4.1)',
    operationId: 'listEvents',
    parameters: [slugParameter, ...Object.values(queryParameters(ListQuery)), ifNoneMatch],
    responses: {
      '200': {
        description:
          'A page of events. With filters, every page URL carries them in canonical order before `page`.',
        headers: cachingHeaders,
        content: json('ListResponse'),
      },
      '400': badParameter(
        `A bad filter: a date that is not a real YYYY-MM-DD, end_date before start_date, a range over ${FILTER_LIMITS.rangeDays} days, search over ${FILTER_LIMITS.searchLength} characters, over ${FILTER_LIMITS.categories} categories, an unknown or repeated access id, or a parameter given twice.`,
      ),
      ...commonResponses,
    },
  };
  const one = {
    summary: 'One event of a venue (docs/api.md §4.2)',
    operationId: 'showEvent',
    parameters: [
      slugParameter,
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'The event id.',
        schema: { type: 'string', pattern: `^${EVENT_ID}$` },
      },
      ...Object.values(queryParameters(EventQuery)),
      ifNoneMatch,
    ],
    responses: {
      '200': {
        description: 'The event.',
        headers: cachingHeaders,
        content: json('SingleResponse'),
      },
      ...commonResponses,
    },
  };
  const { categories, access, calendar } = extensionOperations();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Event Listing Interface',
      version,
      description:
        "A venue's upcoming events as JSON:API resources, each with a ticket office status. Read-only, public, CORS-enabled.",
    },
    paths: {
      '/t/{slug}/api/events': { get: list, head: { ...list, operationId: 'listEventsHead' } },
      '/t/{slug}/api/events/{id}': { get: one, head: { ...one, operationId: 'showEventHead' } },
      '/t/{slug}/api/categories': {
        get: categories,
        head: { ...categories, operationId: 'listCategoriesHead' },
      },
      '/t/{slug}/api/access': {
        get: access,
        head: { ...access, operationId: 'listAccessHead' },
      },
      '/t/{slug}/api/calendar': {
        get: calendar,
        head: { ...calendar, operationId: 'calendarFeedHead' },
      },
      '/api/events': getAndHead(forVenues(list)),
      '/api/categories': getAndHead(forVenues(categories)),
      '/api/access': getAndHead(forVenues(access)),
      '/api/calendar': getAndHead(forVenues(calendar)),
    },
    components: {
      schemas: {
        ListResponse: plain(ListResponseSchema),
        SingleResponse: plain(SingleResponseSchema),
        ErrorResponse: plain(ErrorResponseSchema),
        CategoriesResponse: plain(CategoriesResponseSchema),
        AccessResponse: plain(AccessResponseSchema),
        CalendarFeed: plain(CalendarFeedSchema),
      },
    },
  };
}
