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
