/** Validates responses against the shared contract (shared/contract.ts) with Ajv. */
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../server/lib/ajv.js';
import type { TSchema } from '@sinclair/typebox';
import {
  checkTicketOfficeRules,
  EarlierEventAttributesSchema,
  ErrorResponseSchema,
  EventAttributesSchema,
  ListResponseSchema,
  SingleResponseSchema,
  type EventResource,
  type ListResponse,
  type TicketOffice,
} from '../../shared/contract.js';
import { envelopeJson } from '../../shared/rules/pagination.js';

const ajv = createAjv({ strict: false });
const compiled = new Map<TSchema, ValidateFunction>();

function check(schema: TSchema, body: unknown, what: string): void {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  if (!validate(body)) {
    throw new Error(`${what} drifts from the contract: ${ajv.errorsText(validate.errors)}`);
  }
}

/** Asserts every event's attributes match exactly one shape, as the venue is configured. */
function checkEvents(events: EventResource[], shape: 'current' | 'earlier'): void {
  for (const event of events) {
    check(
      shape === 'current' ? EventAttributesSchema : EarlierEventAttributesSchema,
      event.attributes,
      `event ${event.id} (${shape} shape)`,
    );
    if ('ticket_office' in event.attributes) {
      const problems = checkTicketOfficeRules(event.attributes.ticket_office as TicketOffice);
      if (problems.length)
        throw new Error(`event ${event.id} ticket_office: ${problems.join(', ')}`);
    }
  }
}

export function expectListResponse(body: unknown, shape: 'current' | 'earlier' = 'current'): void {
  check(ListResponseSchema, body, 'list response');
  checkEvents((body as { data: EventResource[] }).data, shape);
}

export function expectSingleResponse(
  body: unknown,
  shape: 'current' | 'earlier' = 'current',
): void {
  check(SingleResponseSchema, body, 'single-event response');
  checkEvents([(body as { data: EventResource }).data], shape);
}

export function expectErrorResponse(body: unknown): void {
  check(ErrorResponseSchema, body, 'error response');
}

/** The list envelope's `links` and `meta` (`envelopeJson`) as a client reads them. */
export const envelopeLinks = (...args: Parameters<typeof envelopeJson>) =>
  JSON.parse(`{${envelopeJson(...args)}}`) as Pick<ListResponse, 'links' | 'meta'>;
