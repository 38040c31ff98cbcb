/**
 * The published package's hand-over (docs/widget.md "npm package"): `import 'venue-events'`, as a
 * framework app bundles it (the built package folder, through its package.json `exports`), takes
 * the server-drawn element (`/t/{slug}/widget.html`, docs/api.md §10.17) over as the script tag
 * does — with no list request, never a skeleton, the focus kept — whether the page was parsed with
 * it (a server-rendered page) or a client renderer inserted it with `innerHTML` (React on a
 * client-side navigation), before or after the package defined the elements. Real app, Chromium.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import express from 'express';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listShown, useDemoInChromium } from '../support/demo-in-chromium.js';
import { scratchDir } from '../support/scratch.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const FRAGMENT = '/t/blue-room/widget.html';

/**
 * Run first in each page: records whether any shadow root ever held the list's skeleton
 * (`window.sawSkeleton`), observing roots `attachShadow` attaches and those given to `watch`.
 */
const WATCH = `
window.sawSkeleton = false;
const check = (records) => { for (const r of records) for (const n of [...r.addedNodes, ...r.removedNodes])
  if (n instanceof Element && (n.matches('.skeleton') || n.querySelector('.skeleton'))) sawSkeleton = true; };
window.watch = (root) => new MutationObserver(check).observe(root, { childList: true, subtree: true });
const attach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) { const root = attach.call(this, init); watch(root); return root; };
`;

/** The pages: the element as each kind of host page brings it, and the package's bundle. */
async function pages(): Promise<express.RequestHandler> {
  // An app with the package folder installed (linked) in its node_modules, resolved by its exports.
  const appDir = scratchDir('ve-handover-');
  mkdirSync(join(appDir, 'node_modules'));
  symlinkSync(resolve('packages/venue-events'), join(appDir, 'node_modules/venue-events'));
  const bundle = await build({
    stdin: { contents: "import 'venue-events';", resolveDir: appDir },
    bundle: true,
    format: 'esm',
    write: false,
    conditions: ['production'],
    logLevel: 'silent',
  });
  const app = bundle.outputFiles[0]!.text;
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><title>Events</title><link rel="icon" href="data:,"><script>${WATCH}</script></head><body style="width: 900px">${body}</body></html>`;
  const insert = `document.querySelector('#app').innerHTML = await (await fetch('${FRAGMENT}')).text();`;
  const router = express.Router();
  router.get('/pkg/app.js', (_req, res) => void res.type('js').send(app));
  // A server-rendered page: the fragment in its HTML, a buy control focused before the bundle runs.
  router.get('/pkg/parsed', async (req, res) => {
    const fragment = await (await fetch(`http://${req.get('host')}${FRAGMENT}`)).text();
    res.type('html').send(
      page(`${fragment}<script>
        const root = document.querySelector('venue-events').shadowRoot;
        watch(root);
        root.querySelectorAll('[part="buy-button"]')[2].focus();
      </script><script type="module" src="/pkg/app.js"></script>`),
    );
  });
  // Client-side navigations: the package loaded first (a warm one), or after the insertion.
  router.get('/pkg/inserted-warm', (_req, res) =>
    res
      .type('html')
      .send(
        page(`<div id="app"></div><script type="module">import '/pkg/app.js'; ${insert}</script>`),
      ),
  );
  router.get('/pkg/inserted-cold', (_req, res) =>
    res
      .type('html')
      .send(
        page(
          `<div id="app"></div><script type="module">${insert} await import('/pkg/app.js');</script>`,
        ),
      ),
  );
  return router;
}

const e2e = useDemoInChromium(NOW, pages, 60_000);

/** Opens `path`, waits for the element's own cards; the page's errors and list requests. */
async function open(path: string): Promise<{ page: Page; errors: string[]; lists: string[] }> {
  const page = await e2e.browser.newPage();
  const errors: string[] = [];
  const lists: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('request', (r) => void (r.url().includes('/api/events') && lists.push(r.url())));
  await page.goto(`${e2e.demo.origin}${path}`);
  await listShown(page);
  return { page, errors, lists };
}

describe("import 'venue-events' takes the server-drawn element over", () => {
  it('in a server-rendered page: its cards, no list request, no skeleton, the focus kept', async () => {
    const { page, errors, lists } = await open('/pkg/parsed');
    expect(await page.locator('venue-events article[part="card"]').count()).toBe(12);
    expect(lists).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { sawSkeleton: boolean }).sawSkeleton),
    ).toBe(false);
    const focused = await page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute('aria-label');
    });
    expect(focused).toMatch(/^Buy tickets for /);
    // The element's own nodes now: the drawn stylesheet and data block are gone.
    const drawnLeft = await page.evaluate(
      () => !!document.querySelector('venue-events')!.shadowRoot!.querySelector('style, script'),
    );
    expect(drawnLeft).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const when of ['warm', 'cold'])
    it(`inserted with innerHTML (${when === 'warm' ? 'the package loaded before' : 'the package loaded after'}): its cards, no list request, no skeleton`, async () => {
      const { page, errors, lists } = await open(`/pkg/inserted-${when}`);
      expect(await page.locator('venue-events article[part="card"]').count()).toBe(12);
      expect(lists).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { sawSkeleton: boolean }).sawSkeleton),
      ).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });
});
