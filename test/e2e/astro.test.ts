/**
 * examples/astro: an Astro 5 site rendered on the server (`output: 'server'`, @astrojs/node
 * standalone) as docs/widget.md "Server-rendered pages" has it, built with `astro build` and run
 * from its Node entry, beside the real events server (the demo venue). The events server is down
 * for the build and the first request (the page still answers 200, with the link to the listing),
 * then up: in Chromium the cards are there without JavaScript, and with it the element takes them
 * over with no list request, after a full load and after view-transition navigations.
 */
import { join, resolve } from 'node:path';
import { describe } from 'vitest';
import { freePort, runNode, scratchWithModules, serveNode } from '../support/framework-app.js';
import { describeDrawnExample, exampleUnderTest } from '../support/framework-cases.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const ASTRO = resolve('node_modules/astro/astro.js');
const ENV = { ASTRO_TELEMETRY_DISABLED: '1', VENUE_EVENTS_VENUE: 'blue-room' };

const example = exampleUnderTest({
  // The build's server code imports astro's runtime: its folder sees the repository's modules.
  scratch: () => scratchWithModules('astro'),
  async start(root, events) {
    const env = { ...ENV, VENUE_EVENTS_ORIGIN: events };
    await runNode({
      args: [ASTRO, 'build', '--root', 'examples/astro', '--outDir', join(root, 'dist')],
      cwd: process.cwd(),
      env,
    });
    const port = await freePort();
    return serveNode(
      {
        args: [join(root, 'dist/server/entry.mjs')],
        cwd: root,
        env: { ...env, HOST: '127.0.0.1', PORT: `${port}` },
      },
      port,
    );
  },
});

describe('examples/astro (Astro 5, server output, view transitions)', () => {
  describeDrawnExample(example, { navigation: 'a view-transition navigation', now: NOW });
});
