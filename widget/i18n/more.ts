/**
 * The languages besides English (`load.ts`): each its own chunk, loaded on first use, by this
 * table, which is a chunk of its own too, so that the script every first card waits for does not
 * grow with every language. Brazil's Portuguese has its own table (`pt_BR.ts`).
 */
import type { LanguagePack } from './types.js';

const loaders: Record<string, () => Promise<LanguagePack>> = {
  de: () => import('./de.js').then((m) => m.de),
  fr: () => import('./fr.js').then((m) => m.fr),
  es: () => import('./es.js').then((m) => m.pack),
  it: () => import('./it.js').then((m) => m.pack),
  nl: () => import('./nl.js').then((m) => m.pack),
  pt: () => import('./pt.js').then((m) => m.pack),
  'pt-br': () => import('./pt_BR.js').then((m) => m.pack),
  pl: () => import('./pl.js').then((m) => m.pack),
  sv: () => import('./sv.js').then((m) => m.pack),
  da: () => import('./da.js').then((m) => m.pack),
  cs: () => import('./cs.js').then((m) => m.pack),
  ar: () => import('./ar.js').then((m) => m.pack),
  he: () => import('./he.js').then((m) => m.pack),
};

/** `lang`'s tables (one `language` gave); rejects for a language without any (English then). */
export const load = (lang: string): Promise<LanguagePack> =>
  loaders[lang]?.() ?? Promise.reject(new Error(`no strings for ${lang}`));
