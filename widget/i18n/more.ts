/**
 * The languages besides English (`load.ts`): each its own chunk, loaded on first use, by this
 * table, which is a chunk of its own too, so that the script every first card waits for does not
 * grow with every language. Brazil's Portuguese has its own table (`pt_BR.ts`).
 */
import type { LanguagePack } from './types.js';

const loaders: Record<string, () => Promise<{ pack: LanguagePack }>> = {
  de: () => import('./de.js'),
  fr: () => import('./fr.js'),
  es: () => import('./es.js'),
  it: () => import('./it.js'),
  nl: () => import('./nl.js'),
  pt: () => import('./pt.js'),
  'pt-br': () => import('./pt_BR.js'),
  pl: () => import('./pl.js'),
  sv: () => import('./sv.js'),
  da: () => import('./da.js'),
  cs: () => import('./cs.js'),
  ar: () => import('./ar.js'),
  he: () => import('./he.js'),
};

/** `lang`'s tables (one `language` gave); rejects for a language without any (English then). */
export const load = (lang: string): Promise<{ pack: LanguagePack }> =>
  loaders[lang]?.() ?? Promise.reject(new Error(`no strings for ${lang}`));
