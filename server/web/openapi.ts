/**
 * The contract, published: an OpenAPI 3.1 document of the Public Event Listing Interface
 * generated from the TypeBox schemas in `shared/contract.ts` (never written by hand), served at
 * `GET /openapi.json` in origin and proxy mode alike.
 */
import type { TSchema } from '@sinclair/typebox';
import {
  ErrorResponseSchema,
  EVENT_ID,
  ListResponseSchema,
  MAX_AGE_SECONDS,
  SingleResponseSchema,
  SLUG,
} from '../../shared/contract.js';

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

const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An ETag from an earlier response; a match gives 304.',
  schema: { type: 'string' },
};

/** The OpenAPI 3.1 document. `version` is the release (package.json). */
export function openApiDocument(version: string): Record<string, unknown> {
  const list = {
    summary: 'Upcoming events of a venue, soonest first, 12 per page (docs/api.md §4.1)',
    operationId: 'listEvents',
    parameters: [
      slugParameter,
      {
        name: 'page',
        in: 'query',
        required: false,
        description:
          'Page number. A value that is not a plain decimal integer ≥ 1 within 2^53 reads as 1 (docs/decisions.md "Pagination").',
        schema: { type: 'string' },
      },
      ifNoneMatch,
    ],
    responses: {
      '200': {
        description: 'A page of events.',
        headers: cachingHeaders,
        content: json('ListResponse'),
      },
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
    },
    components: {
      schemas: {
        ListResponse: plain(ListResponseSchema),
        SingleResponse: plain(SingleResponseSchema),
        ErrorResponse: plain(ErrorResponseSchema),
      },
    },
  };
}
