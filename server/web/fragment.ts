/**
 * What `GET /t/{slug}/widget.html` (docs/api.md §10.17, docs/widget.md "Server-rendered pages")
 * reads: the element its query asks for (descriptions' plain text is the pages' own,
 * `server/lib/html-text.ts`, so its JSON-LD is theirs). The route is
 * `server/routes/widget-routes.ts`, which draws it (`widget/declarative.ts`) from the list answer
 * in process, in both modes.
 */
import {
  parameterNames,
  WidgetQuery,
  type QueryParameter,
  type WidgetParameter,
} from '../../shared/queries.js';
import { FilterError } from '../../shared/rules/filters.js';
import {
  LINK_PARAM_NAME,
  LINK_PARAMS_MAX,
  LINK_VALUE_MAX,
  placeholderList,
  unknownPlaceholders,
} from '../../shared/rules/link-params.js';
import { parseVenues } from '../../shared/rules/venues.js';
import {
  drawnElementOf,
  readDrawnAttributes,
  serverI18n,
  type DrawnElement,
} from '../../widget/declarative.js';

/**
 * The query parameters, each the element's attribute of that name, read as the element reads it
 * (`readDrawnAttributes`).
 */
const PARAMETERS: readonly string[] = parameterNames(WidgetQuery);

/** A 400 naming `parameter` (docs/decisions.md "Errors"). */
const bad = (parameter: QueryParameter, detail: string) => new FilterError(parameter, detail);

/** A 400 naming a parameter `widget.html` does not read: the client's own name, as sent. */
const unknown = (name: string) =>
  new FilterError(name as QueryParameter, `Unknown parameter "${name}": ${PARAMETERS.join(', ')}.`);

/** A flag parameter: present empty or `true` (as the attribute's presence). */
function flag(query: Record<string, unknown>, name: WidgetParameter): boolean {
  const value = query[name];
  if (value === undefined) return false;
  if (value === '' || value === 'true') return true;
  throw bad(name, `${name} is a flag: give it empty or "true".`);
}

/** `ticket-link-params` as a refusal names it. */
const LINK_PARAMS: WidgetParameter = 'ticket-link-params';

/**
 * Why `text`, a `ticket-link-params` (docs/api.md §10.17, §10.19), is refused, or undefined when
 * it is taken: read as the element reads it (query-string form, `readLinkParams`; `''` is none),
 * it holds what a venue file's `ticket_link_params` may (the import's rule): at most
 * `LINK_PARAMS_MAX` parameters, each name once and of `LINK_PARAM_NAME`, each value at most
 * `LINK_VALUE_MAX` characters (code points, as the venue file's schema counts them) with no
 * placeholder but `LINK_PLACEHOLDERS`. Those bounds are the drawing's and its memo key's.
 * The WordPress plugin's `venue_events_clean_link_params` takes exactly these
 * (test/shared/wordpress-contract.test.ts).
 */
export function linkParamsProblem(text: string): string | undefined {
  const pairs = [...new URLSearchParams(text)];
  if (pairs.length > LINK_PARAMS_MAX)
    return `${LINK_PARAMS} holds at most ${LINK_PARAMS_MAX} parameters.`;
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    const which = `${LINK_PARAMS}: ${JSON.stringify(name)}`;
    if (!LINK_PARAM_NAME.test(name))
      return `${which} is not a parameter name (1-64 letters, digits, _ . or -); the value is in query-string form, such as utm_source=blog&utm_campaign={event_slug}.`;
    if (seen.has(name)) return `${which} is given twice.`;
    seen.add(name);
    if ([...value].length > LINK_VALUE_MAX)
      return `${which}'s value is over ${LINK_VALUE_MAX} characters.`;
    const unknown = unknownPlaceholders(value)[0];
    if (unknown) return `${which}: unknown placeholder ${unknown}: use ${placeholderList()}.`;
  }
  return undefined;
}

/**
 * The element asked for by `query` for `venue` (one slug, or several separated by spaces), its
 * base `base`: the parameters are its attributes, read as the element and the script's first
 * paint read them (`readDrawnAttributes`); a value they would read as another (`page=0` as 1,
 * `no-share=false` as present) is refused rather than drawn, as is a `ticket-link-params` a venue
 * file could not hold (`linkParamsProblem`). `venuesRoute`: asked for as
 * `/widget.html?venues=…`, whose `venues` the route has read already (`readVenues`).
 * @throws FilterError (a 400) naming the parameter for an unknown, repeated or malformed one, and
 *   `views=calendar` (the month view is drawn in the browser)
 */
export function readDrawnElement(
  venue: string,
  query: Record<string, unknown>,
  base: string,
  venuesRoute = false,
): DrawnElement {
  for (const [name, value] of Object.entries(query)) {
    if (!PARAMETERS.includes(name) && !(name === 'venues' && venuesRoute)) throw unknown(name);
    if (typeof value !== 'string') throw bad(name as WidgetParameter, `${name} may be given once.`);
  }
  const text = (name: WidgetParameter) => query[name] as string | undefined;
  const locale = text('locale');
  if (locale !== undefined) {
    try {
      serverI18n(locale);
    } catch {
      throw bad('locale', 'locale is a BCP 47 language tag, such as en-GB or de.');
    }
  }
  if (!/^[1-9]\d*$/.test(text('page') ?? '1') || !Number.isSafeInteger(Number(text('page') ?? 1)))
    throw bad('page', 'page is a whole number of at least 1.');
  if (!/^[2-6]$/.test(text('heading-level') ?? '2'))
    throw bad('heading-level', 'heading-level is 2, 3, 4, 5 or 6.');
  if (text('category') === '') throw bad('category', 'category names a category.');
  const linkProblem = linkParamsProblem(text(LINK_PARAMS) ?? '');
  if (linkProblem) throw bad(LINK_PARAMS, linkProblem);
  flag(query, 'no-filters');
  flag(query, 'no-share');
  const attribute = (name: string) =>
    name === 'venue'
      ? venue
      : name === 'base-url'
        ? base
        : PARAMETERS.includes(name)
          ? (text(name as WidgetParameter) ?? null)
          : null;
  const o = readDrawnAttributes(attribute);
  if (o.view === 'calendar')
    throw bad('views', 'views is "list" or absent (the month view is drawn in the browser).');
  return drawnElementOf(o);
}

/**
 * `el` as the query that asks for it, each parameter its read value and flags empty
 * (`no-share=true` is `no-share=`), none at its default (a missing attribute): what the memo key
 * of its drawing is made of (`memoKey`), so two queries read as one element share a drawing, as
 * they did when it was keyed by the element itself. Its venue and base are the key's own parts.
 */
export const drawnQuery = (
  el: DrawnElement,
): Partial<Record<WidgetParameter, string | number>> => ({
  page: el.page,
  locale: el.locale,
  category: el.category,
  'heading-level': el.level,
  ...(el.noFilters && { 'no-filters': '' }),
  ...(el.noShare && { 'no-share': '' }),
  ...(el.compact && { layout: 'compact' }),
  // `views` as the start tag writes it: `list`, `past` (docs/api.md §10.20) or both.
  ...((el.listOnly || el.past) && {
    views: [el.listOnly && 'list', el.past && 'past'].filter(Boolean).join(' '),
  }),
  // As given: the start tag writes it so, and `''` (none) is not its absence (the venue's).
  ...(el.linkParams !== undefined && { [LINK_PARAMS]: el.linkParams }),
});

/**
 * The slugs `venues` of `GET /widget.html?venues=a,b,c` names, read as the API reads `venues`
 * (`parseVenues`, the one venue-list rule, docs/api.md §10.16): 1 to 20 slugs, a slug given twice
 * counted once. The element's `venue` is them separated by spaces; `venues=a` is the one venue `a`.
 * @throws FilterError (a 400 naming `venues`) otherwise
 */
export const readVenues = (query: Record<string, unknown>): string[] => parseVenues(query.venues);
