/**
 * The ticket-link rule (docs/api.md §10.19, shared/rules/ticket-url.ts): only an https link reaches
 * an `href`; and the widget's budgeted reader (`widget/wire.ts`), which writes the expression as a
 * literal rather than import it, says the same as `TICKET_URL_PATTERN`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TICKET_URL_PATTERN } from '../../shared/patterns.js';
import { ticketUrlOf } from '../../shared/rules/ticket-url.js';

describe('ticket links', () => {
  it.each([
    ['https://tickets.example/e/1?a=1&b=2', 'https://tickets.example/e/1?a=1&b=2'],
    ['http://tickets.example/e/1', undefined],
    ['javascript:alert(1)', undefined],
    ['https://tickets.example/e 1', undefined],
    [42, undefined],
    [['https://tickets.example/'], undefined],
  ])('%j → %j', (url, expected) => {
    expect(ticketUrlOf({ ticket_url: url })).toBe(expected);
  });

  it('is absent for a member without one', () => {
    expect(ticketUrlOf({})).toBeUndefined();
    expect(ticketUrlOf(null)).toBeUndefined();
  });

  it('the widget’s reader writes the same expression', () => {
    const wire = readFileSync(new URL('../../widget/wire.ts', import.meta.url), 'utf8');
    const literal = /ticket_url: \(v\) => (\/.+?\/)\.test/.exec(wire)?.[1];
    expect(literal).toBe(String(new RegExp(TICKET_URL_PATTERN)));
  });
});
