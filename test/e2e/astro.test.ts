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
import { afterAll, beforeAll, describe } from 'vitest';
import { launchChromium } from '../support/browser.js';
import {
  freePort,
  removeScratch,
  runNode,
  scratchWithModules,
  serveNode,
  type AppProcess,
} from '../support/framework-app.js';
import { describeDrawnExample } from '../support/framework-cases.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const ASTRO = resolve('node_modules/astro/astro.js');
const ENV = { ASTRO_TELEMETRY_DISABLED: '1', VENUE_EVENTS_VENUE: 'blue-room' };

let eventsPort: number;
let scratch: string;
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  eventsPort = await freePort();
  // The build's server code imports astro's runtime: its folder sees the repository's modules.
  scratch = scratchWithModules('astro');
  const env = { ...ENV, VENUE_EVENTS_ORIGIN: `http://127.0.0.1:${eventsPort}` };
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
  describeDrawnExample(() => ({ app, browser, eventsPort }), {
    navigation: 'a view-transition navigation',
    now: NOW,
  });
});
