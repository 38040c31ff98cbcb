/**
 * Dutch, loaded on first use (`load.ts`) as one chunk: every table of the widget in Dutch, the
 * past events' and the calendar's with the rest (`FullPack`).
 */
import type { FullPack } from './types.js';
import { card, filters, list, past } from '../../shared/i18n/nl.js';
import { plural } from '../../shared/i18n/plural.js';
import { accessLabels } from '../../shared/access-labels/nl.js';

export const pack: FullPack = {
  core: {
    ...card,
    loading: 'Evenementen laden…',
    empty: 'Geen komende evenementen',
    error: 'De evenementen konden niet worden geladen.',
    retry: 'Opnieuw proberen',
    venueNotFound: (venue) => `Geen locatie ‘${venue}’ gevonden.`,
    eventNotFound: 'Dit evenement is niet gevonden.',
    refreshFailed: 'Vernieuwen mislukt; de laatst geladen evenementen worden getoond.',
    notShown: 'De evenementen konden niet worden getoond.',
    someNotShown: 'Sommige evenementen konden niet worden getoond.',
    buyFor: (title) => `Tickets kopen voor ${title}`,
    salesClose: (when) => `Verkoop sluit ${when}`,
    closed: {
      manual: 'Onlineverkoop gesloten',
      scheduled: 'Onlineverkoop is afgelopen',
      event_ended: 'Dit evenement is afgelopen',
      cancelled: 'Geannuleerd — geen ticketverkoop',
      not_ticketed: 'Geen onlineverkoop',
    },
    cancelled: 'Geannuleerd',
    stopCancelled: 'geannuleerd',
    age: (n) => `${n}+`,
    ageLabel: (n) => `Alleen voor ${n} jaar en ouder`,
    was: (date) => `(was ${date})`,
    nextStop: 'Volgende datum',
    allStops: 'Alle data',
    imageAlt: (title) => `Afbeelding bij ${title}`,
    events: 'Komende evenementen',
    addToCalendarFor: (what) => `Toevoegen aan agenda: ${what}`,
    calendarFile: 'Agendabestand (.ics)',
    share: 'Delen',
    shareFor: (title) => `Delen: ${title}`,
    linkCopied: 'Link gekopieerd',
    save: 'Bewaren',
    saveFor: (title) => `Bewaren: ${title}`,
    accessLabels,
  },
  list: {
    ...list,
    views: 'Weergave',
    listView: 'Lijst',
    calendarView: 'Kalender',
    noMatch: 'Geen evenementen gevonden',
    resetFilters: 'Alle evenementen tonen',
    matches: (n) =>
      plural('nl', n, { one: `${n} evenement gevonden`, other: `${n} evenementen gevonden` }),
    pagination: 'Pagina’s met evenementen',
    page: (n) => `Pagina ${n}`,
    pageAnnounce: (n, last) => `Pagina ${n} van ${last}`,
  },
  filters: {
    ...filters,
    search: 'Evenementen zoeken',
    from: 'Vanaf',
    reset: 'Wissen',
    resetLabel: 'Wissen: alle filters',
    subscribe: 'Abonneren',
    subscribeLabel: 'Abonneren op de agenda',
    webcal: 'Agenda-app (webcal)',
    google: 'Google Agenda',
    outlook: 'Outlook.com',
    anyAccess: 'Alle voorzieningen',
    saved: (n) => `Bewaard (${n})`,
    savedLabel: (n) => `Bewaard (${n}): alleen bewaarde evenementen tonen`,
    addSaved: 'Bewaarde aan agenda toevoegen',
    venue: 'Locatie',
    allVenues: 'Alle locaties',
    filters: (n) => (n ? `Filters (${n})` : 'Filters'),
  },
  past: {
    ...past,
    seePast: 'afgelopen evenementen bekijken',
    noPast: 'Geen afgelopen evenementen',
    pastShown: (n) =>
      plural('nl', n, {
        one: `${n} afgelopen evenement, nieuwste eerst`,
        other: `${n} afgelopen evenementen, nieuwste eerst`,
      }),
    upcomingShown: (n) =>
      plural('nl', n, { one: `${n} komend evenement`, other: `${n} komende evenementen` }),
  },
  calendar: {
    calendar: 'Evenementenkalender',
    previousMonth: 'Vorige maand',
    nextMonth: 'Volgende maand',
    eventCount: (n) => plural('nl', n, { one: `${n} evenement`, other: `${n} evenementen` }),
    countAt: (count, venues) => `${count}: ${venues}`,
    dayHeading: (date) => `Evenementen op ${date}`,
    noEvents: 'Geen evenementen op deze dag',
    error: 'De kalender kon niet worden geladen.',
    loading: 'Kalender laden…',
    more: (n) => `nog ${n}`,
    stopCancelledOn: (what) => `Geannuleerd op deze datum: ${what}`,
  },
};
