/**
 * French, loaded on first use (`load.ts`) as one chunk: the core table here, with the list's and
 * the filter bar's (`list.fr.ts`, `filters.fr.ts`), which the list needs before its first cards
 * in French anyway.
 */
import { filters } from './filters.fr.js';
import { list } from './list.fr.js';
import type { LanguagePack } from './types.js';
import {
  access,
  addToCalendar,
  allDay,
  buy,
  directions,
  doors,
  fewLeft,
  free,
  joinWaitlist,
  onSale,
  postponed,
  remindMe,
  rescheduled,
  soldOut,
  withPerformers,
} from '../../shared/i18n/fr.js';
import { accessLabels } from '../../shared/access-labels/fr.js';

export const fr: LanguagePack = {
  core: {
    loading: 'Chargement des événements…',
    empty: 'Aucun événement à venir',
    error: 'Impossible de charger les événements.',
    retry: 'Réessayer',
    venueNotFound: (venue) => `Aucun lieu «\u00a0${venue}\u00a0» n’a été trouvé.`,
    eventNotFound: 'Cet événement est introuvable.',
    refreshFailed: 'Échec de l’actualisation ; derniers événements chargés affichés.',
    notShown: 'Impossible d’afficher les événements.',
    someNotShown: 'Certains événements n’ont pas pu être affichés.',
    buy,
    buyFor: (title) => `Acheter des billets pour ${title}`,
    salesClose: (when) => `Fin des ventes ${when}`,
    closed: {
      sold_out: soldOut,
      manual: 'Ventes en ligne fermées',
      scheduled: 'Ventes en ligne terminées',
      event_ended: 'Cet événement est terminé',
      cancelled: 'Annulé — aucune vente',
      not_ticketed: 'Pas de vente en ligne',
    },
    cancelled: 'Annulé',
    stopCancelled: 'annulée',
    age: (n) => `${n}+`,
    ageLabel: (n) => `Réservé aux plus de ${n} ans`,
    postponed,
    rescheduled,
    was: (date) => `(initialement ${date})`,
    doors,
    allDay,
    nextStop: 'Prochaine date',
    allStops: 'Toutes les dates',
    imageAlt: (title) => `Image de ${title}`,
    events: 'Événements à venir',
    addToCalendar,
    addToCalendarFor: (what) => `Ajouter au calendrier : ${what}`,
    calendarFile: 'Fichier calendrier (.ics)',
    remindMe,
    directions,
    share: 'Partager',
    shareFor: (title) => `Partager : ${title}`,
    linkCopied: 'Lien copié',
    save: 'Enregistrer',
    saveFor: (title) => `Enregistrer : ${title}`,
    free,
    withPerformers,
    fewLeft,
    joinWaitlist,
    onSale,
    access,
    accessLabels,
  },
  list,
  filters,
};

/** The name every language's chunk gives its tables (`load.ts`). */
export { fr as pack };
