/**
 * The one plural rule of the widget and the pages (docs/architecture.md "Where each rule lives":
 * strings): `Intl.PluralRules`, with the exceptions its data gets wrong for us. Written once;
 * the widget's build gives each chunk that counts a copy of its own (`vite.config.ts`), so no
 * language waits for another chunk.
 */

/** A count's wordings by plural category: `other` always, the rest as the language has. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * The wording of `forms` for `n` in `locale` (a BCP 47 tag `Intl` takes: `pl`, `pt-PT`, `pt-BR`):
 * `Intl.PluralRules`' category, else `other` when the language has no wording for it (Hebrew's
 * `two`, where a table gives none). Brazil's 0 is plural: `Intl` files it under `one` with 1
 * ("0 evento"), where a Brazilian page says "0 eventos". `rules` is `locale`'s, made once by a
 * caller that counts often (a page counts every card's dates); the widget's tables count rarely.
 */
export const plural = (
  locale: string,
  n: number,
  forms: PluralForms,
  rules: Intl.PluralRules = new Intl.PluralRules(locale),
): string => forms[n || locale !== 'pt-BR' ? rules.select(n) : 'other'] ?? forms.other;
