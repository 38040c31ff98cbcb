/**
 * What the end-to-end tests share: Debian's Chromium (or `CHROME_PATH`) launched headless with
 * the flags this machine needs, and the real app over a real store holding the demo venue.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { chromium, type Browser } from 'playwright-core';
import { demoVenueFile } from '../../server/demo/venue.js';
import { importVenueFile } from '../../server/import/importer.js';
import { createApp } from '../../server/origin/app.js';
import { openStore } from '../../server/store/open-store.js';

/** The flags Chromium needs here: no sandbox as root, no GPU, no calls home (closed network). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export interface DemoServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  close(): Promise<void>;
}

/**
 * The app with the demo venue dated for `now`, on `port` of the loopback (default a free one);
 * `before` is mounted first (e.g. a built example app's static files).
 */
export async function startDemoServer(
  now: Date,
  before?: express.RequestHandler,
  port = 0,
): Promise<DemoServer> {
  const store = await openStore(':memory:');
  await importVenueFile(store, demoVenueFile(now));
  const app = express();
  if (before) app.use(before);
  app.use(createApp({ store, clock: () => now, logger: false }));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    },
  };
}
