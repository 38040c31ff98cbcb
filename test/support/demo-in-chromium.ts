/**
 * The setup every end-to-end file repeats: the demo server (`startDemoServer`) and Chromium,
 * started before the file's tests and closed after them. Kept apart from `browser.ts`, which the
 * benchmarks import outside vitest.
 */
import type express from 'express';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, startDemoServer, type DemoServer } from './browser.js';

export interface DemoInChromium {
  /** Set once the file's `beforeAll` ran: read it inside tests, not at module level. */
  demo: DemoServer;
  browser: Browser;
  /** The demo page: `${demo.origin}/`. */
  url: string;
}

/**
 * Registers the file's `beforeAll`/`afterAll` for the demo venue dated `now` and Chromium.
 * `prepare` runs first and may give a handler mounted before the app (a built example's files);
 * `timeoutMs` bounds the whole start (default vitest's hook timeout).
 */
export function useDemoInChromium(
  now: Date,
  prepare?: () => Promise<express.RequestHandler>,
  timeoutMs?: number,
): DemoInChromium {
  const context = {} as DemoInChromium;
  beforeAll(async () => {
    context.demo = await startDemoServer(now, await prepare?.());
    context.url = `${context.demo.origin}/`;
    context.browser = await launchChromium();
  }, timeoutMs);
  afterAll(async () => {
    await context.browser?.close();
    await context.demo?.close();
  });
  return context;
}

/**
 * Waits until the page's `<venue-events>` shows cards drawn by the element itself: the script's
 * first paint (widget/first-paint.ts) draws them before, and the element takes its shadow root
 * over with nodes of its own, so a test that reads nodes waits for that hand-over.
 */
export async function listShown(page: Page, host = 'venue-events'): Promise<void> {
  await page.locator(`${host} article[part="card"]`).first().waitFor();
  await page.evaluate(async (selector) => {
    await customElements.whenDefined('venue-events');
    const el = document.querySelector(selector) as unknown as { updateComplete: Promise<unknown> };
    await el.updateComplete;
  }, host);
}

/**
 * Whether the `<venue-events>` has its shadow root and, through every shadow root, holds `shown`
 * (when given), and every `venue-*` element in the page is defined and has its shadow root (run
 * in the page: no closures). An element whose chunk is still on its way is not yet upgraded: its
 * parts are not there to be read.
 */
function everyElementDrawn(shown: string | null): boolean {
  if (!document.querySelector('venue-events')?.shadowRoot) return false;
  const roots: ParentNode[] = [document];
  let found = shown === null;
  for (const root of roots) {
    if (!found && root !== document && root.querySelector(shown!)) found = true;
    for (const child of root.querySelectorAll('*')) {
      if (child.localName.startsWith('venue-') && !(child.matches(':defined') && child.shadowRoot))
        return false;
      if (child.shadowRoot) roots.push(child.shadowRoot);
    }
  }
  return found;
}

/**
 * Waits until nothing more loads and every element of the widget (the list, its filter bar, its
 * buy controls, the month grid) is defined, drawn into its shadow root and finished updating:
 * what is then on screen stays. `shown`, when given, is a selector the widget must hold (in any of
 * its shadow roots).
 */
export async function settled(page: Page, shown?: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(everyElementDrawn, shown ?? null);
  await page.evaluate(async () => {
    type Updating = Element & { updateComplete?: Promise<unknown> };
    for (let round = 0; round < 3; round++) {
      const elements: Updating[] = [];
      const roots: ParentNode[] = [document];
      for (const root of roots)
        for (const el of root.querySelectorAll<Updating>('*')) {
          elements.push(el);
          if (el.shadowRoot) roots.push(el.shadowRoot);
        }
      // An element whose chunk is still on its way has no updateComplete yet: wait for it to be
      // defined (and so upgraded) first, or the wait would pass over it.
      const ours = elements.filter((el) => el.localName.startsWith('venue-'));
      await Promise.all(ours.map((el) => customElements.whenDefined(el.localName)));
      await Promise.all(elements.map((el) => el.updateComplete));
    }
    await document.fonts.ready;
  });
}

/**
 * The demo page at `width` px, its `<venue-events>` given `attributes` (the demo page offers no
 * locale of its own: the served page is rewritten on its way, its CSP kept), the clock frozen at
 * `now` as the server's is, once the element drew `shown` (default its cards, `listShown`), the
 * language's strings and its lazy controls (`settled`).
 */
export async function openDemoWith(
  e2e: DemoInChromium,
  now: Date,
  { width, attributes, shown }: { width: number; attributes: string; shown?: string },
): Promise<Page> {
  const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
  await page.clock.setFixedTime(now);
  await page.route(e2e.url, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<venue-events ', `<venue-events ${attributes} `);
    await route.fulfill({ response, body });
  });
  await page.goto(e2e.url);
  if (shown) await page.locator(`venue-events ${shown}`).first().waitFor();
  else await listShown(page);
  await settled(page, shown ?? '[part~="card"]');
  return page;
}
