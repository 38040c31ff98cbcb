/**
 * The `locale` parameter of the API's requests (docs/api.md §10.24), apart from the rules of
 * shared/rules/venue-language.ts so that a source's reading worker, which needs those, does not
 * load the query schemas (TypeBox: 0.14 s of a worker's start).
 */
import { PARAM } from '../queries.js';
import { FilterError } from './filters.js';
import { askedLanguage } from './venue-language.js';

/**
 * The language an API request asks the venue's text in (`?locale=`, docs/api.md §10.24), as
 * `askedLanguage` reads it; undefined when absent or empty (the answer is then the venue's own
 * text, byte for byte as without the parameter).
 * @throws FilterError (a 400 naming `locale`) for a repeated or malformed value
 */
export function readTextLocale(value: unknown): string | undefined {
  // Empty is absent, as the pages and `widget.html` read it.
  if (value === undefined || value === '') return undefined;
  const asked = typeof value === 'string' ? askedLanguage(value) : undefined;
  if (asked === undefined)
    throw new FilterError(
      PARAM.locale,
      'locale is one BCP 47 language tag, such as de, fr-BE or pt-BR.',
    );
  return asked;
}
