/**
 * The words of the link to the listing page that `widget.html` draws beside the element (docs/api.md
 * §10.17): what a visitor without the script, and a crawler, follows. Server-side only
 * (`declarative.ts`), so none of the browser's chunks carries them; by the widget's table key
 * (`language` in `load.ts`), English for any other; one for every language with a dictionary.
 */
import type { Language } from '../../shared/i18n/index.js';

export const SEE_ALL: Readonly<Record<string, string>> = {
  en: 'See all upcoming events',
  de: 'Alle kommenden Veranstaltungen ansehen',
  fr: 'Voir tous les événements à venir',
  es: 'Ver todos los próximos eventos',
  it: 'Vedi tutti i prossimi eventi',
  nl: 'Alle komende evenementen bekijken',
  pt: 'Ver todos os próximos eventos',
  'pt-BR': 'Ver todos os próximos eventos',
  pl: 'Zobacz wszystkie nadchodzące wydarzenia',
  sv: 'Se alla kommande evenemang',
  da: 'Se alle kommende arrangementer',
  cs: 'Zobrazit všechny nadcházející akce',
  ar: 'عرض جميع الفعاليات القادمة',
  he: 'לכל האירועים הקרובים',
} satisfies Record<Language, string>;
