/**
 * The ticket-link rule (docs/api.md §10.19, shared/rules/ticket-url.ts): only an https link reaches
 * an `href`; and the expression the budgeted script carries as literals (`widget/wire.ts`, the
 * rule itself) is `TICKET_URL_PATTERN`.
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

  it('the widget’s reader and the rule write the same expression as the pattern', () => {
    const literal = (path: string, before: RegExp) =>
      before.exec(readFileSync(new URL(path, import.meta.url), 'utf8'))?.[1];
    const pattern = String(new RegExp(TICKET_URL_PATTERN));
    // The reader's https test, which its ticket link and waiting list share (docs/api.md §10.23).
    expect(literal('../../widget/wire.ts', /const https = \(v: unknown\) => (\/.+?\/)\.test/)).toBe(
      pattern,
    );
    expect(literal('../../shared/rules/ticket-url.ts', /const TICKET_URL = (\/.+?\/);/)).toBe(
      pattern,
    );
  });
});
