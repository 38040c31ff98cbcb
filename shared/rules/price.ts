/**
 * The price rule of docs/api.md §10.18 (docs/decisions.md "Price, performers, end time, few
 * tickets left"): a currency `Intl` knows, amounts as plain decimal strings in its major unit,
 * normalised to its minor digits (GBP `"12"` → `"12.00"`, JPY `"1500"`), `0 ≤ min ≤ max`. An
 * amount with more decimals than the currency has is refused, never rounded. Pure; the importer
 * checks the venue file with it, the proxy an upstream's `price`.
 */
import { AMOUNT_PATTERN, CURRENCY_PATTERN } from '../patterns.js';

/** A price as the venue file and the API spell it: currency code, amounts as decimal strings. */
export interface PriceValue {
  currency: string;
  min: string;
  max?: string;
}

/** What is wrong with one member of a price: `member` is `currency`, `min` or `max`. */
export interface PriceProblem {
  member: 'currency' | 'min' | 'max';
  message: string;
}

const CURRENCY = new RegExp(CURRENCY_PATTERN);
const AMOUNT = new RegExp(AMOUNT_PATTERN);

/** The ISO 4217 codes this runtime's `Intl` formats (they never change at run time). */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/**
 * The minor digits of ISO 4217 `currency` as `Intl.NumberFormat` formats it (GBP 2, JPY 0,
 * BHD 3), or undefined for a code `Intl.supportedValuesOf('currency')` does not list.
 */
export function currencyDigits(currency: string): number | undefined {
  if (!CURRENCY.test(currency) || !KNOWN_CURRENCIES.has(currency)) return undefined;
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
}

/**
 * `amount` (a decimal string, `AMOUNT_PATTERN`) with exactly `digits` decimals (`"12"` → `"12.00"`
 * for 2), or undefined when it is not a plain decimal or has more decimals than `digits`.
 */
export function normaliseAmount(amount: string, digits: number): string | undefined {
  if (!AMOUNT.test(amount)) return undefined;
  const [whole, fraction = ''] = amount.split('.');
  if (fraction.length > digits) return undefined;
  return digits === 0 ? whole! : `${whole}.${fraction.padEnd(digits, '0')}`;
}

/** The amount of a normalised decimal string in minor units, for comparing two of one currency. */
const minorUnits = (amount: string): bigint => BigInt(amount.replace('.', ''));

/**
 * Checks `price` (docs/api.md §10.18) and normalises its amounts to the currency's minor digits.
 * @returns `problems`, each naming its member, and `price` (`max` kept only when given) when
 *   there is none.
 */
export function checkPrice(price: PriceValue): { price?: PriceValue; problems: PriceProblem[] } {
  const digits = currencyDigits(price.currency);
  if (digits === undefined) {
    return {
      problems: [{ member: 'currency', message: `unknown ISO 4217 currency "${price.currency}"` }],
    };
  }
  const problems: PriceProblem[] = [];
  const amount = (member: 'min' | 'max', value: string): string | undefined => {
    const normal = normaliseAmount(value, digits);
    if (normal === undefined) {
      problems.push({
        member,
        message: AMOUNT.test(value)
          ? `${price.currency} has ${digits} decimal${digits === 1 ? '' : 's'}: "${value}" would be rounded`
          : 'expected a decimal amount like "12.50" (no sign or exponent)',
      });
    }
    return normal;
  };
  const min = amount('min', price.min);
  const max = price.max === undefined ? undefined : amount('max', price.max);
  if (min !== undefined && max !== undefined && minorUnits(min) > minorUnits(max)) {
    problems.push({ member: 'max', message: `must not be below min (${price.min})` });
  }
  if (problems.length > 0 || min === undefined) return { problems };
  return {
    price: { currency: price.currency, min, ...(max !== undefined && { max }) },
    problems: [],
  };
}
