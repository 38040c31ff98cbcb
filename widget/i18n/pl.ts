/**
 * Polish, loaded on first use (`load.ts`) as one chunk: every table of the widget in Polish, the
 * past events' and the calendar's with the rest (`FullPack`). Counts take Polish's forms by
 * `Intl.PluralRules`: 1 wydarzenie, 2–4 (22–24, …) wydarzenia, 5–21 (and 0) wydarzeń.
 */
import type { FullPack } from './types.js';
import { card, filters, list, past } from '../../shared/i18n/pl.js';
import { plural } from '../../shared/i18n/plural.js';
import { accessLabels } from '../../shared/access-labels/pl.js';

const events = (n: number) =>
  plural('pl', n, {
    one: `${n} wydarzenie`,
    few: `${n} wydarzenia`,
    many: `${n} wydarzeń`,
    other: `${n} wydarzenia`,
  });

export const pack: FullPack = {
  core: {
    ...card,
    loading: 'Wczytywanie wydarzeń…',
    empty: 'Brak nadchodzących wydarzeń',
    error: 'Nie udało się wczytać wydarzeń.',
    retry: 'Spróbuj ponownie',
    venueNotFound: (venue) => `Nie znaleziono miejsca „${venue}”.`,
    eventNotFound: 'Nie znaleziono tego wydarzenia.',
    refreshFailed: 'Nie udało się odświeżyć; widoczne są ostatnio wczytane wydarzenia.',
    notShown: 'Nie udało się wyświetlić wydarzeń.',
    someNotShown: 'Niektórych wydarzeń nie udało się wyświetlić.',
    buyFor: (title) => `Kup bilety: ${title}`,
    salesClose: (when) => `Koniec sprzedaży ${when}`,
    closed: {
      manual: 'Sprzedaż online zamknięta',
      scheduled: 'Sprzedaż online zakończona',
      event_ended: 'To wydarzenie już się odbyło',
      cancelled: 'Odwołane — bilety nie są sprzedawane',
      not_ticketed: 'Brak sprzedaży online',
    },
    cancelled: 'Odwołane',
    stopCancelled: 'odwołany',
    age: (n) => `${n}+`,
    ageLabel: (n) => `Wstęp od ${n} lat`,
    was: (date) => `(wcześniej ${date})`,
    nextStop: 'Następny termin',
    allStops: 'Wszystkie terminy',
    imageAlt: (title) => `Zdjęcie: ${title}`,
    events: 'Nadchodzące wydarzenia',
    addToCalendarFor: (what) => `Dodaj do kalendarza: ${what}`,
    calendarFile: 'Plik kalendarza (.ics)',
    share: 'Udostępnij',
    shareFor: (title) => `Udostępnij: ${title}`,
    linkCopied: 'Link skopiowany',
    save: 'Zapisz',
    saveFor: (title) => `Zapisz: ${title}`,
    accessLabels,
  },
  list: {
    ...list,
    views: 'Widok',
    listView: 'Lista',
    calendarView: 'Kalendarz',
    noMatch: 'Brak pasujących wydarzeń',
    resetFilters: 'Pokaż wszystkie wydarzenia',
    matches: (n) =>
      plural('pl', n, {
        one: `${n} wydarzenie pasuje`,
        few: `${n} wydarzenia pasują`,
        many: `${n} wydarzeń pasuje`,
        other: `${n} wydarzenia pasuje`,
      }),
    pagination: 'Strony wydarzeń',
    page: (n) => `Strona ${n}`,
    pageAnnounce: (n, last) => `Strona ${n} z ${last}`,
  },
  filters: {
    ...filters,
    search: 'Szukaj wydarzeń',
    from: 'Od',
    reset: 'Wyczyść',
    resetLabel: 'Wyczyść: wszystkie filtry',
    subscribe: 'Subskrybuj',
    subscribeLabel: 'Subskrybuj: kalendarz',
    webcal: 'Aplikacja kalendarza (webcal)',
    google: 'Kalendarz Google',
    outlook: 'Outlook.com',
    anyAccess: 'Dowolna',
    saved: (n) => `Zapisane (${n})`,
    savedLabel: (n) => `Zapisane (${n}): pokaż tylko zapisane wydarzenia`,
    addSaved: 'Dodaj zapisane do kalendarza',
    venue: 'Miejsce',
    allVenues: 'Wszystkie miejsca',
    filters: (n) => (n ? `Filtry (${n})` : 'Filtry'),
  },
  past: {
    ...past,
    seePast: 'zobacz minione wydarzenia',
    noPast: 'Brak minionych wydarzeń',
    pastShown: (n) =>
      plural('pl', n, {
        one: `${n} minione wydarzenie, od najnowszych`,
        few: `${n} minione wydarzenia, od najnowszych`,
        many: `${n} minionych wydarzeń, od najnowszych`,
        other: `${n} minionego wydarzenia, od najnowszych`,
      }),
    upcomingShown: (n) =>
      plural('pl', n, {
        one: `${n} nadchodzące wydarzenie`,
        few: `${n} nadchodzące wydarzenia`,
        many: `${n} nadchodzących wydarzeń`,
        other: `${n} nadchodzącego wydarzenia`,
      }),
  },
  calendar: {
    calendar: 'Kalendarz wydarzeń',
    previousMonth: 'Poprzedni miesiąc',
    nextMonth: 'Następny miesiąc',
    eventCount: events,
    countAt: (count, venues) => `${count}: ${venues}`,
    dayHeading: (date) => `Wydarzenia: ${date}`,
    noEvents: 'Brak wydarzeń tego dnia',
    error: 'Nie udało się wczytać kalendarza.',
    loading: 'Wczytywanie kalendarza…',
    more: (n) => `+${n} więcej`,
    stopCancelledOn: (what) => `Odwołane w tym terminie: ${what}`,
  },
};
