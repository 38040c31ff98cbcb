/**
 * Every query the server reads, its parameters and their bounds defined once (docs/api.md §2.5,
 * §10.5, §10.6, §10.12–§10.17), as the contract is (TypeBox): the parsers take their names and
 * bounds from here, `/openapi.json` publishes them, the proxy's target checks decode exactly these
 * names, and `widget.html` refuses any other. The values themselves are read by the shared rules
 * (`parseListFilter`, `readFeedQuery`, `readListingQuery`, …), which give a bad one its 400. Not
 * for the widget bundle (TypeBox stays out of it).
 */
import { Type, type TObject } from '@sinclair/typebox';
import { LANGUAGES as LANGUAGE_TAGS } from './i18n/index.js';
import { ACCESS_IDS } from './rules/access.js';
import { LINK_PARAMS_MAX, LINK_VALUE_MAX, placeholderList } from './rules/link-params.js';
import { MAX_VENUES } from './rules/venue-list.js';

/** Bounds of the filter parameters (docs/decisions.md "Filters"), which the parsers apply. */
export const FILTER_LIMITS = {
  /** Most characters of `search`. */
  searchLength: 100,
  /** Most names in `categories`. */
  categories: 20,
  /** Widest `start_date`..`end_date` range, in days, both ends counted. */
  rangeDays: 366,
} as const;

/** Widest calendar feed range, in days: FullCalendar's largest view (6 weeks) with room to spare. */
export const FEED_MAX_DAYS = 100;

/** Most event ids one `ids` list may give (docs/api.md §10.6). */
export const MAX_FEED_IDS = 100;

/** An optional string parameter (every query value is a string). */
const text = (description: string, bounds: Record<string, unknown> = {}) =>
  Type.Optional(Type.String({ description, ...bounds }));

/** docs/api.md §2.5: the page of a list. */
export const PageQuery = Type.Object({
  page: text(
    'Page number. A value that is not a plain decimal integer ≥ 1 within 2^53 reads as 1 (docs/decisions.md "Pagination").',
  ),
});

/** docs/api.md §10.12, §10.15: a list's filters. */
export const FilterQuery = Type.Object({
  categories: text(
    `Comma-separated category names, at most ${FILTER_LIMITS.categories}: an event matches when its category equals one of them, ignoring case (docs/api.md §10.12).`,
  ),
  access: text(
    `Comma-separated access ids (${ACCESS_IDS.join(', ')}), each at most once: an event matches when one of its listed dates (within start_date..end_date, if given) has all of them (docs/api.md §10.15). In proxy mode it matches nothing.`,
  ),
  search: text(
    `Words, at most ${FILTER_LIMITS.searchLength} characters: every word must be a word of the event's title, performers' names, category, location(s) or description text, ignoring case and accents; the last may be a word's start.`,
    { maxLength: FILTER_LIMITS.searchLength },
  ),
  start_date: text('Venue-local date: one of the listed dates is on or after it.', {
    format: 'date',
  }),
  end_date: text(
    `Venue-local date, not before start_date and at most ${FILTER_LIMITS.rangeDays} days from it counting both: one of the listed dates is on or before it.`,
    { format: 'date' },
  ),
  when: text(
    "`past`: the events whose last date is before the venue's today, newest first; `upcoming` (the default): those from today on (docs/api.md §10.20).",
  ),
});

/**
 * docs/api.md §10.24: the language of the venue's own text in an API answer (the list, one event,
 * the calendar feed).
 */
export const TextQuery = Type.Object({
  locale: text(
    "BCP 47 language tag of the venue's text (docs/api.md §10.24): each event's translation in that language, else in its base language (de-AT is de, pt-BR falls back to pt), else the venue's own; each event then says the language of its text (`attributes.language`) and the languages it has (`attributes.languages`, the venue's first). Absent: the venue's own text without those members, as always. Malformed or repeated: 400 naming it.",
  ),
});

/** docs/api.md §4.1, §10.12, §10.24: `GET …/api/events`. */
export const ListQuery = Type.Composite([PageQuery, FilterQuery, TextQuery]);

/** docs/api.md §4.2, §10.24: `GET …/api/events/{id}`. */
export const EventQuery = TextQuery;

const bound = (which: string) =>
  Type.String({
    description: `${which}: a date (\`2026-11-30\`), a date-time with \`Z\` or an offset, or a date-time without offset read in \`timeZone\`. Required; at most ${FEED_MAX_DAYS} days between start and end.`,
    minLength: 10,
  });

/** docs/api.md §10.14: `GET …/api/calendar`, FullCalendar's feed. */
export const FeedQuery = Type.Object({
  start: bound('Inclusive'),
  end: bound('Exclusive'),
  timeZone: text(
    "IANA zone (or `UTC`) of bounds without offset; absent or `local`: the venue's zone.",
  ),
  ...Type.Pick(FilterQuery, ['categories', 'access', 'search']).properties,
  ...TextQuery.properties,
});

/**
 * The languages the pages, the calendar files and the widget speak (docs/api.md §10.5, §10.6,
 * §10.17), as `locale` names them: those with a dictionary in `shared/i18n/`.
 */
const LANGUAGES = LANGUAGE_TAGS.join(', ');

/**
 * `locale` of a page or calendar file (docs/api.md §10.5, §10.6): the language of the words the
 * server writes in `what`, chosen as the pages choose it; `kept` says what carries it on.
 */
const serverLocale = (what: string, kept: string) =>
  text(
    `BCP 47 language tag of ${what} (${LANGUAGES}; a region falls back to its language: de-AT is de, pt-PT pt, pt-BR itself); absent or unknown: the best of Accept-Language, else English.${kept}`,
  );

/** docs/api.md §10.5: the listing page, `GET /t/{slug}/events`, and its month view. */
export const ListingQuery = Type.Composite([
  FilterQuery,
  Type.Object({
    view: text('`calendar` for the month view; anything else is the list.'),
    month: text("The month view's month, `YYYY-MM` (default: today's)."),
    locale: serverLocale('the page', " The page's links keep it."),
  }),
  PageQuery,
]);

/** docs/api.md §10.6: a calendar file, `GET /t/{slug}/events.ics`. */
export const CalendarFileQuery = Type.Object({
  categories: FilterQuery.properties.categories,
  ids: text(
    `Comma-separated event ids, at most ${MAX_FEED_IDS}: only those listed events, as a download (saved nights).`,
  ),
  locale: serverLocale(
    'the file\'s own words (its name\'s "saved events", "Doors", "Price", …; the venue\'s text as given)',
    '',
  ),
});

/** docs/api.md §10.6: an "add to calendar" redirect. */
export const CalendarLinkQuery = Type.Object({
  date: text('`YYYY-MM-DD`: one stop of a tour (default: its current stop).'),
  locale: serverLocale('the link\'s details ("Event page: …"; the venue\'s text as given)', ''),
});

/** docs/api.md §10.16: the venues of a listing of several. */
export const VenuesQuery = Type.Object({
  venues: Type.String({
    description: `Comma-separated venue slugs, 1 to ${MAX_VENUES}, in any order (the order breaks ties; a slug named twice counts once) (docs/api.md §10.16).`,
  }),
});

/** docs/api.md §10.17: `widget.html`, each parameter the element's attribute of that name. */
export const WidgetQuery = Type.Object({
  locale: text(
    `BCP 47 language tag of the element's strings (${LANGUAGES}; a region falls back to its language: de-AT is de, pt-PT pt, pt-BR itself); unknown: English; malformed: 400 naming it; absent: drawn in English, the element then speaking its page's \`lang\`, else the browser's. Only this chooses: Accept-Language is not read (the element sits in another site's page).`,
  ),
  category: text('One category: the element shows its events only.'),
  page: text('The page drawn, ≥ 1.'),
  'heading-level': text("2 to 6: the level of the cards' headings."),
  'no-filters': text('A flag (empty or `true`): no filter bar.'),
  'no-share': text('A flag (empty or `true`): no share buttons.'),
  layout: text('`compact` for the compact layout (one line per event).'),
  views: text('`list`: no view switch.'),
  'ticket-link-params': text(
    `Query parameters the drawn ticket links carry in place of the venue's \`ticket_link_params\` (docs/api.md §10.19), in query-string form, itself percent-encoded in the URL (\`ticket-link-params=utm_source%3Dblog%26utm_campaign%3D%7Bevent_slug%7D\`); empty: none at all. As a venue file allows them: at most ${LINK_PARAMS_MAX}, each name once and of 1-64 letters, digits, \`_\`, \`.\` or \`-\`, each value at most ${LINK_VALUE_MAX} characters with no placeholder but ${placeholderList()}; else 400 naming it. The drawn element carries it.`,
  ),
});

/**
 * The parameter names of `query`, as a type: code that spells a name by hand (a parser reading
 * it, an error naming it, a form or URL writing it) takes it as one of these, so a name that is
 * not in this file fails the type check, and renaming one here finds every use. Type-only: the
 * widget imports these without TypeBox's bytes.
 */
export type ParameterOf<Q extends TObject> = keyof Q['properties'] & string;

/** A list filter's name (docs/api.md §10.12, §10.15). */
export type FilterParameter = ParameterOf<typeof FilterQuery>;
/** A name the listing page reads (docs/api.md §10.5). */
export type ListingParameter = ParameterOf<typeof ListingQuery>;
/** A name the calendar feed reads (docs/api.md §10.14). */
export type FeedParameter = ParameterOf<typeof FeedQuery>;
/** A name `widget.html` reads (docs/api.md §10.16, §10.17). */
export type WidgetParameter = ParameterOf<typeof WidgetQuery> | ParameterOf<typeof VenuesQuery>;
/** Any query parameter the server reads: what a 400 may name (docs/decisions.md "Errors"). */
export type QueryParameter =
  | ListingParameter
  | FeedParameter
  | WidgetParameter
  | ParameterOf<typeof CalendarFileQuery>
  | ParameterOf<typeof CalendarLinkQuery>
  | ParameterOf<typeof TextQuery>;

/** The names of `query`'s parameters, in their order. */
export const parameterNames = (query: TObject): string[] => Object.keys(query.properties);

/** Every query the server reads, each parameter of them in `PARAM`. */
export const QUERIES = [
  ListingQuery,
  FeedQuery,
  CalendarFileQuery,
  CalendarLinkQuery,
  VenuesQuery,
  WidgetQuery,
] as const;

/**
 * Each parameter's name, by itself (`PARAM.start_date` is `'start_date'`): what code writing or
 * reading a parameter (a URL, a form field, `req.query`, a memo default) names it by, so that no
 * name is spelled outside this file (test/shared/parameter-literals.test.ts) and renaming one
 * here is a type error at every use. The widget's copy, names only (no TypeBox, no descriptions
 * in its bundle), is generated from it (`widget/query-names.generated.ts`), as the plugin's is
 * (`contract.php`): `npm run generate:wordpress` writes both.
 */
export const PARAM = Object.freeze(
  Object.fromEntries(QUERIES.flatMap(parameterNames).map((name) => [name, name])),
) as { readonly [K in QueryParameter]: K };
