/**
 * Hand-made API resources (docs/api.md §2.1–2.4) for tests of the pure modules: a published, ticketed,
 * single-date event with its ticket office open, every member overridable.
 */
import type {
  EarlierEventAttributes,
  EventAttributes,
  EventResource,
  TicketOffice,
} from '../../shared/contract.js';

/** `ticket_office` of an open sale with no closure (docs/api.md §2.4 row 6). */
export const OPEN_OFFICE: TicketOffice = {
  status: 'open',
  reason: null,
  closes_at: null,
  closed_at: null,
  message: null,
};

/** Attributes of the earlier shape (docs/api.md §9: no `ticket_office`). */
export function earlierAttributes(
  fields: Partial<EarlierEventAttributes> = {},
): EarlierEventAttributes {
  return {
    title: 'Gig',
    slug: 'gig',
    category: '',
    event_date: '2026-12-10T00:00:00.000000Z',
    event_time: '20:00:00',
    date_mode: 'single',
    occurrence_count: 0,
    next_occurrence: null,
    occurrences: [],
    description: '',
    location: '',
    over_18: false,
    publish_status: 'published',
    tickets_enabled: true,
    show_images: false,
    small_image_path: null,
    cancellation_reason: null,
    cancelled_at: null,
    ...fields,
  };
}

/** Attributes of the current shape, `ticket_office` open unless given. */
export function eventAttributes(fields: Partial<EventAttributes> = {}): EventAttributes {
  return { ...earlierAttributes(), ticket_office: OPEN_OFFICE, ...fields };
}

/** An event resource with `attributes` (either shape) and `links.self` under `events.example`. */
export function eventResource(
  attributes: EventResource['attributes'] = eventAttributes(),
  id = '1',
): EventResource {
  return {
    type: 'events',
    id,
    attributes,
    links: { self: `https://events.example/t/v/api/events/${id}` },
  };
}
