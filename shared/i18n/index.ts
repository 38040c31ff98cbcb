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
import * as dePast from './de.past.js';
import * as de from './de.js';
import * as enFilters from './en.filters.js';
import * as enList from './en.list.js';
import * as enPast from './en.past.js';
import * as en from './en.js';
import * as es from './es.js';
import * as frPast from './fr.past.js';
import * as fr from './fr.js';
import * as he from './he.js';
import * as it from './it.js';
import * as nl from './nl.js';
import * as pl from './pl.js';
import * as ptBR from './pt-BR.js';
import * as pt from './pt.js';
import * as sv from './sv.js';
import type { CardWords, Dictionary, FilterWords, ListWords, PastWords } from './types.js';

export type { CardWords, Dictionary, FilterWords, ListWords, PastWords } from './types.js';

/** Every word of one language, as its files export them one by one. */
type Words = CardWords & ListWords & FilterWords & PastWords;

/** A language's words in the dictionary's sections: the one place they are grouped. */
const dictionary = (w: Words): Dictionary => ({
  card: {
    buy: w.buy,
    postponed: w.postponed,
    rescheduled: w.rescheduled,
    doors: w.doors,
    allDay: w.allDay,
    free: w.free,
    withPerformers: w.withPerformers,
    fewLeft: w.fewLeft,
    access: w.access,
    addToCalendar: w.addToCalendar,
    soldOut: w.soldOut,
    joinWaitlist: w.joinWaitlist,
    onSale: w.onSale,
    remindMe: w.remindMe,
    directions: w.directions,
  },
  list: { previous: w.previous, next: w.next },
  filters: { category: w.category, allCategories: w.allCategories, access: w.access },
  past: { pastEvents: w.pastEvents, upcomingEvents: w.upcomingEvents },
});

/**
 * Each language's dictionary, English first: the order of `LANGUAGES`, which is the order the
 * pages offer them in (`Accept-Language: *` gets the first).
 */
export const DICTIONARIES = {
  en: dictionary({ ...en, ...enList, ...enFilters, ...enPast }),
  de: dictionary({ ...de, ...dePast }),
  fr: dictionary({ ...fr, ...frPast }),
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
