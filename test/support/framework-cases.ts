/**
 * The cases every framework example shares (examples/next, examples/astro; docs/widget.md
 * "Server-rendered pages"), written once: the events server down at build time and on the first
 * request (200 with the link to the listing), then up — the 12 cards with JavaScript off, taken
 * over with no list request and one script download with it on, and after a client-side
 * navigation from the home page and warm ones back and forth (no full load, no list request).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startDemoServer, type DemoServer } from './browser.js';
import {
  freePort,
  removeScratch,
  takenOverCards,
  watchPage,
  type AppProcess,
} from './framework-app.js';

/** What the file's `beforeAll` built: the example's app, the browser, the events server's port. */
export interface ExampleUnderTest {
  app: AppProcess;
  browser: Browser;
  /** Where the events server listens once started (`http://127.0.0.1:{eventsPort}`). */
  eventsPort: number;
}

/** How an example is made ready: its scratch folder, then built and served in it. */
interface ExampleSetup {
  /** Makes the scratch folder the build writes to (`exampleCopy`'s root, `scratchWithModules`). */
  scratch: () => string;
  /** Builds the example in `root` and serves it, the events server at `events` (still down). */
  start: (root: string, events: string) => Promise<AppProcess>;
}

/**
 * Registers the file's `beforeAll` and `afterAll` for one example: a port for the events server
 * with nothing listening on it yet (the build must not need it), the example built and served
 * (`setup`), Chromium launched; all closed and the scratch folder removed after. Returns what the
 * cases read (`describeDrawnExample`), once `beforeAll` has run.
 */
export function exampleUnderTest(setup: ExampleSetup): () => ExampleUnderTest {
  let eventsPort: number;
  let root: string | undefined;
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    eventsPort = await freePort();
    root = setup.scratch();
    app = await setup.start(root, `http://127.0.0.1:${eventsPort}`);
    browser = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (root) removeScratch(root);
  });
  return () => ({ app: app!, browser: browser!, eventsPort });
}

/** How the example navigates on the client, in the tests' names: "a <Link>". */
interface Options {
  navigation: string;
  /** The demo's frozen clock. */
  now: Date;
  /** The example's own cases, run with the events server up. */
  more?: (example: () => ExampleUnderTest) => void;
}

/** Registers the shared cases over `example()` (read when the tests run, after `beforeAll`). */
export function describeDrawnExample(
  example: () => ExampleUnderTest,
  { navigation, now, more }: Options,
): void {
  const events = () => `http://127.0.0.1:${example().eventsPort}`;

  it('builds with the events server down, and the events page answers 200 with the link to the listing', async () => {
    const res = await fetch(`${example().app.origin}/events`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<a href="${events()}/t/blue-room/events">See what's on</a>`);
    expect(html).not.toContain('<venue-events');
  });

  describe('with the events server up', () => {
    let demo: DemoServer;
    beforeAll(async () => {
      demo = await startDemoServer(now, undefined, example().eventsPort);
    });
    afterAll(() => demo?.close());

    it('shows the 12 cards with JavaScript off', async () => {
      const context = await example().browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const res = await page.goto(`${example().app.origin}/events`);
      expect(res?.status()).toBe(200);
      expect(await page.locator('venue-events [part="card"]').count()).toBe(12);
      expect(await page.locator('venue-events [part="buy-button"]').first().isVisible()).toBe(true);
      await context.close();
    });

    it('with JavaScript on, the element takes the cards over: no list request, the script downloaded once, no error', async () => {
      const page = await example().browser.newPage();
      const watch = watchPage(page);
      await page.goto(`${example().app.origin}/events`);
      expect(await takenOverCards(page)).toEqual({ cards: 12, ownRoot: true });
      expect(watch.lists).toEqual([]);
      expect(watch.scripts, 'no preload fetching it apart').toEqual([
        `${events()}/widget/venue-events.js`,
      ]);
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it(`${navigation} from the home page brings the cards, taken over with no list request; so do warm navigations back and forth`, async () => {
      const origin = example().app.origin;
      const page = await example().browser.newPage();
      const watch = watchPage(page);
      await page.goto(`${origin}/`);
      await page.evaluate(() => customElements.whenDefined('venue-events'));
      // A mark on the window: a full page load would lose it, a client navigation keeps it.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      await page.getByRole('link', { name: "What's on", exact: true }).click();
      await page.waitForURL(`${origin}/events`);
      expect(await takenOverCards(page)).toEqual({ cards: 12, ownRoot: true });
      for (let turn = 0; turn < 2; turn++) {
        await page.getByRole('link', { name: 'Home', exact: true }).click();
        await page.waitForURL(`${origin}/`);
        await page.getByRole('link', { name: "What's on", exact: true }).click();
        await page.waitForURL(`${origin}/events`);
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

    more?.(example);
  });
}
