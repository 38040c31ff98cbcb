import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../dist/widget/', import.meta.url);
/**
 * The budget of the initial script (the first paint: all a first card waits for), gzipped: 9 KiB
 * until issue 32, whose price, performers, end time and "Few tickets left" (docs/api.md §10.18)
 * the first cards draw too (+650 B, to 9,855 B; the README snippet's first card measured before
 * and after with `npm run bench:widget`, docs/widget.md "Size"). 9.5 KiB since room was made
 * rather than the budget raised (9,586 B; 9,638 B since the card's price is the server pages' own
 * rule, shared/rules/price-text.ts; 9,711 B since the first paint draws the compact layout, whose
 * styles came from the list's lazy parts): the filter bar's URLs and the English strings only the
 * elements show moved to the chunks that use them, the modules in the order that compresses best.
 * 9,856 B since issue 48's all-day dates (docs/api.md §10.22: the cards read `all_day` and
 * `end_date` and write the day or span with "All day", 9,727 → 9,831 B; the word itself is in the
 * language tables). 9,880 B since issue 51's sold out (docs/api.md §10.23: the first cards read
 * `sold_out` and `waitlist_url`, say "Sold out" and link "Join the waitlist", 9,810 → 9,877 B).
 * 9,984 B since issue 50's venue text in the widget's language (docs/api.md §10.24: the first
 * request asks `locale` for a language other than English, and the cards mark the venue's text
 * with the `lang` and `dir="auto"` the API's `language` gives: 68 B, to 9,979 B).
 * 10,048 B since issue 51's on sale later (docs/api.md §10.23: the first cards read `on_sale_at`,
 * say "On sale Sat 12 Dec, 10:00" and open at that instant, 9,978 → 10,045 B).
 * 10,084 B since a card marks only the venue's text in another language than its own (issue 50,
 * `otherLanguage`: text in the widget's language inherits its root's `lang`, so `widget.html`
 * asking in English draws what the first paint draws), 10,045 → 10,081 B.
 * 10,370 B since issue 51's ticket link parameters (docs/api.md §10.19: the first cards' ticket and
 * waiting list links carry the venue's `meta.ticket_link_params` or the embed's
 * `ticket-link-params`, placeholders filled and encoded, the link's own parameters kept: the
 * shared rule `withLinkParams` and its reading, 10,081 → 10,367 B, +286 B; no equal saving was found).
 * 10,380 B since a buy button embedded alone takes the venue's parameters from its single-event
 * response's `meta` (`readSingle`), +10 B.
 * 10,428 B since the first cards write when sales open on the venue's clock (docs/api.md §10.23
 * `on_sale_local`, read and formatted as a wall clock), +48 B, 10,380 → 10,428 B.
 * 10,536 B since a text a translation leaves out is marked with the venue's own language (docs/api.md
 * §10.24 `untranslated` and `languages`, read, and each text's `lang` by them: WCAG 3.1.2),
 * +108 B, 10,428 → 10,536 B.
 * 10,550 B since a card names its image by the venue's text alternative (docs/api.md §10.26
 * `image_alt`, WCAG 1.1.1), +14 B. 10,546 B since the cards and the pages take a text's language
 * from one shared rule (`textLanguageOf`), −4 B. 10,386 B since the script's own code was written
 * for fewer bytes (no behaviour changed: wire problems named alike, fetch's defaults left
 * unsaid, the cards' markup and facts written more alike, the language loader's module moved),
 * −160 B; with the stylesheets said in less (the palette's colours written into the host sheet as
 * text, declarations merged and in the order that gzips smallest; the computed styles compared
 * before and after, unchanged), −168 B; and Vite's preload helper gone from the chunks that
 * imported it, −9 B. 10,234 B, under 10 KiB again, with a stop's place marked by its own
 * translation and the venue's text in the element's language left to its root's `lang`
 * (docs/api.md §10.24, WCAG 3.1.2: +33 B) and an office not understood kept without its message
 * (+4 B), 10,546 → 10,234 B in all. 10,232 B since the card and the buy control are each drawn
 * from one template (docs/decisions.md "One template per view": the elements draw `markup.ts`'s
 * `card` and `buyControl` too; the full description it now writes is paid by the exports the
 * elements no longer read), −2 B; budget 10,234 B.
 * The goal is 9 KiB again.
 */
const BUDGET_BYTES = 10_234;
/**
 * The budget of the elements that take over after the first paint, Lit included, gzipped: 11,392 B
 * until issue 42, whose card parts (docs/api.md §10.20: "Postponed", "Rescheduled (was …)",
 * doors, age limits) and past events view (`views` with `past`) the element draws (about +360 B),
 * and which made room in the initial script for the first cards' own parts by moving here what
 * only the elements run (taking a handed request or a server-drawn page, `take-page.ts`; the
 * empty and error states' styles, `list-states.styles.ts`; the not-found check: about +270 B).
 * 12,189 B since issue 51's ticket link parameters (`ticket-link-params` on `<venue-events>`,
 * `<venue-event>`, `<venue-calendar>` and `<venue-buy-button>`, the buy control's links and
 * `venue-events-buy`'s `url` with them, the month view's day cards too: +95 B, 12,092 → 12,187 B;
 * 12,189 B with the card menu's Directions and Remind me of the same issue). 12,204 B since
 * `<venue-event>` and `<venue-buy-button>` by `event-id` take the venue's parameters from the
 * single-event response (+15 B). 12,280 B since the card marks each text a translation leaves
 * out with the venue's own language (docs/api.md §10.24 `untranslated`), +76 B. 12,291 B since it
 * names its image by the venue's `image_alt` (docs/api.md §10.26), +11 B. 12,279 B since the
 * initial script's modules were reordered (the language loader before the API client), −12 B.
 * 12,275 B with a stop's place marked by its own translation (+14 B) and the preload helper
 * unwrapped where the elements import it (−23 B). 11,620 B since the elements draw the card and the
 * buy control with the first paint's templates (`markup.ts`, docs/decisions.md "One template per
 * view") instead of Lit templates of their own: −705 B for the card, +50 B for the buy control
 * (the code that keeps its markup while its countdown runs outweighs its template), −655 B.
 * 11,573 B since the card's actions row keeps `card`'s own calendar link and share button instead
 * of drawing them again, −47 B. 11,687 B since `<venue-events>` draws the list's frame (shell,
 * skeleton, list of cards) from `markup.ts` too and fills its places (`drawn-into.ts`), keeping its
 * filter bar when the skeleton's frame gives way to the list's: +114 B.
 */
const ELEMENTS_BUDGET_BYTES = 11_687;
const gzipped = (name: string) => gzipSync(readFileSync(new URL(name, DIR)), { level: 9 }).length;
/** The file of the chunk whose name starts with `prefix`. */
const chunk = (prefix: string) => {
  const name = readdirSync(DIR).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  expect(name, `${prefix}*.js`).toBeDefined();
  return name!;
};

describe('widget build (npm run build)', () => {
  it('exists', () => {
    expect(existsSync(new URL('venue-events.js', DIR)), 'run npm run build first').toBe(true);
  });

  it(`initial script ≤ ${BUDGET_BYTES} bytes gzipped, minified, without Lit (the first paint draws the first cards)`, () => {
    const code = readFileSync(new URL('venue-events.js', DIR));
    console.log(
      `dist/widget/venue-events.js: ${code.length} B, ${gzipped('venue-events.js')} B gzipped`,
    );
    expect(gzipped('venue-events.js')).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(code.toString()).not.toMatch(/litHtmlVersions|reactiveElementVersions/);
    expect(code.toString()).not.toMatch(/^\s*\/\/ node_modules/m); // minified, not library-mode output
  });

  it(`the elements and Lit, loaded after the first paint, ≤ ${ELEMENTS_BUDGET_BYTES} bytes gzipped, Lit in production mode`, () => {
    const [elements, lit] = [chunk('elements-'), chunk('lit-')];
    const total = gzipped(elements) + gzipped(lit);
    console.log(`dist/widget/${elements} + ${lit}: ${total} B gzipped`);
    expect(total).toBeLessThanOrEqual(ELEMENTS_BUDGET_BYTES);
    expect(readFileSync(new URL(lit, DIR), 'utf8')).toContain('litHtmlVersions');
    expect(readFileSync(new URL(lit, DIR), 'utf8')).not.toContain('Lit is in dev mode');
    // Both asked for at once by the script, not one after the other.
    const entry = readFileSync(new URL('venue-events.js', DIR), 'utf8');
    expect(entry).toContain(`import(\`./${lit}\`)`);
    expect(entry).toContain(`import(\`./${elements}\`)`);
  });

  it('DOMPurify is a separate, lazily imported chunk', () => {
    const chunks = readdirSync(DIR).filter((f) => f.endsWith('.js') && f !== 'venue-events.js');
    const purify = chunks.filter((f) =>
      readFileSync(new URL(f, DIR), 'utf8').includes('DOMPurify'),
    );
    expect(purify).toHaveLength(1);
    // Only a full description needs it: the single-event element's chunk imports it when it must.
    const single = chunks.find((f) => f.startsWith('venue-event-'))!;
    expect(readFileSync(new URL(single, DIR), 'utf8')).toMatch(
      new RegExp(`import\\(.\\./${purify[0]!.replace(/[.$]/g, '\\$&')}.\\)`),
    );
    const entry = readFileSync(new URL('venue-events.js', DIR), 'utf8');
    expect(entry).not.toContain('DOMPurify');
  });

  it('the initial script is one file: it imports no other chunk statically, only with import()', () => {
    const entry = readFileSync(new URL('venue-events.js', DIR), 'utf8');
    // A module the entry shares with a lazy chunk must stay in the entry, or the entry would
    // need a second file before anything shows (vite.config.ts `preserveEntrySignatures`).
    expect(entry).not.toMatch(/\bimport\s*[{*\w][^;()]*?\bfrom\s*["'`]/);
    expect(entry).not.toMatch(/\bimport\s*["'`]\.\//);
  });

  it('structured data and sharing are a separate, lazily imported chunk', () => {
    const chunks = readdirSync(DIR).filter((f) => f.endsWith('.js'));
    const reach = chunks.filter((f) => f.startsWith('reach-'));
    expect(reach).toHaveLength(1);
    expect(readFileSync(new URL(reach[0]!, DIR), 'utf8')).toContain('https://schema.org');
    const elements = readFileSync(new URL(chunk('elements-'), DIR), 'utf8');
    expect(elements).toMatch(new RegExp(`import\\(.\\./${reach[0]!.replace(/[.$]/g, '\\$&')}.\\)`));
    expect(readFileSync(new URL('venue-events.js', DIR), 'utf8')).not.toContain('schema.org');
  });

  it('the chunks loaded after the first cards stay small: structured data, the single-event element, saved nights, strings in every language', () => {
    const chunks = readdirSync(DIR).filter((f) => f.endsWith('.js'));
    // The chunk named `prefix` and its hash alone (`pt-` is not `pt-BR-`).
    const gz = (prefix: string) => {
      const name = chunks.find((f) => new RegExp(`^${prefix}[\\w-]{8}\\.js$`).test(f));
      expect(name, `${prefix}*.js`).toBeDefined();
      const size = gzipSync(readFileSync(new URL(name!, DIR)), { level: 9 }).length;
      console.log(`dist/widget/${name}: ${size} B gzipped`);
      return size;
    };
    expect(gz('venue-event-')).toBeLessThanOrEqual(1.5 * 1024);
    // 2.5 KiB until issue 32's JSON-LD (endDate, performer, offers, availability: +115 B); 2.75
    // KiB until issue 42's (eventStatus postponed/rescheduled, previousStartDate, doorTime,
    // typicalAgeRange, per stop: +153 B); 2.875 KiB until issue 48's all-day dates (date-only
    // startDate/endDate: +85 B). Loaded after the first cards, never before them.
    expect(gz('reach-')).toBeLessThanOrEqual(3 * 1024);
    expect(gz('saved-')).toBeLessThanOrEqual(1.5 * 1024);
    // The list's strings, the filter bar's and the access vocabulary's; 1.25 KiB until issue 42,
    // whose words the first cards draw ("Reporté", "Ouverture des portes 19:00", the age limit's;
    // the past events' come with the list's controls, `i18n/past.ts`); 1.3125 KiB until issue 51,
    // whose sold-out cards say "Complet" and "Rejoindre la liste d’attente" (fr 1,332 → 1,368 B);
    // 1.375 KiB until issue 51's card menu says "Me le rappeler" and "Itinéraire" (docs/api.md
    // §10.23, §10.25: fr 1,381 → 1,413 B; the menu itself is lazy, English's words with it).
    expect(gz('de-')).toBeLessThanOrEqual(1.4375 * 1024);
    expect(gz('fr-')).toBeLessThanOrEqual(1.4375 * 1024);
    // Issue 43's languages: each its own chunk, with its past events' and calendar's strings too
    // (German's and French's are in the list's controls' and the calendar's chunks), so a little
    // larger than de/fr; Arabic and Hebrew take two bytes a letter. The table that loads every
    // language, English's excepted, is a chunk of its own (`i18n/more.ts`), not in the entry.
    // 1.6875 and 1.875 KiB until issue 51's two sold-out words (+33 to +47 B: cs 1,703 → 1,742 B,
    // ar 1,895 → 1,940 B).
    for (const lang of ['es-', 'it-', 'nl-', 'pt-', 'pt-BR-', 'pl-', 'sv-', 'da-', 'cs-'])
      expect(gz(lang)).toBeLessThanOrEqual(1.75 * 1024);
    // 1.9375 KiB for ar and he until issue 51's card menu words, "Remind me" and "Directions"
    // (+21 to +35 B in every language: ar 1,958 → 1,987 B).
    for (const lang of ['ar-', 'he-']) expect(gz(lang)).toBeLessThanOrEqual(2 * 1024);
    expect(gz('more-')).toBeLessThanOrEqual(0.375 * 1024);
  });

  it('no eval or Function constructor in any script of the build, lazy chunks included (strict CSP)', () => {
    const scripts = readdirSync(DIR, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.m?js$/.test(f),
    );
    // The entry and its lazy chunks: a glob gone wrong must not pass by checking nothing.
    expect(scripts).toContain('venue-events.js');
    expect(scripts).toContain(chunk('lit-'));
    // `Function(` catches `new Function(` and the constructor called without `new`.
    const evaluating = scripts.filter((f) =>
      /\beval\s*\(|\bFunction\s*\(/.test(readFileSync(new URL(f, DIR), 'utf8')),
    );
    expect(evaluating).toEqual([]);
  });
});
