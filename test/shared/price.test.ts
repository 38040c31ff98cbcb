/** The price rule of docs/api.md §10.18: amounts normalised to the currency's minor digits. */
import { describe, expect, it } from 'vitest';
import { checkPrice, currencyDigits, normaliseAmount } from '../../shared/rules/price.js';

describe('currencyDigits', () => {
  it.each([
    ['GBP', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['BHD', 3],
  ])('%s has %i minor digits, as Intl formats it', (currency, digits) =>
    expect(currencyDigits(currency)).toBe(digits),
  );
  it.each(['XYZ', 'gbp', 'GB', 'POUND'])('%s is not a currency Intl knows', (currency) =>
    expect(currencyDigits(currency)).toBeUndefined(),
  );
});

describe('normaliseAmount', () => {
  it.each([
    ['12', 2, '12.00'],
    ['12.5', 2, '12.50'],
    ['0', 2, '0.00'],
    ['1500', 0, '1500'],
    ['1.250', 3, '1.250'],
  ])('%s with %i digits is %s', (amount, digits, normal) =>
    expect(normaliseAmount(amount, digits)).toBe(normal),
  );
  it.each([
    ['12.999', 2],
    ['1500.5', 0],
    ['1500.0', 0],
    ['-1', 2],
    ['1e3', 2],
    ['012', 2],
    ['12.', 2],
    [' 12', 2],
  ])('refuses %s with %i digits (never rounded)', (amount, digits) =>
    expect(normaliseAmount(amount, digits)).toBeUndefined(),
  );
});

describe('checkPrice', () => {
  it('normalises both amounts and keeps max only when given', () => {
    expect(checkPrice({ currency: 'GBP', min: '12', max: '18.5' })).toEqual({
      price: { currency: 'GBP', min: '12.00', max: '18.50' },
      problems: [],
    });
    expect(checkPrice({ currency: 'JPY', min: '1500' })).toEqual({
      price: { currency: 'JPY', min: '1500' },
      problems: [],
    });
    expect(checkPrice({ currency: 'GBP', min: '0', max: '0' }).price).toEqual({
      currency: 'GBP',
      min: '0.00',
      max: '0.00',
    });
  });

  it('compares amounts as decimals, not as text', () => {
    expect(checkPrice({ currency: 'GBP', min: '9.50', max: '10' }).problems).toEqual([]);
    expect(checkPrice({ currency: 'GBP', min: '10', max: '9.99' }).problems).toEqual([
      { member: 'max', message: 'must not be below min (10)' },
    ]);
  });

  it('names the member at fault: an unknown currency, too many decimals, a malformed amount', () => {
    expect(checkPrice({ currency: 'XYZ', min: '1' }).problems).toEqual([
      { member: 'currency', message: 'unknown ISO 4217 currency "XYZ"' },
    ]);
    const { price, problems } = checkPrice({ currency: 'JPY', min: '1500.5', max: '-2' });
    expect(price).toBeUndefined();
    expect(problems.map((p) => p.member)).toEqual(['min', 'max']);
    expect(problems[0]!.message).toBe('JPY has 0 decimals: "1500.5" would be rounded');
    expect(problems[1]!.message).toMatch(/decimal amount/);
  });
});
