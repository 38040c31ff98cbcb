import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAttributes, ListResponse } from '../../shared/contract.js';
import { VenueFileSchema } from '../../shared/venue-file.js';
import { demoVenueFile } from '../../server/demo/venue.js';
import { expectListResponse, expectSingleResponse } from '../support/contract.js';
import { startServer, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z';
let server: TestServer;
let events: EventAttributes[];
beforeAll(async () => {
  server = await startServer(demoVenueFile(new Date(NOW)), NOW);
  events = [];
  for (let page = 1; ; page++) {
    const body = (await (
      await fetch(`${server.url}/t/blue-room/api/events?page=${page}`)
    ).json()) as ListResponse;
    expectListResponse(body);
    events.push(...body.data.map((e) => e.attributes as EventAttributes));
    if (!body.links.next) break;
  }
});
afterAll(() => server.close());

describe('the demo venue covers every state', () => {
  it('spans more than one page', () => expect(events.length).toBeGreaterThan(12));
  it.each([
    [
      'open',
      (e: EventAttributes) =>
        e.ticket_office.status === 'open' && e.ticket_office.closes_at === null,
    ],
    [
      'pending scheduled closure',
      (e: EventAttributes) =>
        e.ticket_office.status === 'open' && e.ticket_office.closes_at !== null,
    ],
    [
      'fired scheduled closure',
      (e: EventAttributes) =>
        e.ticket_office.reason === 'scheduled' && e.ticket_office.message !== null,
    ],
    [
      'closed by hand with a message',
      (e: EventAttributes) =>
        e.ticket_office.reason === 'manual' && e.ticket_office.message !== null,
    ],
    [
      'listed cancelled',
      (e: EventAttributes) =>
        e.publish_status === 'cancelled' && e.ticket_office.reason === 'cancelled',
    ],
    ['not ticketed', (e: EventAttributes) => e.ticket_office.reason === 'not_ticketed'],
    [
      'multi-date with a cancelled stop',
      (e: EventAttributes) =>
        e.date_mode === 'multiple' && e.occurrences.some((o) => o.status === 'cancelled'),
    ],
    ['over 18', (e: EventAttributes) => e.over_18],
    ['with an image', (e: EventAttributes) => e.show_images && e.small_image_path !== null],
    ['without an image', (e: EventAttributes) => e.small_image_path === null],
    ['HTML description', (e: EventAttributes) => /<\w+/.test(e.description)],
    // The facts of docs/api.md §10.18.
    ['free', (e: EventAttributes) => e.price?.min === '0.00' && e.price.max === undefined],
    ['one price', (e: EventAttributes) => e.price?.min === '15.00' && e.price.max === undefined],
    [
      'a range in another currency',
      (e: EventAttributes) => e.price?.currency === 'EUR' && e.price.max !== undefined,
    ],
    ['performers', (e: EventAttributes) => (e.performers?.length ?? 0) > 1],
    [
      'a night ending after midnight',
      (e: EventAttributes) => e.end_time !== undefined && e.end_time < e.event_time,
    ],
    ['few tickets left', (e: EventAttributes) => e.few_tickets_left === true],
    [
      'a stop with its own end',
      (e: EventAttributes) =>
        new Set(e.occurrences.map((o) => o.end_time).filter(Boolean)).size > 1,
    ],
  ])('%s', (_name, has) => expect(events.some(has)).toBe(true));

  it('few tickets left is not served once sales were closed by hand (docs/api.md §10.18)', () => {
    const comedy = events.find((e) => e.slug === 'comedy-night')!;
    expect(comedy.ticket_office.reason).toBe('manual');
    expect(comedy.price).toEqual({ currency: 'GBP', min: '10.00' });
    expect(comedy).not.toHaveProperty('few_tickets_left');
  });

  it('an ended event by id, and its images are served', async () => {
    const past = await (await fetch(`${server.url}/t/blue-room/api/events/115`)).json();
    expectSingleResponse(past);
    expect(past.data.attributes.ticket_office.reason).toBe('event_ended');
    const image = events.find((e) => e.small_image_path)!.small_image_path!;
    const res = await fetch(`${server.url}${image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});

describe('shipped JSON Schema', () => {
  it('is the TypeBox source, written by shared/write-schema.ts', () => {
    const shipped = JSON.parse(
      readFileSync(new URL('../../shared/venue-file.schema.json', import.meta.url), 'utf8'),
    );
    const { $schema, ...rest } = shipped;
    expect($schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(rest).toEqual(JSON.parse(JSON.stringify(VenueFileSchema)));
  });
});

describe('the demo venue speaks German and French too (docs/api.md §10.24)', () => {
  it('a few events have the venue’s own words in each, the rest its English', async () => {
    const read = async (locale: string) =>
      (
        (await (
          await fetch(`${server.url}/t/blue-room/api/events?page=1&locale=${locale}`)
        ).json()) as ListResponse
      ).data.map((e) => e.attributes as EventAttributes);
    const [german, french] = await Promise.all([read('de'), read('fr')]);
    const bySlug = (list: EventAttributes[], slug: string) => list.find((e) => e.slug === slug)!;
    expect(bySlug(german, 'open-mic')).toMatchObject({
      title: 'Heute: Offene Bühne',
      language: 'de',
    });
    expect(bySlug(french, 'comedy-night')).toMatchObject({
      title: 'Soirée humour',
      language: 'fr',
    });
    expect(german.filter((e) => e.language === 'de').length).toBeGreaterThanOrEqual(3);
    expect(german.some((e) => e.language === 'en')).toBe(true);
  });
});
