/**
 * The languages besides English (`load.ts`): each its own chunk, loaded on first use, by this
 * table, which is a chunk of its own too, so that the script every first card waits for does not
 * grow with every language. Brazil's Portuguese has its own table (`pt-BR.ts`). Every language with
 * a dictionary (`shared/i18n/`, `Language`) has its loader here: the type says when one is missing.
 */
import type { LanguagePack } from './types.js';
import type { Language } from '../../shared/i18n/index.js';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ pack: LanguagePack }>> = {
  de: () => import('./de.js'),
  fr: () => import('./fr.js'),
  es: () => import('./es.js'),
  it: () => import('./it.js'),
  nl: () => import('./nl.js'),
  pt: () => import('./pt.js'),
  'pt-BR': () => import('./pt-BR.js'),
  pl: () => import('./pl.js'),
  sv: () => import('./sv.js'),
  da: () => import('./da.js'),
  cs: () => import('./cs.js'),
  ar: () => import('./ar.js'),
  he: () => import('./he.js'),
};

/** `lang`'s tables (one `language` gave); rejects for a language without any (English then). */
export const load = (lang: string): Promise<{ pack: LanguagePack }> =>
  (loaders as Partial<Record<string, () => Promise<{ pack: LanguagePack }>>>)[lang]?.() ??
  Promise.reject(new Error(`no strings for ${lang}`));
