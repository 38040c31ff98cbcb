/**
 * End to end (issue 39): `GET /t/{slug}/widget.html` (docs/api.md §10.17, docs/widget.md
 * "Server-rendered pages") opened in Debian's Chromium with JavaScript off, as a visitor or a
 * crawler without it sees a site builder's page: the first card is right under the element's top,
 * in the cards and in the compact layout, at a phone's width and a desktop's. The room the filter
 * bar and the view switch keep for the script (so no card moves when it arrives) is kept only
 * where scripts run: with JavaScript on it is there from the start.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDemoInChromium } from '../support/demo-in-chromium.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const e2e = useDemoInChromium(NOW);

/**
 * How far below the top of the page's `<venue-events>` its first card starts (px), and how tall
 * that card is.
 */
const firstCard = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('venue-events')!;
    const card = el.shadowRoot!.querySelector('[part="card"]')!.getBoundingClientRect();
    return { band: card.top - el.getBoundingClientRect().top, height: card.height };
  });

describe('widget.html without JavaScript', () => {
  for (const width of [390, 1280])
    for (const query of ['', '?layout=compact'])
      it(`shows its first card right under the element's top, no empty band (${width} px${query && ', compact'})`, async () => {
        const url = `${e2e.demo.origin}/t/blue-room/widget.html${query}`;
        const viewport = { width, height: 900 };
        const off = await e2e.browser.newContext({ javaScriptEnabled: false, viewport });
        const page = await off.newPage();
        await page.goto(url);
        expect(await page.locator('venue-events [part="card"]').count()).toBe(12);
        const { band, height } = await firstCard(page);
        expect(band, 'the band above the first card (px)').toBeLessThan(40);
        expect(band).toBe(0);
        if (query) expect(height, 'compact: a line or two, not a card').toBeLessThan(140);
        else expect(height).toBeGreaterThan(140);
        await off.close();

        // With JavaScript on, the room is kept for the script that fills it (no card moves then).
        const on = await e2e.browser.newContext({ viewport });
        const scripted = await on.newPage();
        await scripted.goto(url);
        expect((await firstCard(scripted)).band, 'the room kept').toBeGreaterThanOrEqual(40);
        await on.close();
      });
});
