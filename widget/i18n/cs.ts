/**
 * Czech, loaded on first use (`load.ts`) as one chunk: every table of the widget in Czech, the
 * past events' and the calendar's with the rest (`FullPack`). Counts take Czech's forms by
 * `Intl.PluralRules`: 1 akce, 2–4 akce, 0 and 5 and more akcí, 1,5 akce.
 */
import type { FullPack } from './types.js';
import { card, filters, list, past } from '../../shared/i18n/cs.js';
import { plural } from '../../shared/i18n/plural.js';
import { accessLabels } from '../../shared/access-labels/cs.js';

export const pack: FullPack = {
  core: {
    ...card,
    loading: 'Načítání akcí…',
    empty: 'Žádné nadcházející akce',
    error: 'Akce se nepodařilo načíst.',
    retry: 'Zkusit znovu',
    venueNotFound: (venue) => `Místo „${venue}“ nebylo nalezeno.`,
    eventNotFound: 'Tato akce nebyla nalezena.',
    refreshFailed: 'Obnovení se nezdařilo; zobrazují se naposledy načtené akce.',
    notShown: 'Akce se nepodařilo zobrazit.',
    someNotShown: 'Některé akce se nepodařilo zobrazit.',
    buyFor: (title) => `Koupit vstupenky: ${title}`,
    salesClose: (when) => `Prodej končí ${when}`,
    closed: {
      manual: 'Online prodej je uzavřen',
      scheduled: 'Online prodej skončil',
      event_ended: 'Tato akce již skončila',
      cancelled: 'Zrušeno – vstupenky se neprodávají',
      not_ticketed: 'Neprodává se online',
    },
    cancelled: 'Zrušeno',
    stopCancelled: 'zrušeno',
    age: (n) => `${n}+`,
    ageLabel: (n) => `Přístupné od ${n} let`,
    was: (date) => `(původně ${date})`,
    nextStop: 'Další termín',
    allStops: 'Všechny termíny',
    imageAlt: (title) => `Obrázek: ${title}`,
    events: 'Nadcházející akce',
    addToCalendarFor: (what) => `Přidat do kalendáře: ${what}`,
    calendarFile: 'Soubor kalendáře (.ics)',
    share: 'Sdílet',
    shareFor: (title) => `Sdílet: ${title}`,
    linkCopied: 'Odkaz zkopírován',
    save: 'Uložit',
    saveFor: (title) => `Uložit: ${title}`,
    accessLabels,
  },
  list: {
    ...list,
    views: 'Zobrazení',
    listView: 'Seznam',
    calendarView: 'Kalendář',
    noMatch: 'Žádné odpovídající akce',
    resetFilters: 'Zobrazit všechny akce',
    matches: (n) =>
      plural('cs', n, {
        one: `${n} akce odpovídá`,
        few: `${n} akce odpovídají`,
        many: `${n} akce odpovídá`,
        other: `${n} akcí odpovídá`,
      }),
    pagination: 'Stránky akcí',
    page: (n) => `Strana ${n}`,
    pageAnnounce: (n, last) => `Strana ${n} z ${last}`,
  },
  filters: {
    ...filters,
    search: 'Hledat akce',
    from: 'Od',
    reset: 'Vymazat',
    resetLabel: 'Vymazat všechny filtry',
    subscribe: 'Odebírat',
    subscribeLabel: 'Odebírat kalendář',
    webcal: 'Kalendářová aplikace (webcal)',
    google: 'Kalendář Google',
    outlook: 'Outlook.com',
    anyAccess: 'Jakákoli',
    saved: (n) => `Uložené (${n})`,
    savedLabel: (n) => `Uložené (${n}): zobrazit jen uložené akce`,
    addSaved: 'Přidat uložené do kalendáře',
    venue: 'Místo',
    allVenues: 'Všechna místa',
    filters: (n) => (n ? `Filtry (${n})` : 'Filtry'),
  },
  past: {
    ...past,
    seePast: 'zobrazit proběhlé akce',
    noPast: 'Žádné proběhlé akce',
    pastShown: (n) =>
      plural('cs', n, {
        one: `${n} proběhlá akce, od nejnovějších`,
        few: `${n} proběhlé akce, od nejnovějších`,
        many: `${n} proběhlé akce, od nejnovějších`,
        other: `${n} proběhlých akcí, od nejnovějších`,
      }),
    upcomingShown: (n) =>
      plural('cs', n, {
        one: `${n} nadcházející akce`,
        few: `${n} nadcházející akce`,
        many: `${n} nadcházející akce`,
        other: `${n} nadcházejících akcí`,
      }),
  },
  calendar: {
    calendar: 'Kalendář akcí',
    previousMonth: 'Předchozí měsíc',
    nextMonth: 'Další měsíc',
    eventCount: (n) =>
      plural('cs', n, {
        one: `${n} akce`,
        few: `${n} akce`,
        many: `${n} akce`,
        other: `${n} akcí`,
      }),
    countAt: (count, venues) => `${count}: ${venues}`,
    dayHeading: (date) => `Akce: ${date}`,
    noEvents: 'V tento den nejsou žádné akce',
    error: 'Kalendář se nepodařilo načíst.',
    loading: 'Načítání kalendáře…',
    more: (n) =>
      plural('cs', n, {
        one: `+${n} další`,
        few: `+${n} další`,
        many: `+${n} další`,
        other: `+${n} dalších`,
      }),
    stopCancelledOn: (what) => `V tomto termínu zrušeno: ${what}`,
  },
};
