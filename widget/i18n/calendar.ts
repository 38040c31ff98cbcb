/**
 * `<venue-calendar>`'s strings in the language `resolveI18n` gave, else English: English's, German's
 * and French's come with the calendar's chunk (a page without the calendar view never loads
 * them), the other languages' with their own chunks (`FullPack`, loaded before the element
 * renders in them).
 */
import { language, loadedPack } from './load.js';
import { calendar as de } from './calendar.de.js';
import { calendar as en } from './calendar.en.js';
import { calendar as fr } from './calendar.fr.js';
import type { CalendarMessages } from './types.js';

const tables: Record<string, CalendarMessages> = { en, de, fr };

/** The calendar's strings in `locale`'s language (one `resolveI18n` gave), else English. */
export const calendarStrings = (locale: string): CalendarMessages =>
  tables[language(locale)] ?? loadedPack(locale)?.calendar ?? en;
