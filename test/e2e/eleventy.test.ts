/**
 * examples/eleventy: an Eleventy 3 site that includes the server-drawn element at build time
 * (`GET /t/{slug}/widget.html`, docs/widget.md "Server-rendered pages"), built against the real
 * demo server and opened in Chromium with JavaScript off (the cards are in the HTML) and on (the
 * element takes them over with no request for the list).
 */
import Eleventy from '@11ty/eleventy';
import express from 'express';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useDemoInChromium } from '../support/demo-in-chromium.js';
import { scratchDir } from '../support/scratch.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const site = scratchDir('ve-eleventy-');
// The built site is served beside the app, at /site/ (the build runs once the server is up).
const e2e = useDemoInChromium(NOW, async () => {
  const router = express.Router();
  router.use('/site', express.static(site));
  return router;
});

/** Builds the example against the demo server (the config reads these two; put back after). */
async function build(): Promise<void> {
  vi.stubEnv('VENUE_EVENTS_ORIGIN', e2e.demo.origin);
  vi.stubEnv('VENUE_EVENTS_VENUE', 'blue-room');
  const eleventy = new Eleventy('examples/eleventy', site, {
    configPath: 'examples/eleventy/eleventy.config.js',
    quietMode: true,
  });
  await eleventy.write();
}

afterAll(() => vi.unstubAllEnvs());

describe('examples/eleventy (Eleventy 3, the element included at build time)', () => {
  it('shows the cards with JavaScript off, and with it on the element keeps them without a list request', async () => {
    await build();
    const url = `${e2e.demo.origin}/site/`;

    const off = await e2e.browser.newContext({ javaScriptEnabled: false });
    const still = await off.newPage();
    await still.goto(url);
    // Playwright's CSS locators pierce open shadow roots, declarative ones too.
    expect(await still.locator('venue-events [part="card"]').count()).toBe(12);
    expect(await still.locator('venue-events [part="buy-button"]').first().isVisible()).toBe(true);
    await off.close();

    const page = await e2e.browser.newPage();
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/events')) lists.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.evaluate(async () => {
      await customElements.whenDefined('venue-events');
      const el = document.querySelector('venue-events') as unknown as {
        updateComplete: Promise<unknown>;
        shadowRoot: ShadowRoot;
      };
      await el.updateComplete;
    });
    expect(await page.locator('venue-events [part="card"]').count()).toBe(12);
    expect(await page.locator('venue-events style').count(), 'the drawn root was taken over').toBe(
      0,
    );
    expect(lists).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
