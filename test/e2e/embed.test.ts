/**
 * End to end: the embed builder at `/embed` driven in Debian's Chromium (playwright-core) against
 * the real app (demo venue, frozen clock, the built widget): the slug checked live, the preview
 * showing the real widget as options change, the snippet following, the copy button, axe-core,
 * 375 px without horizontal scrolling, a bounded preview that keeps the snippet within reach on a
 * phone, and the strict CSP (no violation logged). Several venues' slugs make one list of them
 * all (docs/api.md §10.16): the venues of test/fixtures/widget-venues.ts, served by a second real
 * app in front of the demo's for their paths.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { createApp } from '../../server/origin/app.js';
import { openStore } from '../../server/store/open-store.js';
import type { Store } from '../../server/store/store.js';
import { severalVenueFile } from '../fixtures/widget-venues.js';
import { useDemoInChromium } from '../support/demo-in-chromium.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let several: Store | undefined;
/**
 * The several venues' app, for their own paths and the listings of several venues (`/api/…`,
 * `/events?venues=…`); everything else falls through to the demo's.
 */
async function severalVenues(): Promise<RequestHandler> {
  several = await openStore(':memory:');
  await importVenueFile(several, severalVenueFile);
  const app = createApp({ store: several, clock: () => NOW, logger: false });
  const paths = /^\/(api\/|events(\.ics)?$|t\/(harbour-hall|blue-cellar|night-owl)\/)/;
  return (req, res, next) => (paths.test(req.path) ? app(req, res, next) : next());
}
const e2e = useDemoInChromium(NOW, severalVenues);
afterAll(() => several?.close());

/** A page `width` px wide that records console errors and page errors (CSP violations included). */
async function open(width: number, height = 900): Promise<{ page: Page; problems: string[] }> {
  const context = await e2e.browser.newContext({ viewport: { width, height } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: e2e.demo.origin,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${e2e.demo.origin}/embed`);
  return { page, problems };
}

const snippet = (page: Page) => page.locator('#snippet').textContent();

describe('embed builder', () => {
  it('is sent under a strict CSP, its script and styles in separate files', async () => {
    const res = await fetch(`${e2e.demo.origin}/embed`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    expect((await fetch(`${e2e.demo.origin}/embed/embed.js`)).headers.get('content-type')).toMatch(
      /javascript/,
    );
    expect((await fetch(`${e2e.demo.origin}/embed/embed.css`)).headers.get('content-type')).toMatch(
      /css/,
    );
  });

  it('checks the slug live, previews the real widget and builds the snippet (375 px)', async () => {
    const { page, problems } = await open(375);
    const slug = page.getByLabel('Venue slug');
    const status = page.locator('#slug-status');

    await slug.fill('Not A Slug');
    await expect.poll(() => status.textContent()).toContain('lowercase letters');
    expect(await slug.getAttribute('aria-invalid')).toBe('true');

    await slug.fill('no-such-venue');
    await expect.poll(() => status.textContent()).toContain('No venue is published');

    await slug.fill('blue-room');
    await expect.poll(() => status.textContent()).toBe('Found: 14 upcoming events.');
    expect(await slug.getAttribute('aria-invalid')).toBeNull();

    // The preview is the real widget, fetching from this server.
    const cards = page.locator('#preview venue-events article[part="card"]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(12);
    const text = (await snippet(page))!;
    // The pinned release's chunk preload, the first page's preload, then the script.
    expect(text).toMatch(
      /^<link rel="preload" as="fetch" href="http:\/\/127\.0\.0\.1:\d+\/t\/blue-room\/api\/events\?page=1" crossorigin="anonymous">\n<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/widget\/v[\d.]+\/venue-events\.js" integrity="sha384-[^"]+" crossorigin="anonymous"><\/script>\n/,
    );
    expect(text).toContain('<venue-events venue="blue-room">');
    expect(text).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/t\/blue-room\/events">/);

    // The one-line snippet: the venue's own script (its first page inside), then back to pinned.
    const listOptions = page.getByText('List options: view, layout, filters');
    await listOptions.click();
    await page.getByLabel('One line, with your first events inside').check();
    expect(await snippet(page)).toMatch(
      /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/t\/blue-room\/venue-events\.js"><\/script>\n<venue-events venue="blue-room">/,
    );
    await page.getByLabel('This release, pinned and checked (Subresource Integrity)').check();
    expect(await snippet(page)).toMatch(/^<link rel="preload"/);
    await listOptions.click();

    // Language.
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await expect
      .poll(() => page.locator('#preview [part="buy-button"]').first().textContent())
      .toBe('Tickets kaufen');
    expect(await snippet(page)).toContain('<venue-events venue="blue-room" locale="de">');

    // Accent colour: the preview's buy button takes it, the snippet sets it.
    await page.getByLabel('Accent colour').fill('#b8005c');
    await expect
      .poll(() =>
        page
          .locator('#preview [part="buy-button"]')
          .first()
          .evaluate((e) => getComputedStyle(e).backgroundColor),
      )
      .toBe('rgb(184, 0, 92)');
    expect(await snippet(page)).toContain('--venue-events-accent: #b8005c;');
    expect(await snippet(page)).toContain('--venue-events-on-accent: #ffffff;');

    // Card width.
    await page.getByLabel(/Card width/).fill('20');
    expect(await snippet(page)).toContain('--venue-events-card-min-width: 20em;');

    // Always dark.
    await page.getByLabel('Always dark').check();
    await expect
      .poll(() => cards.first().evaluate((e) => getComputedStyle(e).backgroundColor))
      .toBe('rgb(23, 27, 34)');
    expect(await snippet(page)).toContain('--venue-events-card-background: #171b22;');

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    // The one 404 is the API's answer for "no-such-venue", which the check above asked for.
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await page.context().close();
  });

  it('offers the list options: view, layout, filter bar and a preset category, previewed live and in the snippet', async () => {
    const { page, problems } = await open(1280);
    await page.getByLabel('Venue slug').fill('blue-room');
    await expect
      .poll(() => page.locator('#slug-status').textContent())
      .toBe('Found: 14 upcoming events.');
    await page.getByText('List options: view, layout, filters').click();
    const category = page.getByLabel('Start with the category');
    await expect.poll(() => category.locator('option').count()).toBeGreaterThan(2);
    const name = (await category.locator('option').nth(1).getAttribute('value'))!;
    await category.selectOption(name);
    await page.getByLabel(/Compact: one line/).check();
    await page.getByLabel(/Filter bar: category/).uncheck();
    expect(await snippet(page)).toContain(
      `<venue-events venue="blue-room" layout="compact" no-filters category="${name}">`,
    );
    // The preview is the real widget with those attributes: only that category, no filter bar.
    const preview = page.locator('#preview venue-events');
    expect(await preview.getAttribute('layout')).toBe('compact');
    await page.locator('#preview article[part="card"]').first().waitFor();
    await expect
      .poll(async () => new Set(await page.locator('#preview [part="category"]').allTextContents()))
      .toEqual(new Set([name]));
    expect(await page.locator('#preview [part="search"]').count()).toBe(0);

    await page.getByLabel(/Filter bar: category/).check();
    await page.getByLabel('A month calendar').check();
    expect(await snippet(page)).toContain(
      `<venue-events venue="blue-room" view="calendar" layout="compact" category="${name}">`,
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps the snippet and its copy button within reach on a phone (390 × 844)', async () => {
    const { page, problems } = await open(390, 844);
    await page.getByLabel('Venue slug').fill('blue-room');
    const cards = page.locator('#preview venue-events article[part="card"]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(12);
    // Twelve cards at full length made the page 7,200 px tall, the copy button at its very end.
    const layout = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      copy: document.getElementById('copy')!.getBoundingClientRect().top + window.scrollY,
    }));
    expect(layout.page).toBeLessThan(2_600);
    expect(layout.copy).toBeLessThan(3 * 844);

    // The preview scrolls inside, a named region a keyboard can scroll.
    const preview = page.getByRole('region', { name: 'Live preview (scrolls)' });
    expect(await preview.getAttribute('tabindex')).toBe('0');
    expect(await preview.evaluate((e) => e.clientHeight)).toBeLessThanOrEqual(844 / 2);
    await preview.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => preview.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect.poll(() => page.locator('#copy-status').textContent()).toContain('copied');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('builds a buy button for one event and copies the snippet', async () => {
    const { page, problems } = await open(1280);
    await page.getByLabel('Venue slug').fill('blue-room');
    await expect.poll(() => page.locator('#slug-status').textContent()).toContain('Found');
    const event = page.getByLabel('Event', { exact: true });
    expect(await event.isDisabled()).toBe(true);

    await page.getByLabel('A buy button').check();
    expect(await event.isDisabled()).toBe(false);
    const jazz = await event
      .locator('option', { hasText: 'Late Night Jazz' })
      .getAttribute('value');
    await event.selectOption(jazz!);
    const button = page.locator('#preview venue-buy-button [part="buy-button"]');
    await expect.poll(() => button.textContent()).toBe('Buy tickets');
    const text = (await snippet(page))!;
    expect(text).toContain('<venue-buy-button venue="blue-room" event-id="102">');
    expect(text).toMatch(/\/t\/blue-room\/events\/late-night-jazz">Buy tickets<\/a>/);
    expect(text).not.toContain('card-min-width');

    await page.getByLabel('One event in full').check();
    await page.locator('#preview venue-event [part="title"]').waitFor();
    expect(await snippet(page)).toContain('<venue-event venue="blue-room" event-id="102">');

    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect.poll(() => page.locator('#copy-status').textContent()).toContain('copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet(page));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('in a language: the snippet preloads the table of languages and its strings, which the widget then takes (each fetched once)', async () => {
    const { page, problems } = await open(1280);
    await page.getByLabel('Venue slug').fill('blue-room');
    await expect.poll(() => page.locator('#slug-status').textContent()).toContain('Found');
    await page.getByLabel('Language').selectOption('de');
    const button = page.locator('#preview venue-events [part="buy-button"]').first();
    await expect.poll(() => button.textContent()).toBe('Tickets kaufen');
    const text = (await snippet(page))!;
    const origin = e2e.demo.origin;
    const preload = (name: string) =>
      new RegExp(
        `<link rel="modulepreload" href="${origin}/widget/v[\\d.]+/${name}-[\\w-]+\\.js" integrity="sha384-[\\w+/=]+" crossorigin="anonymous">`,
      );
    expect(text).toMatch(preload('more'));
    expect(text).toMatch(preload('de'));
    // The first page as the German widget asks it (docs/api.md §10.24), so it is fetched once.
    expect(text).toContain(
      `<link rel="preload" as="fetch" href="${origin}/t/blue-room/api/events?page=1&locale=de" crossorigin="anonymous">`,
    );
    expect(text).toContain('<venue-events venue="blue-room" locale="de">');
    await page.getByLabel('Language').selectOption('en');
    expect(await snippet(page)).not.toContain('modulepreload');
    await page.context().close();

    // The snippet pasted into a page of the venue's site: German cards, and the preloaded chunks
    // are the very modules the widget imports (a second request would mean they were not).
    const site = await e2e.browser.newPage();
    const fetched: string[] = [];
    site.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    site.on('pageerror', (e) => problems.push(e.message));
    site.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
    await site.route(`${origin}/venue-site`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en">${text}` }),
    );
    await site.goto(`${origin}/venue-site`);
    const card = site.locator('venue-events [part="buy-button"]').first();
    await expect.poll(() => card.textContent()).toBe('Tickets kaufen');
    // The preloaded first page is the one the widget takes: one list request.
    expect(fetched.filter((path) => path === '/t/blue-room/api/events')).toHaveLength(1);
    for (const name of ['more', 'de']) {
      const chunk = new RegExp(`/${name}-[\\w-]+\\.js$`);
      expect(
        fetched.filter((path) => chunk.test(path)),
        name,
      ).toHaveLength(1);
    }
    expect(problems).toEqual([]);
    await site.close();
  });

  it('is keyboard operable and has no axe-core violations', async () => {
    const { page } = await open(375);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('slug');
    await page.keyboard.type('blue-room');
    await expect.poll(() => page.locator('#slug-status').textContent()).toContain('Found');
    await page.locator('#preview venue-events article[part="card"]').first().waitFor();
    // evaluate() runs outside the page's CSP, as a browser extension would.
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (c: unknown) => Promise<unknown> } }).axe;
      const result = (await axe.run({ exclude: [['#preview']] })) as {
        violations: { id: string; nodes: { target: unknown }[] }[];
      };
      return result.violations.map(
        (v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`,
      );
    });
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('lists several venues from their slugs: checked live (an unknown one named), previewed merged, the snippet with their list’s preload and fallback', async () => {
    const { page, problems } = await open(1280);
    const slug = page.getByLabel('Venue slug');
    const status = page.locator('#slug-status');
    await slug.fill('harbour-hall Blue-Cellar');
    await expect.poll(() => status.textContent()).toContain('“Blue-Cellar” is not a slug');
    await slug.fill('harbour-hall nigth-owl');
    await expect.poll(() => status.textContent()).toBe('No venue is published under “nigth-owl”.');
    expect(await slug.getAttribute('aria-invalid')).toBe('true');

    // Spaces or commas, a slug twice: the three venues, each once.
    await slug.fill('harbour-hall, blue-cellar night-owl harbour-hall');
    await expect.poll(() => status.textContent()).toBe('Found: 20 upcoming events at 3 venues.');
    expect(await slug.getAttribute('aria-invalid')).toBeNull();
    const venues = page.locator('#preview venue-events [part="venue"]');
    await venues.first().waitFor();
    expect(new Set(await venues.allTextContents())).toEqual(
      new Set(['Harbour Hall', 'Blue Cellar', 'Night Owl']),
    );
    const text = (await snippet(page))!;
    expect(text).toMatch(
      /^<link rel="preload" as="fetch" href="http:\/\/127\.0\.0\.1:\d+\/api\/events\?venues=harbour-hall,blue-cellar,night-owl&page=1" crossorigin="anonymous">\n/,
    );
    expect(text).toContain('<venue-events venue="harbour-hall blue-cellar night-owl">');
    expect(text).toMatch(
      /<a href="http:\/\/127\.0\.0\.1:\d+\/events\?venues=harbour-hall,blue-cellar,night-owl">See what's on<\/a>/,
    );
    // The merged categories, to start with one of them.
    await page.getByText('List options: view, layout, filters').click();
    const category = page.getByLabel('Start with the category');
    await expect
      .poll(() => category.locator('option').allTextContents())
      .toEqual(['All categories', 'Folk', 'Jazz']);

    // A buy button for one of their events: its own venue's.
    await page.getByLabel('A buy button').check();
    const event = page.getByLabel('Event', { exact: true });
    const night = event.locator('option', { hasText: 'Night Owl Night 1' });
    expect(await night.textContent()).toBe('Night Owl Night 1 (2026-12-06, Night Owl)');
    await event.selectOption((await night.getAttribute('value'))!);
    await expect
      .poll(() => page.locator('#preview venue-buy-button [part="buy-button"]').textContent())
      .toBe('Buy tickets');
    const button = (await snippet(page))!;
    expect(button).toContain('<venue-buy-button venue="night-owl" event-id="941">');
    expect(button).toMatch(/\/t\/night-owl\/events\/event-941">Buy tickets<\/a>/);
    // The one 404 is the API's answer for "nigth-owl", which the check above asked for.
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await page.context().close();
  });

  it('pre-fills the slug from ?venue=', async () => {
    const { page } = await open(800);
    await page.goto(`${e2e.demo.origin}/embed?venue=blue-room`);
    await expect.poll(() => page.locator('#slug-status').textContent()).toContain('Found');
    await page.goto(`${e2e.demo.origin}/embed?venue=harbour-hall+night-owl`);
    expect(await page.getByLabel('Venue slug').inputValue()).toBe('harbour-hall night-owl');
    await expect.poll(() => page.locator('#slug-status').textContent()).toContain('at 2 venues');
    await page.goto(`${e2e.demo.origin}/embed?venue=%22%3E%3Cscript%3E`);
    expect(await page.getByLabel('Venue slug').inputValue()).toBe('');
    await page.context().close();
  });
});
