/**
 * The views WCAG 2.2 is checked on end to end (docs/accessibility.md), each opened in a fresh
 * page of the demo server's Chromium (test/support/demo-in-chromium.ts): the widget's list,
 * compact layout, month grid with a day chosen, filter bar unfolded, saved nights, single event,
 * buy control and the script's first paint, on the demo page; `widget.html`; the server's listing,
 * month, past and event pages; the embed builder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { settled, type DemoInChromium } from './demo-in-chromium.js';

/** What a view is opened as: its URL path, or widget markup put on the demo page, and steps. */
interface View {
  /** A path on the demo server; `{locale}` is replaced (the pages' `?locale=`). */
  path?: string;
  /** The demo page's widget replaced by this markup; `{locale}` is replaced. */
  markup?: string;
  /** The widget's chunks never answer: what the script draws before them (its first paint). */
  firstPaint?: boolean;
  /** What a visitor does before the view shows (clicks on the widget's parts). */
  steps?: (page: Page) => Promise<void>;
  /** Checked in English only (the embed builder speaks English). */
  englishOnly?: boolean;
  /** A page holding a live `<venue-events>` (the embed builder's preview): waited for. */
  live?: boolean;
}

/** The demo's event with a buy link, a closing time, access provisions and an image. */
const EVENT_ID = '102';
/**
 * The widget's chunks after the first paint: its pinned files but the script itself and the
 * languages' words (`ar-….js`), which the first paint waits for.
 */
const CHUNK =
  /\/widget\/v[\d.]+\/(?!venue-events\.js$)(?![a-z]{2}(?:-[A-Z]{2})?-[\w-]+\.js$)[^/?]+\.js$/;
/** A part of the widget, through its shadow roots (Playwright's CSS pierces them). */
const part = (page: Page, name: string) => page.locator(`[part~="${name}"]`).first();

/** Unfolds the filter bar where a phone's width folds it (`part="filters-toggle"`). */
async function unfoldFilters(page: Page): Promise<void> {
  const toggle = part(page, 'filters-toggle');
  if (await toggle.isVisible()) {
    await toggle.click();
    await part(page, 'category-filter').waitFor();
  }
}

export const VIEWS = {
  list: { markup: '<venue-events venue="blue-room" locale="{locale}"></venue-events>' },
  filters: {
    markup: '<venue-events venue="blue-room" locale="{locale}"></venue-events>',
    steps: unfoldFilters,
  },
  compact: {
    markup: '<venue-events venue="blue-room" locale="{locale}" layout="compact"></venue-events>',
  },
  calendar: {
    markup: '<venue-events venue="blue-room" locale="{locale}" view="calendar"></venue-events>',
    async steps(page) {
      await page.locator('td[data-date="2026-12-08"]').click();
      await page.locator('[part~="day-events"] [part~="card"]').first().waitFor();
    },
  },
  saved: {
    markup: '<venue-events venue="blue-room" locale="{locale}"></venue-events>',
    async steps(page) {
      await part(page, 'save').click();
      await unfoldFilters(page);
      await part(page, 'saved-filter').click();
      await page.waitForFunction(
        () =>
          document.querySelector('venue-events')!.shadowRoot!.querySelectorAll('[part~="card"]')
            .length === 1,
      );
    },
  },
  event: {
    markup: `<venue-event venue="blue-room" event-id="${EVENT_ID}" locale="{locale}"></venue-event>`,
  },
  buy: {
    markup: `<venue-buy-button venue="blue-room" event-id="${EVENT_ID}" locale="{locale}"></venue-buy-button>`,
  },
  // In English: another language's first paint waits for chunks this view holds back.
  // `widget.html` draws the same nodes in every language.
  'first-paint': {
    markup: '<venue-events venue="blue-room" locale="{locale}"></venue-events>',
    firstPaint: true,
    englishOnly: true,
  },
  'widget.html': { path: '/t/blue-room/widget.html?locale={locale}' },
  listing: { path: '/t/blue-room/events?locale={locale}' },
  month: { path: '/t/blue-room/events?view=calendar&month=2026-12&locale={locale}' },
  past: { path: '/t/blue-room/events/past?locale={locale}' },
  'event-page': { path: '/t/blue-room/events/late-night-jazz?locale={locale}' },
  embed: { path: '/embed?venue=blue-room', englishOnly: true, live: true },
} satisfies Record<string, View>;

export type ViewName = keyof typeof VIEWS;

/** The views checked in a language: the embed builder and the first paint in English only. */
export const viewsIn = (locale: string): ViewName[] =>
  (Object.keys(VIEWS) as ViewName[]).filter(
    (name) => locale === 'en' || !(VIEWS[name] as View).englishOnly,
  );

/**
 * Waits until the page's widget element (`<venue-events>`, `<venue-event>` or
 * `<venue-buy-button>`) drew its parts and nothing more loads (`settled` for the list; the
 * others have no `<venue-events>` to wait for).
 */
async function drawn(page: Page): Promise<void> {
  if (await page.locator('venue-events').count()) return settled(page, '[part]');
  await page.locator('[part~="title"], [part~="buy-button"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const el = document.querySelector('venue-event, venue-buy-button');
    await customElements.whenDefined(el!.localName);
    await (el as Element & { updateComplete: Promise<unknown> }).updateComplete;
    await document.fonts.ready;
  });
}

/** The demo page's widget, as the demo serves it. */
const DEMO_WIDGET = /<venue-events venue="blue-room">[\s\S]*?<\/venue-events>/;

/**
 * A new page `width` × `height` CSS px (default 1280 × 800) with the clock frozen at `now`,
 * showing view `name` in `locale` once it settled (`settled`: every element drawn, nothing
 * loading). `reducedMotion` sets `prefers-reduced-motion: reduce`.
 */
export async function openView(
  e2e: DemoInChromium,
  now: Date,
  name: ViewName,
  options: { locale: string; width?: number; height?: number; reducedMotion?: boolean },
): Promise<Page> {
  const view: View = VIEWS[name];
  const { locale, width = 1280, height = 800 } = options;
  const page = await e2e.browser.newPage({
    viewport: { width, height },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  await page.clock.setFixedTime(now);
  if (view.firstPaint) await page.route(CHUNK, () => undefined);
  if (view.markup) {
    const markup = view.markup.replace('{locale}', locale);
    await page.route(e2e.url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(DEMO_WIDGET, markup) });
    });
    // The first paint's page never loads: its chunks are held.
    await page.goto(e2e.url, { waitUntil: view.firstPaint ? 'domcontentloaded' : 'load' });
    if (view.firstPaint) await page.locator('[part~="card"]').first().waitFor();
    else await drawn(page);
  } else {
    await page.goto(`${e2e.demo.origin}${view.path!.replace('{locale}', locale)}`);
    await page.waitForLoadState('networkidle');
    if (view.live) await settled(page, '[part~="card"]');
  }
  await view.steps?.(page);
  if (view.steps) await drawn(page);
  return page;
}

/** Left out of the tree snapshots: the list's tree holds the filter bar's, `widget.html`'s the first paint's. */
const SAME_TREE: readonly ViewName[] = ['filters', 'first-paint'];
/** The languages whose trees are kept: a left-to-right one and a right-to-left one. */
const TREE_LOCALES: readonly string[] = ['en', 'ar'];
const TREES = 'test/fixtures/aria';

/**
 * WCAG 4.1.2 and 4.1.3: the ARIA snapshot of `view` on `page` (at 1280 × 800 px; of the widget's
 * element on the demo page, else of the page's body), the server's origin and host (`webcal://`)
 * and the script's integrity hash (which every build changes) written as placeholders, compared
 * with the reviewed one in `test/fixtures/aria/{view}.{locale}.yml`: the difference, or nothing.
 * With `UPDATE_ARIA_SNAPSHOTS=1` it writes the file instead. Views of `SAME_TREE` and languages
 * other than English and Arabic have none.
 */
export async function treeProblems(
  e2e: DemoInChromium,
  page: Page,
  view: ViewName,
  locale: string,
): Promise<string[]> {
  if (SAME_TREE.includes(view) || !TREE_LOCALES.includes(locale)) return [];
  const element = page.locator('main > venue-events, main > venue-event, main > venue-buy-button');
  const target = (await element.count()) ? element : page.locator('body');
  const tree = `${(await target.ariaSnapshot())
    .replaceAll(e2e.demo.origin, '{origin}')
    .replaceAll(new URL(e2e.demo.origin).host, '{host}')
    .replace(/sha384-[A-Za-z0-9+/=]+/g, 'sha384-{integrity}')}\n`;
  const file = `${TREES}/${view}.${locale}.yml`;
  if (process.env.UPDATE_ARIA_SNAPSHOTS === '1') {
    mkdirSync(TREES, { recursive: true });
    writeFileSync(file, tree);
    return [];
  }
  return tree === readFileSync(file, 'utf8')
    ? []
    : [`4.1.2/4.1.3: the accessibility tree is not ${file}'s:\n${tree}`];
}
