/**
 * A price (docs/api.md §10.18) as a reader sees it: "£12", "£12–£18", "Free", by
 * `Intl.NumberFormat` in a locale with the event's own currency. The rules of docs/decisions.md
 * "Price, performers, end time, few tickets left": a range only when `max` > `min`; free only
 * when `min` is zero and `max` absent or zero (a range from zero reads "£0–£10"). No luxon, no
 * contract schemas: the server's pages and calendar files and the widget can all use it.
 */
import type { Price } from '../contract.js';
import { intlFormat } from './wall-clock.js';

/** The currency format of `locale`, whole amounts when `whole` (made once, `intlFormat`). */
const currencyFormat = (
  locale: string | readonly string[] | undefined,
  currency: string,
  whole: boolean,
): Intl.NumberFormat =>
  intlFormat(Intl.NumberFormat, locale, {
    style: 'currency',
    currency,
    ...(whole && { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
  });

/**
 * The amounts a price shows, in its major unit: `[min]` for one price, `[min, max]` for a range,
 * `[]` when it is free.
 */
export function priceAmounts(price: Price): number[] {
  const min = Number(price.min);
  const max = Number(price.max ?? price.min);
  if (max > min) return [min, max];
  return min === 0 ? [] : [min];
}

/**
 * `price` in `locale`: `free` (default "Free") when it is free; else its amount or its range
 * joined by an en dash, whole amounts without decimals unless another amount of it has some
 * ("£12–£18", "£12.00–£18.50", "¥1,500").
 */
export function priceText(
  price: Price,
  locale: string | readonly string[] | undefined = 'en-GB',
  free = 'Free',
): string {
  const amounts = priceAmounts(price);
  if (!amounts.length) return free;
  const format = currencyFormat(locale, price.currency, amounts.every(Number.isInteger));
  return amounts.map((amount) => format.format(amount)).join('–');
}
