/**
 * French strings of `<venue-calendar>`, in its chunk with the other languages': a page without the
 * calendar view never loads them.
 */
import { plural } from '../../shared/i18n/plural.js';
import type { CalendarMessages } from './types.js';

export const calendar: CalendarMessages = {
  calendar: 'Calendrier des événements',
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  eventCount: (n) => plural('fr', n, { one: `${n} événement`, other: `${n} événements` }),
  countAt: (count, venues) => `${count} : ${venues}`,
  dayHeading: (date) => `Événements du ${date}`,
  more: (n) => plural('fr', n, { one: `+${n} autre`, other: `+${n} autres` }),
  noEvents: 'Aucun événement ce jour-là',
  error: "Le calendrier n'a pas pu être chargé.",
  loading: 'Chargement du calendrier…',
  stopCancelledOn: (what) => `Annulé à cette date : ${what}`,
};
