/**
 * The published package in a React 19 app: examples/react built with Vite, served with
 * the real API, driven in Chromium. The list renders, and an `onvenue-events-buy` handler
 * receives the cancelable event (and cancels it: no navigation). The example also type-checks
 * against the package's JSX typings.
 */
import { execFileSync } from 'node:child_process';
import express from 'express';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { useDemoInChromium } from '../support/demo-in-chromium.js';
import { scratchDir } from '../support/scratch.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const e2e = useDemoInChromium(
  NOW,
  async () => {
    const outDir = scratchDir('ve-react-');
    await build({
      configFile: 'examples/react/vite.config.ts',
      build: { outDir },
      logLevel: 'silent',
    });
    return express.static(outDir);
  },
  120_000,
);

describe('examples/react (React 19 + the venue-events package)', () => {
  it('type-checks against the JSX typings (a missing venue attribute would not)', () => {
    const tsc = () =>
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'examples/react'], {
        stdio: 'pipe',
      });
    expect(tsc).not.toThrow();
    // A whole TypeScript program (React's typings included): 10–20 s quiet, more beside other
    // test files.
  }, 120_000);

  it('renders the list, and onvenue-events-buy receives the cancelable event', async () => {
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(e2e.url);
    // Playwright's CSS locators pierce open shadow roots.
    const cards = page.locator('venue-events [part~="card"]');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(12);
    const buy = page.locator('venue-events [part~="buy-button"]').first();
    const href = await buy.getAttribute('href');
    await buy.click();
    await expect
      .poll(() => page.locator('#checkout').textContent())
      .toContain(`→ ${href} (cancelable: true)`);
    expect(page.url()).toBe(e2e.url); // the handler cancelled it: no navigation
    expect(errors).toEqual([]);
    await page.close();
  });
});
