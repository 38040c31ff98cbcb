/**
 * The one loader and locale picker of the widget's strings (docs/widget.md "Elements and
 * attributes": `locale`). English's core table ships in the script (`en.ts`); German and French
 * load on first use, each as one chunk with its list and filter bar tables (`de.ts`, `fr.ts`).
 * The lazy parts' English tables come with their chunks; they take a loaded language's from here
 * (`loadedPack`) or pick among theirs by the locale's `language`.
 */
import { en } from './en.js';
import type { CoreMessages, I18n, LanguagePack } from './types.js';

/** Languages that load on first use. */
const loaders: Record<string, () => Promise<LanguagePack>> = {
  de: () => import('./de.js').then((m) => m.de),
  fr: () => import('./fr.js').then((m) => m.fr),
};
/** The loaded ones, by language. */
const packs: Record<string, LanguagePack> = {};
const loading: Record<string, Promise<void>> = {};

/** A locale's language: `de-CH` → `de`. */
export const language = (locale: string): string => locale.toLowerCase().split('-')[0]!;

const coreOf = (lang: string): CoreMessages | undefined => (lang === 'en' ? en : packs[lang]?.core);

const canonical = (lang: string | null | undefined): string | undefined => {
  try {
    return lang ? Intl.getCanonicalLocales(lang)[0] : undefined;
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

const wantedLocale = (explicit: string | undefined, contentLang: string | undefined) =>
  canonical(explicit) ?? contentLang ?? canonical(navigator.language) ?? 'en';

/**
 * Loads the language `resolveI18n` will want for this element, if it is not loaded yet: a
 * promise (the same one while it loads), or undefined when nothing needs loading. A failed load
 * falls back to English.
 */
export function loadMessages(explicit: string | undefined, host: Element): Promise<void> | void {
  const lang = language(wantedLocale(explicit, pageLang(host)));
  const load = !coreOf(lang) && loaders[lang];
  if (!load) return;
  return (loading[lang] ??= load().then(
    (pack) => void (packs[lang] = pack),
    () => void delete loaders[lang],
  ));
}

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

/** The loaded German or French tables of `locale` (one `resolveI18n` gave); undefined for English. */
export const loadedPack = (locale: string): LanguagePack | undefined => packs[language(locale)];
