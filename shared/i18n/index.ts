/**
 * Every language's dictionary (docs/architecture.md "Where each rule lives": strings), and the
 * languages' list derived from them: a language is one the widget and the pages speak when it
 * has a dictionary here. `LANGUAGES` is the one list (`shared/queries.ts` names it, the pages
 * choose among it, the widget loads its chunks by it). Each tag is spelled one way, BCP 47's
 * (`pt-BR`): the file's name, the table's key, `<html lang>`.
 *
 * Not for the widget's bundle: it would carry every language. The widget's tables import their
 * own language's file (`de.ts`, `de.past.ts`, …) alone.
 */
import * as ar from './ar.js';
import * as cs from './cs.js';
import * as da from './da.js';
import { past as dePast } from './de.past.js';
import * as de from './de.js';
import { filters as enFilters } from './en.filters.js';
import { list as enList } from './en.list.js';
import { past as enPast } from './en.past.js';
import { card as enCard } from './en.js';
import * as es from './es.js';
import { past as frPast } from './fr.past.js';
import * as fr from './fr.js';
import * as he from './he.js';
import * as it from './it.js';
import * as nl from './nl.js';
import * as pl from './pl.js';
import * as ptBR from './pt-BR.js';
import * as pt from './pt.js';
import * as sv from './sv.js';
import type { Dictionary } from './types.js';

export type { CardWords, Dictionary, FilterWords, ListWords, PastWords } from './types.js';

/** A language's sections as one dictionary. */
const dictionary = (sections: Dictionary): Dictionary => ({
  card: sections.card,
  list: sections.list,
  filters: sections.filters,
  past: sections.past,
});

/**
 * Each language's dictionary, English first: the order of `LANGUAGES`, which is the order the
 * pages offer them in (`Accept-Language: *` gets the first).
 */
export const DICTIONARIES = {
  en: dictionary({
    card: enCard,
    list: enList,
    filters: enFilters,
    past: enPast,
  }),
  de: dictionary({ ...de, past: dePast }),
  fr: dictionary({ ...fr, past: frPast }),
  es: dictionary(es),
  it: dictionary(it),
  nl: dictionary(nl),
  pt: dictionary(pt),
  'pt-BR': dictionary(ptBR),
  pl: dictionary(pl),
  sv: dictionary(sv),
  da: dictionary(da),
  cs: dictionary(cs),
  ar: dictionary(ar),
  he: dictionary(he),
};

/** A language the widget and the pages speak: a language subtag, or `pt-BR` where Brazil differs. */
export type Language = keyof typeof DICTIONARIES;

/** Every language with a dictionary, English first (see `DICTIONARIES`). */
export const LANGUAGES = Object.keys(DICTIONARIES) as readonly Language[];
