/**
 * The demo page as a venue's site would paste it: the pinned script loads in Chromium
 * with its integrity hash, the preloaded chunk and first page are used, not fetched twice.
 */
import { describe, expect, it } from 'vitest';
import { listShown, useDemoInChromium } from '../support/demo-in-chromium.js';
import { DEFAULT_WIDGET_DIR } from '../../server/lib/files.js';
import { readWidgetManifest } from '../../server/web/widget-router.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const e2e = useDemoInChromium(NOW);

describe('the pinned snippet in Chromium', () => {
  it('loads with integrity; the preloaded chunk and first page are each fetched once', async () => {
    const manifest = readWidgetManifest(DEFAULT_WIDGET_DIR)!;
    const page = await e2e.browser.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname + new URL(r.url()).search));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(e2e.url);
    const cards = page.locator('venue-events [part~="card"]');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(12);
    await listShown(page); // the element took the first paint's page over, not fetched it again
    expect(requested).toContain(manifest.path);
    const count = (path: string) => requested.filter((p) => p === path).length;
    expect(count('/t/blue-room/api/events?page=1')).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a script whose bytes do not match its integrity hash does not run', async () => {
    const page = await e2e.browser.newPage();
    await page.route(/\/widget\/v[\d.]+\/venue-events\.js$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n// tampered` });
    });
    // A script element's error event (captured on the window: it does not bubble) is the browser's
    // refusal; a refused script never runs later.
    await page.addInitScript(() =>
      addEventListener(
        'error',
        (e) => {
          if (e.target instanceof HTMLScriptElement)
            (window as { refused?: string }).refused = e.target.src;
        },
        true,
      ),
    );
    await page.goto(e2e.url);
    const refused = await page.waitForFunction(() => (window as { refused?: string }).refused);
    expect(await refused.jsonValue()).toMatch(/\/widget\/v[\d.]+\/venue-events\.js$/);
    expect(await page.evaluate(() => customElements.get('venue-events') === undefined)).toBe(true);
    // The fallback content stays: a link to the listing page.
    expect(await page.locator('venue-events > a').getAttribute('href')).toBe('/t/blue-room/events');
    await page.close();
  });
});
