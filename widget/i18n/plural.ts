/** `one` or `other` wording of `n` by `locale`'s plural rules (the calendar's day counts). */
export const plural = (locale: string, n: number, one: string, other: string): string =>
  new Intl.PluralRules(locale).select(n) === 'one' ? one : other;
