/**
 * The published package in a React 19 app (issue 11): examples/react built with Vite, served with
 * the real API, driven in Chromium. The list renders, and an `onvenue-events-buy` handler
 * receives the cancelable event (and cancels it: no navigation). The example also type-checks
 * against the package's JSX typings.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVenueFile } from '../../server/demo/venue.js';
import { importVenueFile } from '../../server/import/importer.js';
import { createApp } from '../../server/origin/app.js';
import { openStore, type Store } from '../../server/store/store.js';

const NOW = new Date('2026-12-05T12:00:00Z');
let server: Server;
let store: Store;
let browser: Browser;
let url: string;

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), 've-react-'));
  await build({
    configFile: 'examples/react/vite.config.ts',
    build: { outDir },
    logLevel: 'silent',
  });
  store = await openStore(':memory:');
  await importVenueFile(store, demoVenueFile(NOW));
  const app = express();
  app.use(express.static(outDir));
  app.use(createApp({ store, clock: () => NOW, logger: false }));
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  server?.close();
  await store?.close();
});

describe('examples/react (React 19 + the venue-events package)', () => {
  it('type-checks against the JSX typings (a missing venue attribute would not)', () => {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'examples/react'], {
      stdio: 'pipe',
    });
  });

  it('renders the list, and onvenue-events-buy receives the cancelable event', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    // Playwright's CSS locators pierce open shadow roots.
    const cards = page.locator('venue-events [part~="card"]');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(12);
    const buy = page.locator('venue-events [part~="buy-button"]').first();
    const href = await buy.getAttribute('href');
    await buy.click();
    await expect
      .poll(() => page.locator('#checkout').textContent())
      .toContain(`→ ${href} (cancelable: true)`);
    expect(page.url()).toBe(url); // the handler cancelled it: no navigation
    expect(errors).toEqual([]);
    await page.close();
  });
});
