/**
 * The language one of an event's texts is in (docs/api.md §10.24), the one rule the widget's cards
 * and the server's pages mark it by (`lang`, WCAG 3.1.2). Read by the script's first paint.
 */

/**
 * The BCP 47 tag of text attribute `name` (`title`, `description`, …) of an event's attributes:
 * the venue's own language (`languages[0]`) when the translation leaves that text out
 * (`untranslated`), else the event's `language`; undefined when the API names none (no `locale`
 * asked).
 */
export const textLanguageOf = (
  attributes: {
    language?: string;
    languages?: readonly string[];
    untranslated?: readonly string[];
  },
  name: string,
): string | undefined =>
  attributes.untranslated?.includes(name) ? attributes.languages?.[0] : attributes.language;
