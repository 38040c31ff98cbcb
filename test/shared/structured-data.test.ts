/**
 * The pure JSON-LD builder (shared/rules/structured-data.ts) on hand-made API resources: the
 * availability table, the stops it describes, images, URLs and the script-safe serialisation.
 * No time-zone database and no HTML parser: both are passed in, as the widget will.
 */
import { describe, expect, it } from 'vitest';
import type {
  CompactOccurrence,
  EventResource,
  Price,
  TicketOffice,
} from '../../shared/contract.js';
import {
  AVAILABILITY,
  eventStructuredData,
  jsonLdText,
  labelTime,
} from '../../shared/rules/structured-data.js';
import { zonedStartDate } from '../../shared/rules/zoned-time.js';
import { eventAttributes, eventResource, OPEN_OFFICE } from '../support/resources.js';

const venue = { slug: 'v', name: 'The Venue' };
const options = { today: '2026-12-05', plainText: (html: string) => html.replace(/<[^>]+>/g, '') };
const open: TicketOffice = OPEN_OFFICE;

function resource(attributes: Partial<EventResource['attributes']> = {}): EventResource {
  return eventResource({
    ...eventAttributes({
      title: 'Night',
      slug: 'night',
      event_date: '2026-12-06T00:00:00.000000Z',
      event_time: '19:30:00',
      description: '<p>Good.</p>',
    }),
    ...attributes,
  } as EventResource['attributes']);
}

describe('eventStructuredData', () => {
  it('without a zone formatter, startDate is the local date-time without an offset', () => {
    const [event] = eventStructuredData(resource(), venue, options);
    expect(event!.startDate).toBe('2026-12-06T19:30:00');
    expect(event!.location).toEqual({ '@type': 'Place', name: 'The Venue' });
    expect(event!.url).toBe('https://events.example/t/v/events/night');
    expect(event!.description).toBe('Good.');
  });

  it.each([
    [open, 'https://schema.org/InStock'],
    [{ ...open, status: 'closed', reason: 'manual' }, 'https://schema.org/SoldOut'],
    [{ ...open, status: 'closed', reason: 'scheduled' }, 'https://schema.org/SoldOut'],
    [{ ...open, status: 'closed', reason: 'event_ended' }, 'https://schema.org/Discontinued'],
    [{ ...open, status: 'closed', reason: 'cancelled' }, 'https://schema.org/Discontinued'],
    [{ ...open, status: 'closed', reason: 'not_ticketed' }, undefined],
  ] as [TicketOffice, string | undefined][])('%j → %s', (office, availability) => {
    const [event] = eventStructuredData(resource({ ticket_office: office }), venue, options);
    expect(event!.offers?.availability).toBe(availability);
    expect(AVAILABILITY[office.reason ?? 'open'] ?? undefined).toBe(availability);
  });

  it('no offers when ticketing is not configured, whatever the office says', () => {
    const [event] = eventStructuredData(resource({ tickets_enabled: false }), venue, options);
    expect(event!.offers).toBeUndefined();
  });

  it('images: absolute http(s) only, and only when the venue shows images', () => {
    const image = (attributes: Partial<EventResource['attributes']>) =>
      eventStructuredData(resource(attributes), venue, options)[0]!.image;
    expect(image({ show_images: true, small_image_path: '/a.jpg' })).toEqual([
      'https://events.example/a.jpg',
    ]);
    expect(image({ show_images: true, small_image_path: 'https://cdn.example/b.png' })).toEqual([
      'https://cdn.example/b.png',
    ]);
    expect(image({ show_images: false, small_image_path: '/a.jpg' })).toBeUndefined();
    expect(image({ show_images: true, small_image_path: 'javascript:alert(1)' })).toBeUndefined();
    expect(
      image({ show_images: true, small_image_path: 'data:image/png;base64,xx' }),
    ).toBeUndefined();
  });

  it('a tour: upcoming stops only, or every stop once none is upcoming', () => {
    const stop = (date: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
      occurrence_date: date,
      time_label: '7:30 PM',
      location_label: `Hall ${date}`,
      status,
    });
    const tour = (dates: string[]) =>
      resource({
        date_mode: 'multiple',
        occurrences: dates.map((d) => stop(d)),
        occurrence_count: dates.length,
      });
    expect(
      eventStructuredData(tour(['2026-12-01', '2026-12-05', '2026-12-09']), venue, options).map(
        (e) => e.startDate,
      ),
    ).toEqual(['2026-12-05T19:30:00', '2026-12-09T19:30:00']);
    expect(
      eventStructuredData(tour(['2026-11-01', '2026-11-02']), venue, options).map(
        (e) => e.startDate,
      ),
    ).toEqual(['2026-11-01T19:30:00', '2026-11-02T19:30:00']);
  });

  it('nothing when links.self is not an http(s) URL', () => {
    const bad = { ...resource(), links: { self: 'javascript:alert(1)' } };
    expect(eventStructuredData(bad, venue, options)).toEqual([]);
  });

  it('the earlier shape: availability derived (ended when the day has passed)', () => {
    const { ticket_office: _, ...earlier } = resource().attributes as Record<string, unknown>;
    const past = {
      ...resource(),
      attributes: { ...earlier, event_date: '2026-12-01T00:00:00.000000Z' },
    };
    const [event] = eventStructuredData(past as EventResource, venue, options);
    expect(event!.offers?.availability).toBe('https://schema.org/Discontinued');
  });
});

describe('eventStructuredData: the facts of docs/api.md §10.18', () => {
  const zoned = { ...options, startDate: zonedStartDate('Europe/London') };
  const tourStop = (date: string, end?: string): CompactOccurrence => ({
    occurrence_date: date,
    time_label: '11:00 PM',
    location_label: '',
    status: 'scheduled',
    ...(end && { end_time: end }),
  });

  it('without any of them, nothing new: no endDate, performer, price, LimitedAvailability', () => {
    const [event] = eventStructuredData(resource(), venue, options);
    expect(Object.keys(event!)).not.toContain('endDate');
    expect(Object.keys(event!)).not.toContain('performer');
    expect(event!.offers).toEqual({
      '@type': 'Offer',
      url: 'https://events.example/t/v/events/night',
      availability: 'https://schema.org/InStock',
    });
  });

  it('endDate from end_time, the next day when not after the start, with the offset', () => {
    const late = resource({ event_time: '23:00:00', end_time: '04:00:00' });
    const [event] = eventStructuredData(late, venue, zoned);
    expect(event!.startDate).toBe('2026-12-06T23:00:00+00:00');
    expect(event!.endDate).toBe('2026-12-07T04:00:00+00:00');
    const [plain] = eventStructuredData(resource({ end_time: '22:30:00' }), venue, options);
    expect(plain!.endDate).toBe('2026-12-06T22:30:00');
  });

  it("a tour: each stop's own end, none for a stop without one", () => {
    const tour = resource({
      date_mode: 'multiple',
      occurrence_count: 2,
      occurrences: [tourStop('2026-12-06', '02:00:00'), tourStop('2026-12-07')],
      end_time: '02:00:00',
    });
    const events = eventStructuredData(tour, venue, zoned);
    expect(events.map((e) => e.endDate)).toEqual(['2026-12-07T02:00:00+00:00', undefined]);
  });

  it('performers as PerformingGroup items in billing order', () => {
    const [event] = eventStructuredData(
      resource({ performers: ['Alice', 'Bob & the </script>'] }),
      venue,
      options,
    );
    expect(event!.performer).toEqual([
      { '@type': 'PerformingGroup', name: 'Alice' },
      { '@type': 'PerformingGroup', name: 'Bob & the </script>' },
    ]);
  });

  it.each([
    [
      { currency: 'GBP', min: '12.00' },
      { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP' },
    ],
    [
      { currency: 'GBP', min: '12.00', max: '12.00' },
      { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP' },
    ],
    [
      { currency: 'GBP', min: '0.00' },
      { '@type': 'Offer', price: '0.00', priceCurrency: 'GBP' },
    ],
    [
      { currency: 'JPY', min: '1500', max: '3000' },
      { '@type': 'AggregateOffer', lowPrice: '1500', highPrice: '3000', priceCurrency: 'JPY' },
    ],
  ] as [Price, Record<string, string>][])('price %j → %j', (price, members) => {
    const [event] = eventStructuredData(resource({ price }), venue, options);
    expect(event!.offers).toEqual({
      url: 'https://events.example/t/v/events/night',
      availability: 'https://schema.org/InStock',
      ...members,
    });
    expect(Object.keys(event!.offers!)[0]).toBe('@type');
  });

  it('a price without an offer (not ticketed) is not invented into one', () => {
    const price = { currency: 'GBP', min: '5.00' };
    const [event] = eventStructuredData(
      resource({ price, tickets_enabled: false }),
      venue,
      options,
    );
    expect(event!.offers).toBeUndefined();
  });

  it('LimitedAvailability while few tickets are left and the office is open; closed wins', () => {
    const few = (office: TicketOffice) =>
      eventStructuredData(resource({ few_tickets_left: true, ticket_office: office }), venue, {
        ...options,
      })[0]!.offers?.availability;
    expect(few(open)).toBe('https://schema.org/LimitedAvailability');
    expect(few({ ...open, status: 'closed', reason: 'manual' })).toBe('https://schema.org/SoldOut');
    const tour = resource({
      date_mode: 'multiple',
      occurrence_count: 2,
      few_tickets_left: true,
      occurrences: [tourStop('2026-12-06'), { ...tourStop('2026-12-07'), status: 'cancelled' }],
    });
    expect(eventStructuredData(tour, venue, options).map((e) => e.offers?.availability)).toEqual([
      'https://schema.org/LimitedAvailability',
      'https://schema.org/Discontinued',
    ]);
  });
});

describe('labelTime', () => {
  it.each([
    ['7:30 PM', '19:30:00'],
    ['12:05 AM', '00:05:00'],
    ['12:00 PM', '12:00:00'],
    ['9:00 AM', '09:00:00'],
    ['13:00 PM', null],
    ['7:30', null],
  ])('%s → %s', (label, time) => expect(labelTime(label)).toBe(time));
});

describe('jsonLdText', () => {
  it('cannot close a script element or open a comment, and parses back to the same data', () => {
    const data = { name: '</script><!-- & \u2028' };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
