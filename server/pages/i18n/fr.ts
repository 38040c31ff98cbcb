/** French (typographic spaces before the high punctuation are no-break spaces). */
import type { PageStrings } from './types.js';
import { accessLabels } from '../../../shared/access-labels/fr.js';
import { DICTIONARIES } from '../../../shared/i18n/index.js';

const words = DICTIONARIES.fr;

export const fr: PageStrings<'one' | 'many' | 'other'> = {
  whatsOnAt: (name) => `À l’affiche\u00a0: ${name}`,
  pastEventsAt: (name) => `Événements passés\u00a0: ${name}`,
  subscribe: 'S’abonner au calendrier',
  subscribeOnly: (categories) => `S’abonner à ${categories} uniquement`,
  downloadAll: 'Télécharger toutes les dates (.ics)',
  website: (name) => `Site web de ${name}`,
  feedTitle: (name) => `Calendrier de ${name}`,
  errorTitle: (title) => `Erreur\u00a0: ${title}`,
  pageTitle: (title, page) => `${title} · page ${page}`,
  upcomingDescription: (name) => `Événements à venir – ${name}\u00a0: dates, horaires et billets.`,
  pastDescription: (name) => `Événements passés – ${name}\u00a0: les plus récents d’abord.`,
  monthDescription: (name, month) =>
    `Événements – ${name} en ${month}\u00a0: dates, horaires et billets.`,
  monthView: 'vue mensuelle',
  quoted: (words) => `«\u00a0${words}\u00a0»`,
  fromDate: (date) => `à partir du ${date}`,
  toDate: (date) => `jusqu’au ${date}`,

  upcomingCount: {
    one: '# événement à venir',
    many: '# événements à venir',
    other: '# événements à venir',
  },
  pastCount: {
    one: '# événement passé',
    many: '# événements passés',
    other: '# événements passés',
  },
  eventCount: { one: '# événement', many: '# événements', other: '# événements' },
  matchCount: {
    one: '# événement correspond à ces filtres',
    many: '# événements correspondent à ces filtres',
    other: '# événements correspondent à ces filtres',
  },
  pageOf: (current, last) => `page ${current} sur ${last}`,
  noUpcoming: 'Aucun événement à venir.',
  noPast: 'Aucun événement passé.',
  noMatch: 'Aucun événement ne correspond à ces filtres.',
  noneMatch: 'aucun événement ne correspond à ces filtres',
  nothingListed: 'rien au programme',
  needsCorrecting: 'Certains filtres sont à corriger.',
  noUpcomingSee: (link) => `Aucun événement à venir. Revenez bientôt, ou ${link}.`,
  seePast: 'voyez les événements passés',
  noPastSee: (link) => `Aucun événement passé. ${link}.`,
  seeUpcoming: 'Voir les événements à venir',
  emptyPage: (link) => `Il n’y a aucun événement sur cette page. ${link}.`,
  seeFirstPage: 'Voir la première page',
  noMatchClear: (link) =>
    `Aucun événement ne correspond à ces filtres. ${link} pour voir tous les événements.`,
  correctFilters: (link) => `Corrigez les filtres ci-dessus pour voir les événements, ou ${link}.`,
  correctCalendar: (link) => `Corrigez les filtres ci-dessus pour voir le calendrier, ou ${link}.`,
  clearThem: 'effacez-les',
  noMatchIn: (month, link) =>
    `Aucun événement ne correspond à ces filtres en ${month}. ${link} pour voir tous les événements.`,
  showingFirst: (shown, events) =>
    `Affichage des ${shown} premiers sur ${events} ce mois-ci\u00a0: choisissez une catégorie ou lancez une recherche pour voir les autres.`,
  pastLink: words.past.pastEvents,
  upcomingLink: words.past.upcomingEvents,

  dateCount: { one: '# date', many: '# dates', other: '# dates' },
  andThisOneCancelled: (dates) => `${dates}\u00a0; celle-ci annulée`,
  accessLine: (labels) => `Accessibilité\u00a0: ${labels}`,
  comma: ', ',
  cancelled: 'Annulé.',
  cancelledMark: '(annulé)',
  previous: words.list.previous,
  next: words.list.next,
  pagesLabel: 'Pages d’événements',
  monthsLabel: 'Mois',
  today: 'aujourd’hui',
  moreCount: { one: '# autre', many: '# autres', other: '# autres' },

  withPerformers: words.card.withPerformers,
  free: words.card.free,
  fewLeft: words.card.fewLeft,
  postponed: words.card.postponed,
  rescheduled: words.card.rescheduled,
  rescheduledWas: (when) => `Reprogrammé — prévu initialement ${when}`,
  doors: words.card.doors,
  allDay: words.card.allDay,
  age: (age) => `Dès ${age}\u00a0ans`,
  accessLabels,

  ticketsOnSaleUntil: (when) => `Billets en vente en ligne jusqu’au ${when}.`,
  ticketsOnSale: 'Billets en vente en ligne.',
  salesClosed: 'La vente en ligne est fermée.',
  salesEnded: 'La vente en ligne est terminée.',
  eventEnded: 'Cet événement est terminé.',
  cancelledNoSales: 'Cet événement est annulé\u00a0; aucun billet n’est vendu.',
  notSoldOnline: 'Aucun billet n’est vendu en ligne pour cet événement.',
  tickets: 'Billets',
  buyTickets: words.card.buy,
  access: words.card.access,
  noneListed: 'non précisé',
  when: 'Quand',
  dates: 'Dates',
  addToCalendar: words.card.addToCalendar,
  allEventsAt: (name) => `Tous les événements – ${name}`,
  sellsAt: (venue, host) => `${venue} vend les billets de cet événement sur ${host}.`,
  sellsOnPlatform: (venue, option) =>
    `${venue} vend les billets de cet événement sur sa billetterie. Ce serveur affiche seulement les événements\u00a0; lancez-le avec ${option} devant la billetterie pour envoyer les acheteurs vers le vrai paiement.`,

  price: (price) => `Prix\u00a0: ${price}`,
  dateCancelled: 'Cette date est annulée.',
  eventPage: (url) => `Page de l’événement\u00a0: ${url}`,
  savedEvents: (name) => `${name} (événements enregistrés)`,

  fields: {
    categories: words.filters.category,
    access: words.filters.access,
    search: 'Recherche',
    start_date: 'Du',
    end_date: 'Au',
    month: 'Mois',
  },
  allCategories: words.filters.allCategories,
  findEvents: 'Trouver des événements',
  clearFilters: 'Effacer les filtres',
  showList: 'Afficher en liste',
  showMonth: 'Afficher le calendrier du mois',
  monthPlaceholder: 'AAAA-MM',
  oneValue: (label) => `Donnez une seule valeur pour «\u00a0${label}\u00a0».`,
  maxCategories: {
    one: 'Choisissez au plus # catégorie.',
    many: 'Choisissez au plus # catégories.',
    other: 'Choisissez au plus # catégories.',
  },
  accessUnknown: (id, ids) =>
    `Choisissez l’accessibilité dans la liste\u00a0: «\u00a0${id}\u00a0» est inconnu\u00a0; possibles\u00a0: ${ids}.`,
  accessTwice: 'Choisissez chaque option d’accessibilité une seule fois.',
  maxSearch: {
    one: 'Recherchez au plus # caractère.',
    many: 'Recherchez au plus # caractères.',
    other: 'Recherchez au plus # caractères.',
  },
  realDate: (label, value) =>
    `Saisissez une vraie date pour «\u00a0${label}\u00a0»\u00a0: «\u00a0${value}\u00a0» n’en est pas une.`,
  toBeforeFrom: (to, from) =>
    `La date «\u00a0${to}\u00a0» ne doit pas précéder la date «\u00a0${from}\u00a0».`,
  rangeTooWide: (from, to, days) =>
    `Choisissez des dates «\u00a0${from}\u00a0» et «\u00a0${to}\u00a0» séparées d’au plus ${days}.`,
  dayCount: { one: '# jour', many: '# jours', other: '# jours' },
  monthFormat: (example, value) =>
    `Saisissez le mois sous la forme année-mois, par exemple ${example} (et non «\u00a0${value}\u00a0»).`,
  badValue: (label) => `Vérifiez la valeur de «\u00a0${label}\u00a0».`,
};
