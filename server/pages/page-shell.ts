/**
 * What the server's public HTML pages (the listing page and the event pages) share: the venue as
 * they know it, the document shell with its stylesheet and JSON-LD, and the strict
 * Content-Security-Policy they are sent with. The pages work without JavaScript and load none.
 * The shell is in the page's language (docs/api.md §10.5): `<html lang dir>`, and a stylesheet of
 * logical properties, so a right-to-left page (Arabic, Hebrew) lays out from the right.
 */
import { createHash } from 'node:crypto';
import { DARK, LIGHT, type Palette } from '../../shared/palette.js';
import type { LinkParams } from '../../shared/rules/link-params.js';
import { formatWallClock } from '../../shared/rules/wall-clock.js';
import { jsonLdText, type StructuredDataVenue } from '../../shared/rules/structured-data.js';
import { zonedStartDate } from '../../shared/rules/zoned-time.js';
import { escapeHtml } from '../lib/html.js';
import { ENGLISH, type PageLang } from './i18n/index.js';

/**
 * The venue as a page is built for it: the structured-data members, with the IANA zone that the
 * origin knows and the proxy may not (then times carry no UTC offset), and the parameters its
 * ticket links carry (docs/api.md §10.19; the origin's, from the venue file; none in the proxy).
 */
export type PageVenue = StructuredDataVenue & { ticketLinkParams?: LinkParams };

/** Everything about the request a page needs: the moment and where its links point. */
export interface PageContext {
  /** Absolute origin (or configured base URL, no trailing slash) of every link. */
  base: string;
  /** The venue-local date `YYYY-MM-DD` (UTC date when the zone is unknown). */
  today: string;
  /** The page's language (docs/api.md §10.5); English when absent. */
  lang?: PageLang;
}

/** The structured data `startDate` formatter for `venue`: with its offset when the zone is known. */
export const startDateOf = (venue: PageVenue) =>
  venue.timezone
    ? zonedStartDate(venue.timezone)
    : (date: string, time: string) => `${date}T${time}`;

/**
 * `Mon 7 Dec 2026, 19:30` from venue-local parts, never shifted by any zone, as `lang` writes a
 * date (`Mo., 7. Dez. 2026, 19:30`).
 */
export function localWhen(date: string, time: string, lang: PageLang = ENGLISH): string {
  return formatWallClock(date, time, lang.intl, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** `19:30` (`19.30` in Danish, `07:30 م` in Arabic): a venue-local `HH:MM[:SS]` as `lang` writes it. */
export const clockText = (time: string, lang: PageLang = ENGLISH): string =>
  formatWallClock('2000-01-01', time, lang.intl, { hour: '2-digit', minute: '2-digit' });

/** `/t/{slug}/events`: the listing page (page 1). */
export const listingPath = (slug: string) => `/t/${slug}/events`;
/** `/t/{slug}/events/{event-slug}`: an event page (docs/decisions.md "Buy link"). */
export const eventPath = (slug: string, eventSlug: string) => `/t/${slug}/events/${eventSlug}`;
/**
 * An event page as a page links it: `eventPath`, with `?locale=` when the page was asked in a
 * language with it (docs/api.md §10.5), so the event speaks the same.
 */
export const eventHref = (slug: string, eventSlug: string, lang: PageLang = ENGLISH) =>
  `${eventPath(slug, eventSlug)}${lang.carry && `?${lang.carry}`}`;

/** The page's colour variables of a scheme of the one palette (`shared/palette.ts`). */
const colours = (p: Palette) =>
  `--fg:${p.text};--muted:${p.muted};--bg:${p.background};--line:${p.border};--accent:${p.accent};--danger:${p.danger}`;

const STYLES = `:root{color-scheme:light dark;${colours(LIGHT)}}
@media (prefers-color-scheme:dark){:root{${colours(DARK)}}}
*{box-sizing:border-box}
body{font:1rem/1.55 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--fg);background:var(--bg);max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem;overflow-wrap:anywhere}
a{color:var(--accent)}a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
h1{font-size:1.9rem;line-height:1.2;margin:.5rem 0 .75rem}h2{font-size:1.25rem;margin:0 0 .25rem}
.muted,.crumb{color:var(--muted)}.crumb{margin:0;font-size:.95rem}
.events{list-style:none;padding:0;margin:1.5rem 0}.events>li{border-top:1px solid var(--line);padding:1rem 0}
.events p{margin:.2rem 0}.cancelled{color:var(--danger);font-weight:600}
.dates{padding-inline-start:1.2rem}.dates li{margin:.25rem 0}.dates del{color:var(--muted)}
img{max-width:100%;height:auto;border-radius:4px}
.description p{margin:.6rem 0;white-space:pre-line}
.tickets{border-inline-start:4px solid var(--line);padding:.4rem .8rem;margin:1.25rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;padding:0;list-style:none}
nav ol{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
nav a,nav span{display:inline-block;min-width:2.75rem;min-height:2.75rem;padding:.6rem .8rem;text-align:center;border:1px solid var(--line);border-radius:4px}
nav [aria-current]{background:var(--accent);color:var(--bg);border-color:var(--accent);font-weight:700}
nav span[aria-disabled]{color:var(--muted)}
nav [aria-hidden]{display:inline;min-width:0;min-height:0;padding:0;border:0}
footer{margin-top:2.5rem;color:var(--muted);font-size:.9rem}
.filters{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.75rem 1rem;margin:1rem 0 1.5rem}
.field{display:flex;flex-direction:column;gap:.2rem;flex:1 1 9rem;min-width:0}
.field label{font-weight:600}
input,select,button{font:inherit;min-height:2.75rem;max-width:100%;padding:.45rem .6rem;border:1px solid var(--muted);border-radius:4px;background:var(--bg);color:var(--fg)}
button{background:var(--accent);border-color:var(--accent);color:var(--bg);font-weight:600;cursor:pointer}
input:focus-visible,input:is([type=date],[type=month]):focus-within,select:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
[aria-invalid=true]{border:2px solid var(--danger)}
.error{color:var(--danger);font-weight:600;margin:0}
.buttons{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem;flex-basis:100%}
.buttons a{display:inline-block;padding:.6rem 0}
.month{width:100%;border-collapse:collapse;table-layout:fixed;margin:.5rem 0 1.5rem}
.month caption{font-size:1.25rem;font-weight:700;text-align:start;padding:.25rem 0 .5rem}
.month th{font-size:.85rem;color:var(--muted);text-align:start;padding:.25rem}.month abbr{text-decoration:none}
.month td{vertical-align:top;border:1px solid var(--line);padding:.3rem;height:5.5rem;font-size:.85rem;line-height:1.3;hyphens:auto}
.month .past{color:var(--muted)}.month .today{outline:3px solid var(--accent);outline-offset:-3px}
.month .day{font-weight:700}.month a.day{display:inline-block;min-width:1.5rem;min-height:1.5rem}
.month ul{list-style:none;margin:.25rem 0 0;padding:0}.month li{margin:.3rem 0}.month li a{display:block}
.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}`;

/**
 * The pages' Content-Security-Policy: nothing but their own stylesheet (by hash) and images; no
 * script runs (JSON-LD is a data block, never executed); forms submit to the same origin only.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src '${'sha256-' + createHash('sha256').update(STYLES).digest('base64')}'`,
  "img-src 'self' https: data:",
  // No script runs on these pages; same-origin fetches are for tools that read the page's
  // origin (crawlers' robots.txt check in Lighthouse, browser extensions).
  "connect-src 'self'",
  "base-uri 'none'",
  // The listing page's filter form is a GET back to the page itself (docs/api.md §10.5).
  "form-action 'self'",
].join('; ');

export interface ShellInput {
  title: string;
  /** One-sentence summary for `<meta name="description">`. */
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  /** Keep the page out of search indexes (a listing page past the last, filtered, a month view). */
  noindex?: boolean;
  /** Extra `<link>` elements (pagination, calendar feed), already HTML. */
  links?: string;
  /** The page's JSON-LD (omitted when empty). */
  jsonLd: unknown[];
  /** The body, already HTML. */
  body: string;
  /** The page's language: `<html lang dir>`; English when absent. */
  lang?: PageLang;
}

/** The complete HTML document of a page, `<html lang dir>` its language's (docs/api.md §10.5). */
export function pageShell(input: ShellInput): string {
  const { tag, dir } = input.lang ?? ENGLISH;
  const jsonLd =
    input.jsonLd.length > 0
      ? `\n<script type="application/ld+json">${jsonLdText(input.jsonLd)}</script>`
      : '';
  return `<!doctype html>
<html lang="${tag}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<meta name="description" content="${escapeHtml(input.description)}">
<link rel="canonical" href="${escapeHtml(input.canonical)}">${input.noindex ? '\n<meta name="robots" content="noindex">' : ''}${input.links ?? ''}
<link rel="icon" href="data:,">
<style>${STYLES}</style>${jsonLd}
</head>
<body>
${input.body}
</body>
</html>
`;
}

/** The first `max` characters of `text` at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
