/**
 * End to end: the demo page as a visitor sees it, in Debian's Chromium driven by playwright-core,
 * served by the real app (demo venue, frozen clock): its own font stack, a snippet that wraps,
 * axe-core in both colour schemes. Saves its screenshots to the ignored
 * test-results/screenshots/; `node scripts/update-screenshots.mjs` (UPDATE_SCREENSHOTS=1) writes
 * the tracked docs/screenshots/demo-{390,1280}.png instead.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { listShown, useDemoInChromium } from '../support/demo-in-chromium.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const e2e = useDemoInChromium(NOW);

describe('demo page', () => {
  it.each([390, 1280])(
    'renders the demo venue at %i px wide under its strict CSP; screenshot saved',
    async (width) => {
      const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(e2e.url);
      await listShown(page);
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
