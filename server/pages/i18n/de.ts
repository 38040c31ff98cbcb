/** German. */
import type { PageStrings } from './types.js';
import { accessLabels } from '../../../shared/access-labels/de.js';
import { DICTIONARIES } from '../../../shared/i18n/index.js';

const words = DICTIONARIES.de;

export const de: PageStrings<'one' | 'other'> = {
  whatsOnAt: (name) => `Was läuft bei ${name}`,
  pastEventsAt: (name) => `Vergangene Veranstaltungen bei ${name}`,
  subscribe: 'Kalender abonnieren',
  subscribeOnly: (categories) => `Nur ${categories} abonnieren`,
  downloadAll: 'Alle Termine herunterladen (.ics)',
  website: (name) => `Website von ${name}`,
  feedTitle: (name) => `Kalender von ${name}`,
  errorTitle: (title) => `Fehler: ${title}`,
  pageTitle: (title, page) => `${title} · Seite ${page}`,
  upcomingDescription: (name) =>
    `Kommende Veranstaltungen bei ${name}: Termine, Uhrzeiten und Tickets.`,
  pastDescription: (name) => `Vergangene Veranstaltungen bei ${name}: neueste zuerst.`,
  monthDescription: (name, month) =>
    `Veranstaltungen bei ${name} im ${month}: Termine, Uhrzeiten und Tickets.`,
  monthView: 'Monatsansicht',
  quoted: (words) => `„${words}“`,
  fromDate: (date) => `ab ${date}`,
  toDate: (date) => `bis ${date}`,

  upcomingCount: { one: '# kommende Veranstaltung', other: '# kommende Veranstaltungen' },
  pastCount: { one: '# vergangene Veranstaltung', other: '# vergangene Veranstaltungen' },
  eventCount: { one: '# Veranstaltung', other: '# Veranstaltungen' },
  matchCount: {
    one: '# Veranstaltung passt zu diesen Filtern',
    other: '# Veranstaltungen passen zu diesen Filtern',
  },
  pageOf: (current, last) => `Seite ${current} von ${last}`,
  noUpcoming: 'Keine kommenden Veranstaltungen.',
  noPast: 'Keine vergangenen Veranstaltungen.',
  noMatch: 'Keine Veranstaltungen passen zu diesen Filtern.',
  noneMatch: 'keine Veranstaltungen passen zu diesen Filtern',
  nothingListed: 'nichts geplant',
  needsCorrecting: 'Einige Filter müssen korrigiert werden.',
  noUpcomingSee: (link) =>
    `Keine kommenden Veranstaltungen. Schauen Sie bald wieder vorbei – oder sehen Sie sich ${link} an.`,
  seePast: 'vergangene Veranstaltungen',
  noPastSee: (link) => `Keine vergangenen Veranstaltungen. ${link}.`,
  seeUpcoming: 'Kommende Veranstaltungen ansehen',
  emptyPage: (link) => `Auf dieser Seite gibt es keine Veranstaltungen. ${link}.`,
  seeFirstPage: 'Zur ersten Seite',
  noMatchClear: (link) =>
    `Keine Veranstaltungen passen zu diesen Filtern. ${link}, um alle Veranstaltungen zu sehen.`,
  correctFilters: (link) =>
    `Korrigieren Sie die Filter oben, um Veranstaltungen zu sehen, oder ${link}.`,
  correctCalendar: (link) =>
    `Korrigieren Sie die Filter oben, um den Kalender zu sehen, oder ${link}.`,
  clearThem: 'setzen Sie sie zurück',
  noMatchIn: (month, link) =>
    `Im ${month} passen keine Veranstaltungen zu diesen Filtern. ${link}, um alle Veranstaltungen zu sehen.`,
  showingFirst: (shown, events) =>
    `Gezeigt werden die ersten ${shown} von ${events} in diesem Monat: Wählen Sie eine Kategorie oder suchen Sie, um die übrigen zu sehen.`,
  pastLink: words.past.pastEvents,
  upcomingLink: words.past.upcomingEvents,

  dateCount: { one: '# Termin', other: '# Termine' },
  andThisOneCancelled: (dates) => `${dates}; dieser abgesagt`,
  accessLine: (labels) => `Barrierefreiheit: ${labels}`,
  comma: ', ',
  cancelled: 'Abgesagt.',
  cancelledMark: '(abgesagt)',
  previous: words.list.previous,
  next: words.list.next,
  pagesLabel: 'Seiten der Veranstaltungsliste',
  monthsLabel: 'Monate',
  today: 'heute',
  moreCount: { one: '# weitere', other: '# weitere' },

  withPerformers: words.card.withPerformers,
  free: words.card.free,
  fewLeft: words.card.fewLeft,
  postponed: words.card.postponed,
  rescheduled: words.card.rescheduled,
  rescheduledWas: (when) => `Verlegt – vorher ${when}`,
  doors: words.card.doors,
  allDay: words.card.allDay,
  age: (age) => `ab ${age}`,
  accessLabels,

  ticketsOnSaleUntil: (when) => `Tickets sind online erhältlich bis ${when}.`,
  ticketsOnSale: 'Tickets sind online erhältlich.',
  salesClosed: 'Der Online-Verkauf ist geschlossen.',
  salesEnded: 'Der Online-Verkauf ist beendet.',
  eventEnded: 'Diese Veranstaltung ist vorbei.',
  cancelledNoSales: 'Diese Veranstaltung ist abgesagt; es werden keine Tickets verkauft.',
  notSoldOnline: 'Für diese Veranstaltung gibt es keinen Online-Verkauf.',
  tickets: 'Tickets',
  buyTickets: words.card.buy,
  access: words.card.access,
  noneListed: 'keine Angaben',
  when: 'Wann',
  dates: 'Termine',
  addToCalendar: words.card.addToCalendar,
  allEventsAt: (name) => `Alle Veranstaltungen bei ${name}`,
  sellsAt: (venue, host) => `${venue} verkauft Tickets für diese Veranstaltung bei ${host}.`,
  sellsOnPlatform: (venue, option) =>
    `${venue} verkauft Tickets für diese Veranstaltung über seine Ticketplattform. Dieser Server zeigt nur Veranstaltungen; mit ${option} vor der Plattform führt er Käufer zur echten Kasse.`,

  price: (price) => `Preis: ${price}`,
  dateCancelled: 'Dieser Termin ist abgesagt.',
  eventPage: (url) => `Veranstaltungsseite: ${url}`,
  savedEvents: (name) => `${name} (gemerkte Veranstaltungen)`,

  fields: {
    categories: words.filters.category,
    access: words.filters.access,
    search: 'Suche',
    start_date: 'Von',
    end_date: 'Bis',
    month: 'Monat',
  },
  allCategories: words.filters.allCategories,
  findEvents: 'Veranstaltungen finden',
  clearFilters: 'Filter zurücksetzen',
  showList: 'Als Liste zeigen',
  showMonth: 'Als Monatskalender zeigen',
  monthPlaceholder: 'JJJJ-MM',
  oneValue: (label) => `Geben Sie nur einen Wert für „${label}“ an.`,
  maxCategories: {
    one: 'Wählen Sie höchstens # Kategorie.',
    other: 'Wählen Sie höchstens # Kategorien.',
  },
  accessUnknown: (id, ids) =>
    `Wählen Sie Angebote aus der Liste: „${id}“ ist unbekannt; möglich sind ${ids}.`,
  accessTwice: 'Wählen Sie Angebote aus der Liste, jedes nur einmal.',
  maxSearch: {
    one: 'Suchen Sie nach höchstens # Zeichen.',
    other: 'Suchen Sie nach höchstens # Zeichen.',
  },
  realDate: (label, value) =>
    `Geben Sie bei „${label}“ ein echtes Datum ein: „${value}“ ist keins.`,
  toBeforeFrom: (to, from) => `Das Datum „${to}“ darf nicht vor dem Datum „${from}“ liegen.`,
  rangeTooWide: (from, to, days) =>
    `Wählen Sie „${from}“ und „${to}“ höchstens ${days} auseinander.`,
  dayCount: { one: '# Tag', other: '# Tage' },
  monthFormat: (example, value) =>
    `Geben Sie den Monat als Jahr und Monat ein, etwa ${example} (nicht „${value}“).`,
  badValue: (label) => `Prüfen Sie den Wert bei „${label}“.`,
};
