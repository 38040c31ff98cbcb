/**
 * `<venue-events>` drawn on the server (docs/api.md §10.17, docs/widget.md "Server-rendered
 * pages"): the element with a declarative shadow root (`<template shadowrootmode="open">`) holding
 * what the script's first paint draws (`markup.ts`, the one renderer of both), the page it was
 * drawn from as a data block the script hands to the element (`take-page.ts` `takeDeclarative`),
 * the events' JSON-LD and the fallback link in light DOM. DOM-free: the only widget module the
 * server imports (eslint.config.js), which brings the tables of every language and the styles'
 * text with it.
 */
import type { EventResource } from '../shared/contract.js';
import { readLinkParams } from '../shared/rules/link-params.js';
import {
  eventStructuredData,
  jsonLdText,
  type StructuredDataVenue,
} from '../shared/rules/structured-data.js';
import { eventsUrl, isSeveral, listingUrl } from './api.js';
import {
  isCompact,
  presetFilters,
  readListAttributes,
  type Attributes,
  type ListAttributes,
} from './attributes.js';
import type { HeadingLevel } from './card-facts.js';
import { cardStyles } from './event-card.styles.js';
import {
  PARAM_CATEGORY,
  PARAM_HEADING_LEVEL,
  PARAM_LAYOUT,
  PARAM_LOCALE,
  PARAM_NO_FILTERS,
  PARAM_NO_SHARE,
  PARAM_PAGE,
  PARAM_TICKET_LINK_PARAMS,
  PARAM_VIEWS,
} from './query-names.generated.js';
import { DRAWN_JSON_LD, PAGE_DATA } from './take-page.js';

export { SEEDED_PAGES_KEY } from './first-page.js';
import { hostStyles } from './host.styles.js';
import { minifyCss } from './css-text.js';
import { clip } from './format.js';
import { pack as ar } from './i18n/ar.js';
import { pack as cs } from './i18n/cs.js';
import { pack as da } from './i18n/da.js';
import { de } from './i18n/de.js';
import { en } from './i18n/en.js';
import './i18n/en-later.js';
import { pack as es } from './i18n/es.js';
import { fr } from './i18n/fr.js';
import { pack as he } from './i18n/he.js';
import { pack as it } from './i18n/it.js';
import { escapeHtml } from '../shared/html.js';
import { language } from './i18n/load.js';
import { SEE_ALL } from './i18n/see-all.js';
import { localeQuery } from './feed-urls.js';
import { pack as nl } from './i18n/nl.js';
import { pack as pl } from './i18n/pl.js';
import { pack as pt } from './i18n/pt.js';
import { pack as ptBR } from './i18n/pt-BR.js';
import { pack as sv } from './i18n/sv.js';
import type { CoreMessages, I18n } from './i18n/types.js';
import { attr, buyControl, list } from './markup.js';
import { offersPast } from './past-view.js';
import { buyButtonStyles } from './venue-buy-button.styles.js';
import { listStyles } from './venue-events.styles.js';
import { readPage } from './wire.js';

/** A stylesheet's text: kept by `css` where there is no CSSOM (the server), else its rules. */
export const sheetText = (sheet: CSSStyleSheet): string =>
  (sheet as unknown as { text?: string }).text ??
  Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');

/**
 * Every core table, keyed as `language` (`i18n/load.ts`) names a locale's table: the languages
 * `i18n/more.ts` loads in the browser, here all at hand (the server draws synchronously), so a
 * drawing speaks what the element will once its chunk arrives (test/server/widget-html-locale).
 */
const TABLES: Readonly<Record<string, CoreMessages>> = {
  en,
  de: de.core,
  fr: fr.core,
  es: es.core,
  it: it.core,
  nl: nl.core,
  pt: pt.core,
  'pt-BR': ptBR.core,
  pl: pl.core,
  sv: sv.core,
  da: da.core,
  cs: cs.core,
  ar: ar.core,
  he: he.core,
};

/**
 * The widget's strings and formatting locale for `locale` (a BCP 47 tag), as `resolveI18n` picks
 * them in the browser without a page around (docs/api.md §10.17): the table `language` picks
 * (`de-AT` → German, `pt-BR` → Brazil's, `pt-PT` → Portugal's), `locale` canonical (`de-AT`, the
 * root's `lang`); a language without a table is English (`locale` `en`). `{ locale, t,
 * contentLang: undefined }`: the server does not know the embedding page's `lang`.
 * @throws RangeError for a tag that is not BCP 47
 */
export function serverI18n(locale: string | undefined): I18n {
  const wanted = locale ? Intl.getCanonicalLocales(locale)[0]! : 'en';
  const t = TABLES[language(wanted)];
  return { locale: t ? wanted : 'en', t: t ?? en, contentLang: undefined };
}

/**
 * `{base}/t/{venue}/api/events?page=1`, or `{base}/api/events?venues=a,b,c&page=1` for several:
 * the first page the element asks for (`eventsUrl`, the widget's own request), so that a preload
 * and the per-venue script's seeded page name exactly the URL the widget takes them under.
 */
export const firstPageUrl = (base: string, venue: string): string => eventsUrl(base, venue, 1);

/** The element's attributes the fragment mirrors (docs/api.md §10.17). */
export interface DrawnElement {
  /** One slug, or several separated by spaces. */
  venue: string;
  /** The API's public base, no trailing slash: the element's `base-url`. */
  base: string;
  page: number;
  locale?: string;
  category?: string;
  level: HeadingLevel;
  noFilters: boolean;
  noShare: boolean;
  /** `layout="compact"`: the same cards, one line each (the list's styles, by the attribute). */
  compact: boolean;
  /** `views="list"` (no view switch); `views="calendar"` is refused by the route. */
  listOnly: boolean;
  /** `views` offers the past events (`"past"`, `"list past"`; docs/api.md §10.20). */
  past?: boolean;
  /**
   * `ticket-link-params` as given, query-string form (docs/api.md §10.19): the drawn ticket links'
   * parameters in place of the list's `meta.ticket_link_params`; `''` none at all. Absent: the
   * venue's.
   */
  linkParams?: string;
}

/** What `widget.html`'s parameters ask for: the element's attributes, and its layout. */
export interface DrawnAttributes extends ListAttributes {
  /** `layout="compact"` (`isCompact`), which the start tag carries for the list's styles. */
  compact: boolean;
  /**
   * `views` offers the past events (docs/api.md §10.20), which the start tag carries for the
   * element: nothing the drawing shows (their control comes with the list's controls).
   */
  past: boolean;
}

/**
 * The attributes `get` gives as `readListAttributes` reads them (the script's first paint, the
 * element), and the layout, which only the start tag needs (the list's styles read the host's
 * attribute): kept out of the budgeted script's reading (docs/widget.md "Size").
 */
export const readDrawnAttributes = (get: Attributes): DrawnAttributes => ({
  ...readListAttributes(get),
  compact: isCompact(get(PARAM_LAYOUT)),
  past: offersPast(get(PARAM_VIEWS)),
});

/**
 * The element the attributes `o` describe, read by `readDrawnAttributes` (as the script's first
 * paint and the element read them), to be drawn; its month view (`o.view` "calendar") is not.
 */
export const drawnElementOf = (o: DrawnAttributes): DrawnElement => ({
  venue: o.venue,
  base: o.base,
  page: o.page,
  ...(o.locale !== undefined && { locale: o.locale }),
  ...(o.filters.categories !== undefined && { category: o.filters.categories }),
  level: o.level,
  noFilters: !o.filterBar,
  noShare: !o.share,
  compact: o.compact,
  listOnly: !o.viewSwitch,
  ...(o.past && { past: true }),
  ...(o.linkParams !== null && { linkParams: o.linkParams }),
});

/** What the fragment is drawn from. */
export interface DrawSource {
  /** The list document (docs/api.md §4.1) as the API sent it. */
  listText: string;
  /** The instant the buy controls are judged at (UTC epoch ms). */
  nowMs: number;
  /** Plain text of a description's HTML (the excerpt's source). */
  plainText: (html: string) => string;
  /**
   * The venues named, as the pages describe them (name, IANA zone, website, postal address): the
   * JSON-LD's `location` and `organizer`, and `startDate`'s offset, as the listing page's.
   * Without one, a venue is known by what the list says of it (a venue's own: its slug).
   */
  venues?: readonly StructuredDataVenue[];
  /**
   * The JSON-LD `startDate` formatter of a venue in IANA zone `zone`: `(date, time)` (`YYYY-MM-DD`,
   * `HH:MM:SS`) → ISO 8601 with the zone's UTC offset then, as the listing page's (the server's
   * `shared/rules/zoned-time.ts` `zonedStartDate`). Passed in, so that no module the widget
   * reaches imports a time-zone database (luxon, eslint.config.js). Without it, or for a venue
   * of unknown zone, a start date has no offset.
   */
  zonedStartDate?: (zone: string) => (date: string, time: string) => string;
}

/** The list request the element will make (`eventsUrl`): the data block says it is for it. */
export const drawnListUrl = (el: DrawnElement): string =>
  eventsUrl(el.base, el.venue, el.page, presetFilters(el.category));

/**
 * The start tag's attributes, in the element's own spelling: `widget.html`'s parameters are the
 * element's attributes of the same names (docs/api.md §10.17).
 */
function startTag(el: DrawnElement): string {
  const flag = (name: string, on: boolean) => (on ? ` ${name}` : '');
  const views = [el.listOnly && 'list', el.past && 'past'].filter(Boolean).join(' ');
  return `<venue-events${attr('venue', el.venue)}${attr('base-url', el.base)}${attr(PARAM_LOCALE, el.locale)}${attr(
    PARAM_CATEGORY,
    el.category,
  )}${el.page === 1 ? '' : attr(PARAM_PAGE, `${el.page}`)}${el.level === 2 ? '' : attr(PARAM_HEADING_LEVEL, `${el.level}`)}${flag(
    PARAM_NO_FILTERS,
    el.noFilters,
  )}${flag(PARAM_NO_SHARE, el.noShare)}${el.compact ? ` ${PARAM_LAYOUT}="compact"` : ''}${attr(PARAM_VIEWS, views || undefined)}${attr(PARAM_TICKET_LINK_PARAMS, el.linkParams)}>`;
}

/** `<script>` text of JSON: nothing in it can close the element (`jsonLdText`'s escapes). */
const scriptJson = (json: string) =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The light-DOM JSON-LD of `events`, as the element's own block (`reach.ts` `jsonLdBlock`), its
 * access labels those the cards show (`i18n`'s).
 */
function jsonLd(
  events: readonly EventResource[],
  el: DrawnElement,
  source: DrawSource,
  i18n: I18n,
): string {
  const several = isSeveral(el.venue);
  const today = new Date(source.nowMs).toISOString().slice(0, 10);
  const known = new Map(source.venues?.map((venue) => [venue.slug, venue]));
  const data = events.flatMap((event) => {
    const listed =
      event.attributes.venue ?? (several ? undefined : { slug: el.venue, name: el.venue });
    if (!listed) return [];
    const own: StructuredDataVenue = known.get(listed.slug) ?? listed;
    const startDate = own.timezone ? source.zonedStartDate?.(own.timezone) : undefined;
    try {
      return eventStructuredData(event, own, {
        today,
        plainText: source.plainText,
        startDate,
        accessLabels: i18n.t.accessLabels,
      });
    } catch {
      return [];
    }
  });
  const marker = DRAWN_JSON_LD.match(/\[(data-[a-z-]+)\]$/)![1]!;
  return data.length
    ? `<script type="application/ld+json" ${marker}>${jsonLdText(data)}</script>`
    : '';
}

/**
 * The link to the listing page for visitors without the widget, in the element's language: its
 * words (`SEE_ALL`), its `lang`, and the page in that language (`?locale=`, docs/api.md §10.5).
 */
function fallbackLink(el: DrawnElement, { locale }: I18n): string {
  const href = listingUrl(el.base, el.venue, 'events', localeQuery(locale));
  const words = SEE_ALL[language(locale)] ?? SEE_ALL.en!;
  return `<a${attr('href', href)}${locale === 'en' ? '' : attr('lang', locale)}>${escapeHtml(words)}</a>`;
}

/**
 * `<venue-buy-button>`'s styles for a buy control drawn in the card's root rather than in a root of
 * its own (whose `<style>` each card would repeat: half the fragment): its host's rules
 * (`hostStyles`' `:host`, less the custom properties it inherits unchanged from `<venue-events>`)
 * and its own, nested under `venue-buy-button` (CSS nesting), after the cards' (`.card a`). The
 * element's own root replaces it when the script runs, drawn the same (docs/architecture.md).
 */
const buyControlStyles = (): string => {
  const host = minifyCss(sheetText(hostStyles))
    .match(/:host(\([^)]*\))?\{[^}]*\}/g)!
    .map((rule) =>
      rule.replace(/^:host(?:\(([^)]*)\))?/, '&$1').replace(/--_[\w-]+:[^;}]*;?/g, ''),
    );
  return `venue-buy-button{${host.join('')}${minifyCss(sheetText(buyButtonStyles))}}`;
};

/**
 * Without scripts (docs/widget.md "Server-rendered pages"), no room for the filter bar and the
 * view switch, which only the script fills: the first card right under the element's top, not
 * under an empty band. With scripts the room is kept as in the first paint (no card moves when
 * they arrive). Here alone: the script's own sheets are only ever read where scripts run.
 */
const NO_SCRIPT_STYLES = '@media (scripting:none){venue-events-filters,.view-switch{display:none}}';

/** The fragment's one stylesheet: the element's, then its buy controls' (minified text). */
const STYLES = `${minifyCss([hostStyles, cardStyles, listStyles].map(sheetText).join('\n'))}${buyControlStyles()}${NO_SCRIPT_STYLES}`;

/**
 * The fragment of `GET /t/{slug}/widget.html`: `<venue-events …>` with its declarative shadow
 * root (styles, the first page's cards with their buy controls, the page as a data block), the
 * JSON-LD and the fallback link; in either layout (`layout="compact"`: the same cards, one line
 * each). A page the first paint would not draw (no events, one the wire reader refuses part of)
 * has no shadow root: its light DOM, the fallback link, shows until the element runs. Everything
 * from the API is escaped (`markup.ts`).
 * @throws WireError when `listText` is not a list document
 */
export function drawnElement(el: DrawnElement, source: DrawSource): string {
  const body = JSON.parse(source.listText) as unknown;
  const page = readPage(body, el.page);
  const i18n = serverI18n(el.locale);
  const light = `${jsonLd(page.events, el, source, i18n)}${fallbackLink(el, i18n)}`;
  if (!page.events.length || page.unreadable) {
    return `${startTag(el)}${light}</venue-events>`;
  }
  // The buy controls are drawn in the card's root, styled by its one stylesheet (`STYLES`), their
  // ticket links with the embed's parameters, else the venue's (docs/api.md §10.19), as the
  // element's: the start tag carries the embed's, so the element draws the same links.
  const params = readLinkParams(el.linkParams ?? page.linkParams);
  const buyContent = (event: EventResource) =>
    buyControl(event, el.venue, source.nowMs, i18n, params);
  const cards = list(page.events, {
    venue: el.venue,
    base: el.base,
    level: el.level,
    share: !el.noShare,
    filterBar: !el.noFilters,
    viewSwitch: !el.listOnly,
    i18n,
    now: source.nowMs,
    excerpt: (html) => clip(source.plainText(html)),
    buyContent,
  });
  const marker = PAGE_DATA.match(/\[(data-[a-z-]+)\]$/)![1]!;
  const data = `<script type="application/json" ${marker}${attr('data-url', drawnListUrl(el))}>${scriptJson(source.listText)}</script>`;
  return `${startTag(el)}<template shadowrootmode="open"><style>${STYLES}</style>${cards}${data}</template>${light}</venue-events>`;
}
