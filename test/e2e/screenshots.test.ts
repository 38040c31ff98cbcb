/**
 * End to end: the demo page as a visitor sees it, in Debian's Chromium driven by playwright-core,
 * served by the real app (demo venue, frozen clock): the element draws, pixel for pixel, what the
 * script's first paint drew before it (screenshots compared), its own font stack, a snippet that
 * wraps, axe-core in both colour schemes. Saves its screenshots to the ignored
 * test-results/screenshots/; `node scripts/update-screenshots.mjs` (UPDATE_SCREENSHOTS=1) writes
 * the tracked docs/screenshots/demo-{390,1280}.png instead.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listShown, useDemoInChromium } from '../support/demo-in-chromium.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const e2e = useDemoInChromium(NOW);

/** The widget's chunks (Lit, the elements…): all its pinned files but the script itself. */
const CHUNK = /\/widget\/v[\d.]+\/(?!venue-events\.js$)[^/?]+\.js$/;
/** What the element adds to the first paint's cards, in places the first paint keeps for them. */
const ADDED = '[part~="filters"], [part~="view-switch"], [part~="save"], [part~="pagination"]';

/**
 * The viewport once the widget's images in it are decoded, what the element adds (`ADDED`)
 * hidden: it keeps its place, so a moved or restyled card still shows.
 */
async function widgetShot(page: Page): Promise<Buffer> {
  await page.evaluate(async (added) => {
    const root = document.querySelector('venue-events')!.shadowRoot!;
    for (const el of root.querySelectorAll<HTMLElement>(added)) el.style.visibility = 'hidden';
    const images = [...root.querySelectorAll('img')];
    const shown = images.filter((img) => img.getBoundingClientRect().top < innerHeight);
    await Promise.all(shown.map((img) => img.decode().catch(() => undefined)));
    await document.fonts.ready;
  }, ADDED);
  return page.screenshot();
}

/**
 * How many pixels of two same-sized PNGs differ by more than anti-aliasing (a channel by more
 * than 24 of 255), decoded by Chromium in a blank page; -1 when their sizes differ.
 */
async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  const page = await e2e.browser.newPage();
  try {
    return await page.evaluate(
      async (pngs) => {
        const data: Uint8ClampedArray[] = [];
        const sizes = new Set<string>();
        for (const png of pngs) {
          const img = new Image();
          img.src = `data:image/png;base64,${png}`;
          await img.decode();
          const canvas = new OffscreenCanvas(img.width, img.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(img, 0, 0);
          data.push(context.getImageData(0, 0, img.width, img.height).data);
          sizes.add(`${img.width}x${img.height}`);
        }
        if (sizes.size !== 1) return -1;
        const [x, y] = data as [Uint8ClampedArray, Uint8ClampedArray];
        let count = 0;
        for (let i = 0; i < x.length; i += 4) {
          const delta = Math.max(
            Math.abs(x[i]! - y[i]!),
            Math.abs(x[i + 1]! - y[i + 1]!),
            Math.abs(x[i + 2]! - y[i + 2]!),
          );
          if (delta > 24) count++;
        }
        return count;
      },
      [a.toString('base64'), b.toString('base64')],
    );
  } finally {
    await page.close();
  }
}

describe('demo page', () => {
  it.each([390, 1280])(
    'renders the demo venue at %i px wide under its strict CSP, as its first paint drew it; screenshot saved',
    async (width) => {
      const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      // The chunks held back until the script's first paint is taken: then the element's.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(CHUNK, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(e2e.url, { waitUntil: 'domcontentloaded' });
      await page.locator('venue-events article[part="card"]').first().waitFor();
      expect(
        await page.evaluate(() => customElements.get('venue-events')),
        'the first paint, not the element',
      ).toBeUndefined();
      const firstPaint = await widgetShot(page);
      release();
      await listShown(page); // the element took the cards over
      await page.evaluate(() => document.fonts.ready);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('venue-events article[part="card"]').count()).toBe(12);
      expect(await page.locator('venue-events [part="buy-button"]').first().textContent()).toBe(
        'Buy tickets',
      );
      const cardWidth = await page
        .locator('venue-events article[part="card"]')
        .first()
        .evaluate((e) => e.getBoundingClientRect().width);
      expect(cardWidth).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({
        path: `${SCREENSHOTS}/demo-${width}.png`,
        fullPage: width === 390 ? false : true,
      });
      // The element draws what the first paint drew: beyond anti-aliasing (text the two write in
      // other runs), at most 0.05 % of the pixels; a card moved by 1 px differs in thousands.
      const differing = await differingPixels(firstPaint, await widgetShot(page));
      expect(differing).toBeGreaterThanOrEqual(0);
      expect(differing).toBeLessThanOrEqual(width * 900 * 0.0005);
      await page.close();
    },
  );

  it.each([1280, 375])(
    'at %i px is set in its own sans-serif stack, which the widget takes, and wraps the snippet',
    async (width) => {
      const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(e2e.url);
      const card = page.locator('venue-events article[part="card"]').first();
      await listShown(page);
      const body = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      // Not the browser's default serif (nor the Georgia the page once had).
      expect(body).toMatch(/^system-ui, /);
      expect(body).toMatch(/, sans-serif$/);
      expect(await card.evaluate((e) => getComputedStyle(e).fontFamily)).toBe(body);
      // The integrity hash is one long word: the snippet wraps rather than scrolls sideways.
      const pre = await page.locator('pre').evaluate((e) => ({
        scroll: e.scrollWidth,
        client: e.clientWidth,
        wrap: getComputedStyle(e).whiteSpace,
      }));
      expect(pre.wrap).toBe('pre-wrap');
      expect(pre.scroll).toBeLessThanOrEqual(pre.client);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
      ).toBe(false);
      await page.close();
    },
  );

  it('has no axe-core violations (contrast included) in either colour scheme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.browser.newPage({ colorScheme });
      await page.goto(e2e.url);
      await listShown(page);
      // evaluate() runs outside the page's CSP, as a browser extension would.
      await page.evaluate(AXE);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: () => Promise<unknown> } }).axe;
        const result = (await axe.run()) as {
          violations: { id: string; nodes: { target: unknown }[] }[];
        };
        return result.violations.map(
          (v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`,
        );
      });
      expect({ colorScheme, violations }).toEqual({ colorScheme, violations: [] });
      await page.close();
    }
  });

  it('fits 280 px without horizontal scrolling', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 280, height: 800 } });
    await page.goto(e2e.url);
    await listShown(page);
    const overflow = await page.evaluate(() => {
      const host = document.querySelector('venue-events')!;
      const cards = [...host.shadowRoot!.querySelectorAll('article')];
      return cards.some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5);
    });
    expect(overflow).toBe(false);
    await page.close();
  });

  it("follows the visitor's dark colour scheme, as the demo page (color-scheme: light dark) does", async () => {
    const backgrounds: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.browser.newPage({ colorScheme });
      await page.goto(e2e.url);
      const card = page.locator('venue-events article[part="card"]').first();
      await listShown(page);
      backgrounds.push(await card.evaluate((e) => getComputedStyle(e).backgroundColor));
      await page.close();
    }
    expect(backgrounds).toEqual(['rgb(255, 255, 255)', 'rgb(23, 27, 34)']);
  });

  it('serves the widget script with an ETag and a five-minute cache (pinned copies are immutable)', async () => {
    const res = await fetch(`${e2e.url}widget/venue-events.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^(W\/)?"/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    // As a browser revalidates its cached copy (fetch() would add Cache-Control: no-cache).
    const status = await new Promise<number | undefined>((resolve) =>
      get(
        `${e2e.url}widget/venue-events.js`,
        {
          headers: {
            'If-None-Match': res.headers.get('etag')!,
            'Accept-Encoding': 'gzip', // the representation fetch() got (its ETag is per encoding)
          },
        },
        (r) => {
          r.resume();
          resolve(r.statusCode);
        },
      ),
    );
    expect(status).toBe(304);
  });
});
