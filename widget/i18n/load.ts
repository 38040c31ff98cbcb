/**
 * The one loader and locale picker of the widget's strings (docs/widget.md "Elements and
 * attributes": `locale`). English's core table ships in the script (`en.ts`); the other twelve
 * load on first use, each as one chunk with its list and filter bar tables (`de.ts`, `fr.ts`,
 * `es.ts`, …; Brazil's Portuguese its own, `pt-BR.ts`), by the table in `more.ts`, a chunk of its
 * own (so the script every first card waits for does not grow with every language: one more
 * small request, alongside the API's).
 * The lazy parts' English tables come with their chunks; they take a loaded language's from here
 * (`loadedPack`) or pick among theirs by the locale's `language`.
 */
import { textLanguageOf } from '../../shared/rules/text-language.js';
import { en } from './en.js';
import type { CoreMessages, I18n, LanguagePack } from './types.js';

/** The loaded ones, by language. */
const packs: Record<string, LanguagePack> = {};
/** The loading ones, by language; null once a language failed or has no table (English then). */
const loading: Record<string, Promise<void> | null> = {};

/**
 * A locale's table: its language (`de-CH` → `de`), but `pt-BR` for Brazil's Portuguese: the tag
 * as `shared/i18n` spells it. `locale` is canonical (`Intl.getCanonicalLocales`' case, as
 * `resolveI18n` gives it and browsers write `navigator.language`), so the key needs no case
 * folding.
 */
export const language = (locale: string): string => locale.replace(/^(pt-br|[^-]+).*/i, '$1');

const coreOf = (lang: string): CoreMessages | undefined => (lang === 'en' ? en : packs[lang]?.core);

/** `lang` canonical (`EN-gb` → `en-GB`); undefined for none, `""` or a malformed tag (a throw). */
const canonical = (lang: string | null | undefined): string | undefined => {
  try {
    return Intl.getCanonicalLocales(lang as string)[0];
  } catch {
    return undefined;
  }
};

/** The nearest `lang` around `el`, across the shadow roots it sits in. */
function pageLang(el: Element): string | undefined {
  for (let node: Element | undefined = el; node;) {
    const marked = node.closest('[lang]');
    if (marked) return canonical(marked.getAttribute('lang'));
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : undefined;
  }
  return undefined;
}

const wantedLocale = (explicit: string | null | undefined, contentLang: string | undefined) =>
  canonical(explicit) ?? contentLang ?? navigator.language;

/**
 * Loads the language `resolveI18n` will want for this element, if it is not loaded yet: a
 * promise (the same one while it loads), or undefined when nothing needs loading. A failed load
 * falls back to English.
 */
export function loadMessages(explicit: string | undefined, host: Element): Promise<void> | void {
  const lang = language(wantedLocale(explicit, pageLang(host)));
  // A language without a table, or whose load failed, is not tried again: English then.
  if (coreOf(lang) || loading[lang] === null) return;
  return (loading[lang] ??= import('./more.js')
    .then((m) => m.load(lang))
    .then(
      (m) => void (packs[lang] = m.pack),
      () => void (loading[lang] = null),
    ));
}

/**
 * The language the element asks the venue's own text in (the API's `locale`, docs/api.md §10.24):
 * the language it speaks (`de-AT` → `de`), whether or not it has a table of our words; undefined
 * for English, so an English page's first request is the one the pinned snippet preloads
 * (`?page=1`) and shows the venue's text as written (docs/decisions.md "The venue's words in the
 * widget's language").
 */
export function textLocale(explicit: string | null | undefined, host: Element): string | undefined {
  const lang = language(wantedLocale(explicit, pageLang(host)));
  return lang === 'en' ? undefined : lang;
}

/**
 * The language of an event's text (`attributes.language`, docs/api.md §10.24) when it is not the
 * language the element speaks, whose root already says its own: what a card marks its venue's
 * text with (`lang`, `dir="auto"`); undefined otherwise.
 */
export const otherLanguage = (
  { language: named }: { language?: string | undefined },
  { locale }: Pick<I18n, 'locale'>,
): string | undefined => (named && language(named) !== language(locale) ? named : undefined);

/**
 * The `lang` of an event's venue text in the element's own language: none (it inherits the
 * element's root's) when the API names the text's language (`language`, docs/api.md §10.24), else
 * the page's (`contentLang`), which text the API says nothing of is taken to be in.
 */
export const ownLang = (
  { language: named }: { language?: string | undefined },
  { contentLang }: Pick<I18n, 'contentLang'>,
): string | undefined => (named ? undefined : contentLang);

/**
 * The language of the venue's text `name` of an event (`textLanguageOf`, docs/api.md §10.24), as
 * `otherLanguage` gives it (undefined when it is the element's own).
 */
export const textLanguage = (
  a: Parameters<typeof textLanguageOf>[0],
  name: string,
  i18n: Pick<I18n, 'locale'>,
): string | undefined => otherLanguage({ language: textLanguageOf(a, name) }, i18n);

/**
 * The element's `locale`, else the page's `lang` (crossing shadow roots), else the browser's;
 * a language without a (loaded) table falls back to English for text and formatting alike.
 */
export function resolveI18n(explicit: string | undefined, host: Element): I18n {
  const contentLang = pageLang(host);
  const wanted = wantedLocale(explicit, contentLang);
  const t = coreOf(language(wanted));
  return { locale: t ? wanted : 'en', t: t ?? en, contentLang };
}

/** The loaded tables of `locale` (one `resolveI18n` gave); undefined for English. */
export const loadedPack = (locale: string): LanguagePack | undefined => packs[language(locale)];
