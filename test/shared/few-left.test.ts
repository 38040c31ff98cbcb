/**
 * shared/rules/few-left.ts (docs/api.md §10.18): "Few tickets left" is said by one rule, the
 * venue's flag while the ticket office is open, on the pages (server/pages/event-facts.ts: the
 * listing page's and the event page's `<p class="few-left">`, the month view) and on the widget's
 * cards (widget/card-facts.ts: the elements, the first paint, widget.html) alike. The widget
 * reads "open" on the viewer's clock (docs/widget.md): a closing time it has passed closes it.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventAttributes, TicketOffice } from '../../shared/contract.js';
import { fewTicketsLeft } from '../../shared/rules/few-left.js';
import { factsHtml, fewTicketsLeft as pageSaysFewLeft } from '../../server/pages/event-facts.js';
import { cardFacts } from '../../widget/card-facts.js';
import { en } from '../../widget/i18n/en.js';
import {
  earlierAttributes,
  eventAttributes,
  eventResource,
  OPEN_OFFICE,
} from '../support/resources.js';

/** The viewer's clock: noon (UTC) on 5 December 2026. */
const NOW = Date.parse('2026-12-05T12:00:00Z');

const closed = (reason: NonNullable<TicketOffice['reason']>): TicketOffice => ({
  ...OPEN_OFFICE,
  status: 'closed',
  reason,
});

const few = (office: TicketOffice = OPEN_OFFICE) =>
  eventAttributes({ ticket_office: office, few_tickets_left: true });

/** What the widget's card says, on the viewer's clock `now`. */
const cardSays = (attributes: AnyEventAttributes, now = NOW) =>
  cardFacts(
    eventResource(attributes),
    'blue-room',
    'https://events.example',
    { locale: 'en', t: en, contentLang: undefined },
    now,
  ).fewLeft;

/** Whether a listing page's facts carry the line. */
const listingSays = (attributes: AnyEventAttributes) =>
  factsHtml(attributes).includes('<p class="few-left">Few tickets left</p>');

describe('"Few tickets left": the pages and the widget say it of the same events', () => {
  it.each([
    ['the venue says few are left, sales open', few(), true],
    [
      'the venue says few are left, sales close tonight',
      few({ ...OPEN_OFFICE, closes_at: '2026-12-05T22:00:00.000000Z' }),
      true,
    ],
    ['the venue says nothing', eventAttributes(), false],
    ['sales closed by hand', few(closed('manual')), false],
    ['sales closed on schedule', few(closed('scheduled')), false],
    ['the event has ended', few(closed('event_ended')), false],
    ['the event is cancelled', few(closed('cancelled')), false],
    ['not sold online', few(closed('not_ticketed')), false],
    ['the earlier shape (no flag, no office)', earlierAttributes(), false],
  ] as const)('%s → %s', (_name, attributes, says) => {
    const open = 'ticket_office' in attributes && attributes.ticket_office.status === 'open';
    expect(fewTicketsLeft(attributes, open)).toBe(says);
    expect(pageSaysFewLeft(attributes)).toBe(says);
    expect(listingSays(attributes)).toBe(says);
    expect(cardSays(attributes)).toBe(says);
  });

  it('the card drops it once the viewer’s clock passes the closing time, with the buy control', () => {
    const closing = few({ ...OPEN_OFFICE, closes_at: '2026-12-05T12:00:00.000000Z' });
    expect(cardSays(closing, NOW - 1)).toBe(true);
    expect(cardSays(closing, NOW)).toBe(false);
  });

  it('the card drops it when its buy control has nowhere to sell', () => {
    const nowhere = { ...eventResource(few()), links: { self: 'not a url' } };
    const t = { locale: 'en', t: en, contentLang: undefined };
    expect(cardFacts(nowhere, 'blue-room', 'https://events.example', t, NOW).fewLeft).toBe(false);
  });

  it('the rule itself: the flag only counts when it is true, and only while open', () => {
    expect(fewTicketsLeft(few(), false)).toBe(false);
    expect(fewTicketsLeft({ ...few(), few_tickets_left: 'yes' } as never, true)).toBe(false);
  });
});
