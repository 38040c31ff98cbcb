/**
 * shared/rules/price-text.ts: a price (docs/api.md §10.18) as a reader sees it, by the rules of
 * docs/decisions.md "Price, performers, end time, few tickets left".
 */
import { describe, expect, it } from 'vitest';
import type { Price } from '../../shared/contract.js';
import { priceAmounts, priceText } from '../../shared/rules/price-text.js';

describe('priceText', () => {
  it.each([
    [{ currency: 'GBP', min: '12.00' }, '£12'],
    [{ currency: 'GBP', min: '12.00', max: '18.00' }, '£12–£18'],
    [{ currency: 'GBP', min: '12.00', max: '12.00' }, '£12'],
    [{ currency: 'GBP', min: '12.50' }, '£12.50'],
    [{ currency: 'GBP', min: '12.00', max: '18.50' }, '£12.00–£18.50'],
    [{ currency: 'GBP', min: '0.00' }, 'Free'],
    [{ currency: 'GBP', min: '0.00', max: '0.00' }, 'Free'],
    [{ currency: 'GBP', min: '0.00', max: '10.00' }, '£0–£10'],
    [{ currency: 'JPY', min: '1500' }, 'JP¥1,500'],
    [{ currency: 'EUR', min: '8.00', max: '15.00' }, '€8–€15'],
  ] as [Price, string][])('%j → %s (en-GB)', (price, text) => {
    expect(priceText(price)).toBe(text);
  });

  it("in another locale, with that locale's word for free", () => {
    expect(priceText({ currency: 'EUR', min: '12.00' }, 'de-DE')).toBe('12\u00a0€');
    expect(priceText({ currency: 'EUR', min: '0' }, 'de-DE', 'Kostenlos')).toBe('Kostenlos');
  });
});

describe('priceAmounts', () => {
  it('one amount, a range only when max > min, none when free', () => {
    expect(priceAmounts({ currency: 'GBP', min: '5.00', max: '7.00' })).toEqual([5, 7]);
    expect(priceAmounts({ currency: 'GBP', min: '5.00', max: '5.00' })).toEqual([5]);
    expect(priceAmounts({ currency: 'GBP', min: '0', max: '0' })).toEqual([]);
  });
});
