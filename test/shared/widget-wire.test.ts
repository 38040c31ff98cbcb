/** widget/wire.ts: the widget's one boundary with API bodies (pure, runs in Node). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isCalendarDate,
  NEUTRAL_OFFICE,
  readEvent,
  readPage,
  readSingle,
} from '../../widget/wire.js';
import { eventAttributes, eventResource } from '../support/resources.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let nextId = 1;
const resource = (attributes: Json = {}, extra: Json = {}): Json => ({
  ...eventResource(),
  id: String(nextId++),
  attributes: {
    ...eventAttributes({ category: 'Jazz', description: '<p>Hi</p>', location: 'Main Room' }),
    ...attributes,
  },
  ...extra,
});
const officeOf = (v: Json) => {
  const attributes = readEvent(v)!.attributes;
  return 'ticket_office' in attributes ? attributes.ticket_office : undefined;
};

describe('readEvent', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a well-formed event comes through unchanged, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const v = resource();
    expect(readEvent(v)).toEqual(v);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['no attributes', { attributes: null }],
    ['no id', { id: null }],
  ])('%s: left out, one warning', (_name, extra) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readEvent({ ...resource(), ...extra })).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it.each([['TBA'], ['2027-02-30T00:00:00.000000Z'], [42], [undefined]])(
    'event_date %j: left out',
    (eventDate) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(readEvent(resource({ event_date: eventDate }))).toBeUndefined();
    },
  );

  it('the same problem on the same event is logged once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const v = resource({ event_time: '25:99:00' });
    readEvent(v);
    readEvent(v);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('broken parts are dropped, the event stays', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const a = readEvent(
      resource({
        event_time: '25:99:00',
        description: 42,
        over_18: 'false',
        show_images: 'true',
        date_mode: 'multiple',
        occurrences: [
          {
            occurrence_date: '2026-12-11',
            time_label: '7:00 PM',
            location_label: 'A',
            status: 'x',
          },
          { occurrence_date: 'soon' },
          'nope',
        ],
      }),
    )!.attributes;
    expect(a.event_time).toBe('');
    expect(a.description).toBe('');
    expect(a.over_18).toBe(false);
    expect(a.show_images).toBe(false);
    expect(a.occurrences).toEqual([
      {
        occurrence_date: '2026-12-11',
        time_label: '7:00 PM',
        location_label: 'A',
        status: 'scheduled',
      },
    ]);
  });

  it.each([['category'], ['location'], ['description']])(
    '%s null: read as none (no line), the event stays, no warning',
    (key) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const a = readEvent(resource({ [key]: null }))!.attributes as unknown as Json;
      expect(a[key]).toBe('');
      expect(a.title).toBe('Gig');
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('a null slug is still a problem: it decides the links', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readEvent(resource({ slug: null }))!.attributes.slug).toBe('');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['null', null],
    ['a string', 'open'],
    ['open without closes_at', { status: 'open' }],
    ['closes_at "soon"', { status: 'open', reason: null, closes_at: 'soon' }],
    ['an unknown status', { status: 'paused', reason: null, closes_at: null }],
    ['an unknown reason', { status: 'closed', reason: 'sold_out', closes_at: null }],
    ['open with a reason', { status: 'open', reason: 'manual', closes_at: null }],
  ])('ticket_office %s → the neutral closed office', (_name, office) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(officeOf(resource({ ticket_office: office }))).toEqual(NEUTRAL_OFFICE);
  });

  it('a known closed office keeps its reason and message', () => {
    const office = {
      status: 'closed',
      reason: 'manual',
      closes_at: null,
      closed_at: '2026-12-04T09:00:00.000000Z',
      message: 'On the door.',
    };
    expect(officeOf(resource({ ticket_office: office }))).toEqual(office);
  });

  it('the earlier shape stays earlier unless its fields are malformed', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const v = resource();
    delete v.attributes.ticket_office;
    expect(officeOf(v)).toBeUndefined();
    expect(officeOf({ ...v, attributes: { ...v.attributes, tickets_enabled: 'true' } })).toEqual(
      NEUTRAL_OFFICE,
    );
    expect(officeOf({ ...v, attributes: { ...v.attributes, publish_status: 'draft' } })).toEqual(
      NEUTRAL_OFFICE,
    );
  });

  it('no http(s) links.self → no buy link (neutral closed)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(officeOf(resource({}, { links: {} }))).toEqual(NEUTRAL_OFFICE);
    expect(officeOf(resource({}, { links: { self: 'javascript:alert(1)' } }))).toEqual(
      NEUTRAL_OFFICE,
    );
  });
});

describe('readPage and readSingle', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads at most 12 events and the page numbers', () => {
    const data = Array.from({ length: 1000 }, () => resource());
    const page = readPage({ data, meta: { current_page: 2, last_page: 84, total: 1000 } }, 2);
    expect(page.events).toHaveLength(12);
    expect(page).toMatchObject({ page: 2, lastPage: 84, total: 1000 });
  });

  it('counts the events it could not read, so the list can say so', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const data = [
      resource(),
      resource({ title: null }),
      resource({ event_date: 'TBA' }),
      resource({ category: null }),
    ];
    const page = readPage({ data, meta: { current_page: 1, last_page: 1, total: 4 } }, 1);
    expect(page.events.map((e) => e.id)).toEqual([data[0]!.id, data[3]!.id]);
    expect(page.unreadable).toBe(2);
  });

  it('none unreadable: no count; all unreadable: no events, all counted, total from data', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPage({ data: [resource()] }, 1)).not.toHaveProperty('unreadable');
    const bad = [resource({ title: null }), resource({ title: null })];
    expect(readPage({ data: bad }, 1)).toMatchObject({ events: [], unreadable: 2, total: 2 });
  });

  it('missing meta falls back to what was asked', () => {
    expect(readPage({ data: [] }, 3)).toEqual({ page: 3, lastPage: 3, total: 0, events: [] });
  });

  it('throws for bodies that are not listings or events', () => {
    expect(() => readPage({ errors: [] }, 1)).toThrow();
    expect(() => readPage('<html>', 1)).toThrow();
    expect(() => readSingle({ data: null })).toThrow();
    expect(readSingle({ data: resource() }).event.attributes.title).toBe('Gig');
    // A venue's ticket link parameters come with its event (docs/api.md §10.19).
    const params = { utm_source: 'site' };
    expect(readSingle({ data: resource(), meta: { ticket_link_params: params } }).linkParams).toBe(
      params,
    );
    expect(readSingle({ data: resource() }).linkParams).toBeUndefined();
  });

  it('isCalendarDate', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('2027-1-1')).toBe(false);
  });
});
