/**
 * examples/next: a Next.js 15 app (App Router, React 19) as docs/widget.md "Server-rendered pages"
 * has it, built with `next build` and served by `next start`, beside the real events server (the
 * demo venue). The events server is down for the build and the first request (the page still
 * answers 200, with the link to the listing), then up: in Chromium the cards are there without
 * JavaScript, and with it the element takes them over with no list request, after a full load, a
 * `<Link>` navigation (React inserts the page with innerHTML) and a warm one, and through the npm
 * package (`import 'venue-events'` in a client component; the packed package installed beside the
 * app, as a site has it) without ever showing the skeleton.
 * `next dev`'s hydration warning is not tested here (a dev server's compile per page is slow on
 * CI); `next start` is, by its console errors.
 */
import { unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countSkeletons,
  exampleCopy,
  freePort,
  removeScratch,
  serveNode,
  runNode,
  takenOverCards,
  watchPage,
} from '../support/framework-app.js';
import { describeDrawnExample, exampleUnderTest } from '../support/framework-cases.js';
import { installPacked } from '../support/packed.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const NEXT = resolve('node_modules/next/dist/bin/next');
const ENV = { NEXT_TELEMETRY_DISABLED: '1', VENUE_EVENTS_VENUE: 'blue-room' };
/** The example's folder in a scratch root made by `exampleCopy`. */
const IN_ROOT = 'examples/next';

const example = exampleUnderTest({
  scratch: () => {
    const copy = exampleCopy('next');
    const root = resolve(copy, '../..');
    // The package page's `import 'venue-events'` as a site's: the packed package installed in the
    // app's own node_modules (next.config.mjs then sets no alias), and the link to the
    // repository's package folder removed, so the build cannot reach it.
    installPacked(copy);
    unlinkSync(join(root, 'packages'));
    return root;
  },
  async start(root, events) {
    const env = { ...ENV, VENUE_EVENTS_ORIGIN: events };
    const cwd = join(root, IN_ROOT);
    await runNode({ args: [NEXT, 'build'], cwd, env });
    const port = await freePort();
    return serveNode(
      { args: [NEXT, 'start', '--port', `${port}`, '--hostname', '127.0.0.1'], cwd, env },
      port,
    );
  },
});

describe('examples/next (Next.js 15, App Router, React 19)', () => {
  describeDrawnExample(example, {
    navigation: 'a <Link>',
    now: NOW,
    more: () => {
      it('through the npm package (a client component importing venue-events): no list request, never the skeleton', async () => {
        const page = await example().browser.newPage();
        await countSkeletons(page);
        const watch = watchPage(page);
        await page.goto(`${example().app.origin}/package`);
        expect(await takenOverCards(page)).toEqual({ cards: 12, ownRoot: true });
        expect(watch.scripts, 'the package defined the element, not the script tag').toEqual([]);
        expect(watch.lists).toEqual([]);
        expect(
          await page.evaluate(() => (window as unknown as { skeletons: number }).skeletons),
        ).toBe(0);
        expect(watch.errors).toEqual([]);
        await page.close();
      });

      it('under next dev, the events page hydrates with no warning: no console error', async () => {
        // A copy of its own: next dev writes the .next folder next start is serving.
        const devCopy = exampleCopy('next');
        const port = await freePort();
        const env = { ...ENV, VENUE_EVENTS_ORIGIN: `http://127.0.0.1:${example().eventsPort}` };
        const dev = await serveNode(
          {
            args: [NEXT, 'dev', '--port', `${port}`, '--hostname', '127.0.0.1'],
            cwd: devCopy,
            env,
          },
          port,
        );
        try {
          const page = await example().browser.newPage();
          const watch = watchPage(page);
          // The dev server compiles the page on this first request.
          await page.goto(`${dev.origin}/events`, { timeout: 120_000 });
          expect(await takenOverCards(page)).toEqual({ cards: 12, ownRoot: true });
          // React reports a mismatch when it hydrates the fragment's div (it then holds React's
          // fiber), after the frame that commits it.
          await page.waitForFunction(() => {
            const div = document.querySelector('venue-events')?.parentElement;
            return div && Object.keys(div).some((key) => key.startsWith('__reactFiber'));
          });
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => setTimeout(done))),
          );
          expect(watch.errors).toEqual([]);
          await page.close();
        } finally {
          await dev.close();
          removeScratch(resolve(devCopy, '../..'));
        }
      }, 180_000);
    },
  });
});
