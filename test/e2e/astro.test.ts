/**
 * examples/astro: an Astro 5 site rendered on the server (`output: 'server'`, @astrojs/node
 * standalone) as docs/widget.md "Server-rendered pages" has it, built with `astro build` and run
 * from its Node entry, beside the real events server (the demo venue). The events server is down
 * for the build and the first request (the page still answers 200, with the link to the listing),
 * then up: in Chromium the cards are there without JavaScript, and with it the element takes them
 * over with no list request, after a full load and after view-transition navigations.
 */
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startDemoServer, type DemoServer } from '../support/browser.js';
import {
  freePort,
  removeScratch,
  runNode,
  scratchWithModules,
  serveNode,
  takenOverCards,
  watchPage,
  type AppProcess,
} from '../support/framework-app.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const ASTRO = resolve('node_modules/astro/astro.js');
const ENV = { ASTRO_TELEMETRY_DISABLED: '1', VENUE_EVENTS_VENUE: 'blue-room' };

let eventsPort: number;
let events: string;
let scratch: string;
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  eventsPort = await freePort();
  events = `http://127.0.0.1:${eventsPort}`;
  // The build's server code imports astro's runtime: its folder sees the repository's modules.
  scratch = scratchWithModules('astro');
  const env = { ...ENV, VENUE_EVENTS_ORIGIN: events };
  // Nothing listens on the events server's port yet: the build must not need it.
  await runNode({
    args: [ASTRO, 'build', '--root', 'examples/astro', '--outDir', join(scratch, 'dist')],
    cwd: process.cwd(),
    env,
  });
  const port = await freePort();
  app = await serveNode(
    {
      args: [join(scratch, 'dist/server/entry.mjs')],
      cwd: scratch,
      env: { ...env, HOST: '127.0.0.1', PORT: `${port}` },
    },
    port,
  );
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (scratch) removeScratch(scratch);
});

describe('examples/astro (Astro 5, server output, view transitions)', () => {
  it('builds with the events server down, and the events page answers 200 with the link to the listing', async () => {
    const res = await fetch(`${app.origin}/events`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<a href="${events}/t/blue-room/events">See what's on</a>`);
    expect(html).not.toContain('<venue-events');
  });

  describe('with the events server up', () => {
    let demo: DemoServer;
    beforeAll(async () => {
      demo = await startDemoServer(NOW, undefined, eventsPort);
    });
    afterAll(() => demo?.close());

    it('shows the 12 cards with JavaScript off', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const res = await page.goto(`${app.origin}/events`);
      expect(res?.status()).toBe(200);
      expect(await page.locator('venue-events [part="card"]').count()).toBe(12);
      expect(await page.locator('venue-events [part="buy-button"]').first().isVisible()).toBe(true);
      await context.close();
    });

    it('with JavaScript on, the element takes the cards over: no list request, the script downloaded once, no error', async () => {
      const page = await browser.newPage();
      const watch = watchPage(page);
      await page.goto(`${app.origin}/events`);
      expect(await takenOverCards(page)).toEqual({ cards: 12, ownRoot: true });
      expect(watch.lists).toEqual([]);
      expect(watch.scripts).toEqual([`${events}/widget/venue-events.js`]);
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it('a view-transition navigation from the home page brings the cards, taken over with no list request; so do warm navigations back and forth', async () => {
      const page = await browser.newPage();
      const watch = watchPage(page);
      await page.goto(`${app.origin}/`);
      await page.evaluate(() => customElements.whenDefined('venue-events'));
      // A mark on the window: a full page load would lose it, the router's navigation keeps it.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      await page.getByRole('link', { name: "What's on", exact: true }).click();
      await page.waitForURL(`${app.origin}/events`);
      expect(await takenOverCards(page)).toEqual({ cards: 12, ownRoot: true });
      for (let turn = 0; turn < 2; turn++) {
        await page.getByRole('link', { name: 'Home', exact: true }).click();
        await page.waitForURL(`${app.origin}/`);
        await page.getByRole('link', { name: "What's on", exact: true }).click();
        await page.waitForURL(`${app.origin}/events`);
        expect(await takenOverCards(page)).toEqual({ cards: 12, ownRoot: true });
      }
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );
      expect(watch.lists).toEqual([]);
      expect(watch.scripts).toHaveLength(1);
      expect(watch.errors).toEqual([]);
      await page.close();
    });
  });
});
