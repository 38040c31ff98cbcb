/** The published contract: GET /openapi.json, valid OpenAPI 3.1, matching live responses. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVenueFile } from '../../server/demo/venue.js';
import { startServer, type TestServer } from '../support/server.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

const NOW = '2026-12-05T12:00:00Z';
let server: TestServer;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
};
beforeAll(async () => {
  server = await startServer(demoVenueFile(new Date(NOW)), NOW);
  doc = await (await fetch(`${server.url}/openapi.json`)).json();
});
afterAll(() => server.close());

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (official schema)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes both endpoints with 200/304/404/405 for GET and HEAD', () => {
    for (const path of ['/t/{slug}/api/events', '/t/{slug}/api/events/{id}']) {
      for (const method of ['get', 'head']) {
        expect(Object.keys(doc.paths[path]![method]!.responses).sort()).toEqual(
          ['200', '304', '404', '405'].concat(path.endsWith('{id}') ? [] : ['400']).sort(),
        );
      }
    }
  });

  it('describes the extensions: categories and the calendar feed, the filters with their bounds', () => {
    const ops = doc.paths as unknown as Record<
      string,
      Record<string, { parameters: { name: string; required?: boolean; schema: object }[] }>
    >;
    expect(Object.keys(doc.paths['/t/{slug}/api/categories']!.get!.responses).sort()).toEqual([
      '200',
      '304',
      '404',
      '405',
    ]);
    const names = (path: string) => ops[path]!.get!.parameters.map((p) => p.name);
    expect(names('/t/{slug}/api/events')).toEqual(
      expect.arrayContaining(['page', 'categories', 'search', 'start_date', 'end_date']),
    );
    expect(names('/t/{slug}/api/calendar')).toEqual(
      expect.arrayContaining(['start', 'end', 'timeZone', 'categories', 'search']),
    );
    const search = ops['/t/{slug}/api/events']!.get!.parameters.find((p) => p.name === 'search')!;
    expect(search.schema).toMatchObject({ maxLength: 100 });
    const start = ops['/t/{slug}/api/calendar']!.get!.parameters.find((p) => p.name === 'start')!;
    expect(start.required).toBe(true);
  });

  it('describes the members of docs/api.md §10.18–§10.20, §10.22, §10.23 and §10.25 in the current shape only, after access', () => {
    type Shape = { properties: Record<string, unknown> };
    const schemas = (doc as unknown as { components: { schemas: Record<string, unknown> } })
      .components.schemas;
    const single = schemas.SingleResponse as {
      properties: { data: { properties: { attributes: { anyOf: [Shape, Shape] } } } };
    };
    const [current, earlier] = single.properties.data.properties.attributes.anyOf;
    expect(Object.keys(current.properties).slice(-25)).toEqual([
      'ticket_office',
      'access',
      'end_time',
      'price',
      'performers',
      'few_tickets_left',
      'ticket_url',
      'schedule_status',
      'previous_date',
      'previous_time',
      'status_reason',
      'doors_time',
      'min_age',
      'all_day',
      'end_date',
      'sold_out',
      'waitlist_url',
      'on_sale_at',
      'on_sale_local',
      'directions_url',
      'image_alt',
      // docs/api.md §10.24: only with `locale`, in either shape.
      'language',
      'languages',
      'untranslated',
      'venue',
    ]);
    const occurrence = (shape: Shape) =>
      Object.keys(
        (shape.properties.occurrences as { items: { properties: object } }).items.properties,
      );
    expect(occurrence(current).slice(-15)).toEqual([
      'end_time',
      'ticket_url',
      'schedule_status',
      'previous_date',
      'previous_time',
      'status_reason',
      'doors_time',
      'all_day',
      'end_date',
      'sold_out',
      'waitlist_url',
      'on_sale_at',
      'on_sale_local',
      'directions_url',
      // docs/api.md §10.24: only with `locale`, in either shape.
      'untranslated',
    ]);
    expect(occurrence(earlier).at(-1)).toBe('untranslated');
    expect(occurrence(earlier)).not.toContain('end_time');
    expect(occurrence(earlier)).not.toContain('ticket_url');
    expect(Object.keys(earlier.properties)).not.toContain('ticket_url');
    for (const member of [
      'schedule_status',
      'doors_time',
      'min_age',
      'all_day',
      'end_date',
      'sold_out',
      'directions_url',
    ]) {
      expect(Object.keys(earlier.properties)).not.toContain(member);
      expect(occurrence(earlier)).not.toContain(member);
    }
    expect(Object.keys(earlier.properties)).not.toContain('price');
    expect(Object.keys(earlier.properties)).not.toContain('end_time');
    const search = (
      doc.paths['/t/{slug}/api/events']!.get as unknown as {
        parameters: { name: string; description: string }[];
      }
    ).parameters.find((p) => p.name === 'search')!;
    expect(search.description).toContain("performers' names");
  });

  it('live responses match it: bodies by schema, headers by name', async () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema(doc, 'openapi');
    const schemaOf = (path: string, status: string) => {
      const content = (
        doc.paths[path]!.get!.responses[status] as {
          content: Record<string, { schema: { $ref: string } }>;
        }
      ).content['application/json']!.schema.$ref;
      return ajv.compile({ $ref: `openapi${content}` });
    };
    const cases: [string, string, string, RequestInit?][] = [
      ['/t/{slug}/api/events', '/t/blue-room/api/events?page=2', '200'],
      ['/t/{slug}/api/events/{id}', '/t/blue-room/api/events/101', '200'],
      ['/t/{slug}/api/events', '/t/nowhere/api/events', '404'],
      ['/t/{slug}/api/events/{id}', '/t/blue-room/api/events/01', '404'],
      ['/t/{slug}/api/events', '/t/blue-room/api/events', '405', { method: 'POST' }],
      ['/t/{slug}/api/events', '/t/blue-room/api/events?categories=jazz&search=tri', '200'],
      ['/t/{slug}/api/events', '/t/blue-room/api/events?start_date=2026-02-30', '400'],
      ['/t/{slug}/api/categories', '/t/blue-room/api/categories', '200'],
      ['/t/{slug}/api/categories', '/t/nowhere/api/categories', '404'],
      [
        '/t/{slug}/api/calendar',
        '/t/blue-room/api/calendar?start=2026-12-01&end=2027-03-01',
        '200',
      ],
      ['/t/{slug}/api/calendar', '/t/blue-room/api/calendar?start=2026-12-01', '400'],
      // Several venues (docs/api.md §10.16).
      ['/api/events', '/api/events?venues=blue-room&page=1', '200'],
      ['/api/events', '/api/events?venues=', '400'],
      ['/api/events', '/api/events?venues=blue-room,nowhere', '404'],
      ['/api/categories', '/api/categories?venues=blue-room', '200'],
      ['/api/calendar', '/api/calendar?venues=blue-room&start=2026-12-01&end=2027-03-01', '200'],
    ];
    for (const [path, url, status, init] of cases) {
      const res = await fetch(server.url + url, init);
      expect(String(res.status)).toBe(status);
      const validate = schemaOf(path, status);
      const body = await res.json();
      expect(validate(body), `${url}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      for (const name of Object.keys(doc.paths[path]!.get!.responses[status]!.headers ?? {})) {
        expect(res.headers.get(name), `${url} header ${name}`).not.toBeNull();
      }
    }
    const etag = (await fetch(`${server.url}/t/blue-room/api/events`)).headers.get('etag')!;
    const notModified = await fetch(`${server.url}/t/blue-room/api/events`, {
      headers: { 'If-None-Match': etag },
    });
    expect(notModified.status).toBe(304);
    for (const name of Object.keys(
      doc.paths['/t/{slug}/api/events']!.get!.responses['304']!.headers ?? {},
    )) {
      expect(notModified.headers.get(name)).not.toBeNull();
    }
  });
});
