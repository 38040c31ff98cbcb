/** UI strings, one table per locale. Keys are the same in every table (checked by the type). */
const en = {
  loading: 'Loading events…',
  empty: 'No upcoming events',
  error: 'Events could not be loaded.',
  retry: 'Try again',
  refreshFailed: 'Could not refresh; showing the last loaded events.',
  buy: 'Buy tickets',
  buyFor: (title: string) => `Buy tickets for ${title}`,
  salesCloseIn: (relative: string) => `Sales close ${relative}`,
  salesCloseAt: (when: string) => `Sales close ${when}`,
  closedManual: 'Online sales closed',
  closedScheduled: 'Online sales have ended',
  closedEnded: 'This event has ended',
  closedCancelled: 'Cancelled — no tickets on sale',
  closedNotTicketed: 'Not sold online',
  cancelled: 'Cancelled',
  stopCancelled: 'cancelled',
  over18: '18+',
  over18Label: 'Over 18s only',
  nextStop: 'Next date',
  allStops: 'All dates',
  stops: (n: number) => `${n} dates`,
  pagination: 'Event pages',
  previous: 'Previous',
  next: 'Next',
  page: (n: number) => `Page ${n}`,
  pageAnnounce: (n: number, last: number) => `Page ${n} of ${last}`,
  moreInfo: 'More about this event',
  lessInfo: 'Show less',
  imageAlt: (title: string) => `Image for ${title}`,
  events: 'Upcoming events',
};

export type Messages = typeof en;

const de: Messages = {
  loading: 'Veranstaltungen werden geladen…',
  empty: 'Keine kommenden Veranstaltungen',
  error: 'Die Veranstaltungen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  refreshFailed:
    'Aktualisierung fehlgeschlagen; die zuletzt geladenen Veranstaltungen werden gezeigt.',
  buy: 'Tickets kaufen',
  buyFor: (title) => `Tickets für ${title} kaufen`,
  salesCloseIn: (relative) => `Vorverkauf endet ${relative}`,
  salesCloseAt: (when) => `Vorverkauf endet ${when}`,
  closedManual: 'Online-Verkauf geschlossen',
  closedScheduled: 'Online-Verkauf beendet',
  closedEnded: 'Diese Veranstaltung ist vorbei',
  closedCancelled: 'Abgesagt – kein Ticketverkauf',
  closedNotTicketed: 'Kein Online-Verkauf',
  cancelled: 'Abgesagt',
  stopCancelled: 'abgesagt',
  over18: 'ab 18',
  over18Label: 'Nur für Volljährige',
  nextStop: 'Nächster Termin',
  allStops: 'Alle Termine',
  stops: (n) => `${n} Termine`,
  pagination: 'Seiten',
  previous: 'Zurück',
  next: 'Weiter',
  page: (n) => `Seite ${n}`,
  pageAnnounce: (n, last) => `Seite ${n} von ${last}`,
  moreInfo: 'Mehr zur Veranstaltung',
  lessInfo: 'Weniger anzeigen',
  imageAlt: (title) => `Bild zu ${title}`,
  events: 'Kommende Veranstaltungen',
};

const fr: Messages = {
  loading: 'Chargement des événements…',
  empty: 'Aucun événement à venir',
  error: 'Impossible de charger les événements.',
  retry: 'Réessayer',
  refreshFailed: 'Échec de l’actualisation ; derniers événements chargés affichés.',
  buy: 'Acheter des billets',
  buyFor: (title) => `Acheter des billets pour ${title}`,
  salesCloseIn: (relative) => `Fin des ventes ${relative}`,
  salesCloseAt: (when) => `Fin des ventes ${when}`,
  closedManual: 'Ventes en ligne fermées',
  closedScheduled: 'Ventes en ligne terminées',
  closedEnded: 'Cet événement est terminé',
  closedCancelled: 'Annulé — aucune vente',
  closedNotTicketed: 'Pas de vente en ligne',
  cancelled: 'Annulé',
  stopCancelled: 'annulée',
  over18: '18+',
  over18Label: 'Réservé aux plus de 18 ans',
  nextStop: 'Prochaine date',
  allStops: 'Toutes les dates',
  stops: (n) => `${n} dates`,
  pagination: 'Pages d’événements',
  previous: 'Précédent',
  next: 'Suivant',
  page: (n) => `Page ${n}`,
  pageAnnounce: (n, last) => `Page ${n} sur ${last}`,
  moreInfo: 'En savoir plus',
  lessInfo: 'Réduire',
  imageAlt: (title) => `Image de ${title}`,
  events: 'Événements à venir',
};

const tables: Record<string, Messages> = { en, de, fr };

/** The table for a BCP 47 locale (`de-AT` → German), English when the language has none. */
export function messagesFor(locale: string): Messages {
  return tables[locale.toLowerCase().split('-')[0]!] ?? en;
}

/** The locale to use: the element's `locale`, else the page's `lang`, else the browser's. */
export function resolveLocale(explicit: string | undefined, host: Element): string {
  const lang =
    explicit || host.closest('[lang]')?.getAttribute('lang') || navigator.language || 'en';
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'en';
  } catch {
    return 'en';
  }
}
