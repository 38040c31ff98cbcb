/**
 * Danish, loaded on first use (`load.ts`) as one chunk: every table of the widget in Danish, the
 * past events' and the calendar's with the rest (`FullPack`).
 */
import type { FullPack } from './types.js';
import { card, filters, list, past } from '../../shared/i18n/da.js';
import { plural } from '../../shared/i18n/plural.js';
import { accessLabels } from '../../shared/access-labels/da.js';

export const pack: FullPack = {
  core: {
    ...card,
    loading: 'Indlæser arrangementer…',
    empty: 'Ingen kommende arrangementer',
    error: 'Arrangementerne kunne ikke indlæses.',
    retry: 'Prøv igen',
    venueNotFound: (venue) => `Intet spillested med navnet »${venue}« blev fundet.`,
    eventNotFound: 'Arrangementet blev ikke fundet.',
    refreshFailed: 'Kunne ikke opdatere; viser de senest indlæste arrangementer.',
    notShown: 'Arrangementerne kunne ikke vises.',
    someNotShown: 'Nogle arrangementer kunne ikke vises.',
    buyFor: (title) => `Køb billetter til ${title}`,
    salesClose: (when) => `Salget lukker ${when}`,
    closed: {
      manual: 'Onlinesalget er lukket',
      scheduled: 'Onlinesalget er slut',
      event_ended: 'Arrangementet er slut',
      cancelled: 'Aflyst – ingen billetsalg',
      not_ticketed: 'Sælges ikke online',
    },
    cancelled: 'Aflyst',
    stopCancelled: 'aflyst',
    age: (n) => `${n}+`,
    ageLabel: (n) => `Aldersgrænse ${n} år`,
    was: (date) => `(tidligere ${date})`,
    nextStop: 'Næste dato',
    allStops: 'Alle datoer',
    imageAlt: (title) => `Billede til ${title}`,
    events: 'Kommende arrangementer',
    addToCalendarFor: (what) => `Føj til kalender: ${what}`,
    calendarFile: 'Kalenderfil (.ics)',
    share: 'Del',
    shareFor: (title) => `Del: ${title}`,
    linkCopied: 'Link kopieret',
    save: 'Gem',
    saveFor: (title) => `Gem: ${title}`,
    accessLabels,
  },
  list: {
    ...list,
    views: 'Visning',
    listView: 'Liste',
    calendarView: 'Kalender',
    noMatch: 'Ingen arrangementer matcher',
    resetFilters: 'Vis alle arrangementer',
    matches: (n) =>
      plural('da', n, { one: `${n} arrangement matcher`, other: `${n} arrangementer matcher` }),
    pagination: 'Arrangementssider',
    page: (n) => `Side ${n}`,
    pageAnnounce: (n, last) => `Side ${n} af ${last}`,
  },
  filters: {
    ...filters,
    search: 'Søg i arrangementer',
    from: 'Fra',
    reset: 'Nulstil',
    resetLabel: 'Nulstil alle filtre',
    subscribe: 'Abonnér',
    subscribeLabel: 'Abonnér på kalenderen',
    webcal: 'Kalenderapp (webcal)',
    google: 'Google Kalender',
    outlook: 'Outlook.com',
    anyAccess: 'Alle',
    saved: (n) => `Gemte (${n})`,
    savedLabel: (n) => `Gemte (${n}): vis kun gemte arrangementer`,
    addSaved: 'Føj gemte til kalender',
    venue: 'Spillested',
    allVenues: 'Alle spillesteder',
    filters: (n) => (n ? `Filtre (${n})` : 'Filtre'),
  },
  past: {
    ...past,
    seePast: 'se tidligere arrangementer',
    noPast: 'Ingen tidligere arrangementer',
    pastShown: (n) =>
      plural('da', n, {
        one: `${n} tidligere arrangement, nyeste først`,
        other: `${n} tidligere arrangementer, nyeste først`,
      }),
    upcomingShown: (n) =>
      plural('da', n, { one: `${n} kommende arrangement`, other: `${n} kommende arrangementer` }),
  },
  calendar: {
    calendar: 'Arrangementskalender',
    previousMonth: 'Forrige måned',
    nextMonth: 'Næste måned',
    eventCount: (n) => plural('da', n, { one: `${n} arrangement`, other: `${n} arrangementer` }),
    countAt: (count, venues) => `${count}: ${venues}`,
    dayHeading: (date) => `Arrangementer ${date}`,
    noEvents: 'Ingen arrangementer denne dag',
    error: 'Kalenderen kunne ikke indlæses.',
    loading: 'Indlæser kalender…',
    more: (n) => `+${n} mere`,
    stopCancelledOn: (what) => `Aflyst på denne dato: ${what}`,
  },
};
