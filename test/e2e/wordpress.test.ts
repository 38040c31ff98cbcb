/**
 * The WordPress plugin (packages/wordpress/venue-events, docs/wordpress.md) in a real WordPress
 * 6.1 (Debian's), installed from its zip, against the real demo server: the block and the
 * shortcode put the drawn element (`widget.html`, docs/api.md §10.17) and the plugin's own widget
 * script in the page; Chromium shows the cards with JavaScript off and the element takes them
 * over with it on; a hostile events server's fragment runs no script; a stopped events server
 * leaves the page answering. The security model's own tests are in wordpress-security.test.ts.
 */
import { createServer, type Server } from 'node:http';
import express from 'express';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startDemoServer, type DemoServer } from '../support/browser.js';
import { listen, type Running } from '../support/listen.js';
import { startServer, type TestServer } from '../support/server.js';
import { logIn, openBlockEditor, startWordPress, type WordPress } from '../support/wordpress.js';

const NOW = new Date('2026-12-05T12:00:00Z');

/** A fragment with every kind of script the sanitiser must take out, around one real card. */
const HOSTILE = `<venue-events venue="evil" base-url="http://evil.invalid" onclick="window.__pwned='onclick'">
<template shadowrootmode="open"><style>p { color: red; }</style><script>window.__pwned='template script'</script>
<article part="card"><h2 part="title">Hostile night</h2>
<img src="x" onerror="window.__pwned='onerror'" alt="">
<a part="link" href=" javascript:window.__pwned='href'">Tickets</a>
<a part="link" href="jav&#x09;ascript:alert('href')">More</a>
<iframe srcdoc="<script>parent.__pwned='iframe'</script>"></iframe>
<svg><script>window.__pwned='svg'</script></svg>
<script type="application/json">{"ok": true}</script>
<script type="text/javascript">alert('typed script')</script>
</article></template>
<script type="application/ld+json">{"@type":"Event"}</script><script>window.__pwned='light script'</script>
</venue-events>`;

/** Card text that WordPress's content filters would rewrite: quotes, dashes, a shortcode, smilies. */
const FILTERED_TEXT = `Rock 'n' roll -- "live" [gallery] :) ;) & more`;

/** A fragment carrying FILTERED_TEXT in a card and in its JSON data block. */
const TEXTY = `<venue-events venue="texty"><template shadowrootmode="open"><p part="title">${FILTERED_TEXT.replace('&', '&amp;')}</p><script type="application/json" data-venue-events-page>${JSON.stringify({ title: FILTERED_TEXT, list: [1] })}</script></template></venue-events>`;

/** A venue that tags its ticket links (docs/api.md §10.19), on an events server of its own. */
const SHOP = 'https://tickets.example/e/night?seat=any';
const TRACKED_FILE = {
  venues: [
    {
      slug: 'tracked',
      name: 'Tracked Hall',
      timezone: 'Europe/London',
      ticket_link_params: { utm_source: 'our-site', utm_campaign: '{event_slug}' },
      events: [
        {
          id: 1,
          title: 'Tracked Night',
          status: 'published',
          slug: 'tracked-night',
          date: '2026-12-10',
          time: '20:00',
          ticket_url: SHOP,
        },
      ],
    },
  ],
};

/**
 * The hostile events server: `evil`'s fragment above, `refused`'s a script before the element,
 * `texty`'s TEXTY.
 */
function hostileServer(): Server {
  const app = express();
  app.get('/t/evil/widget.html', (_req, res) => {
    res.type('html').set('Cache-Control', 'max-age=60').send(HOSTILE);
  });
  app.get('/t/texty/widget.html', (_req, res) => {
    res.type('html').send(TEXTY);
  });
  app.get('/t/refused/widget.html', (_req, res) => {
    res
      .type('html')
      .send(`<script>window.__pwned='top'</script><venue-events venue="refused"></venue-events>`);
  });
  return createServer(app);
}

let wp: WordPress | undefined;
let demo: DemoServer | undefined;
let hostile: Running | undefined;
let shop: TestServer | undefined;
let browser: Browser | undefined;
/** Page ids by name (the block page, the classic page…). */
let pages: Record<string, number> = {};

/** Creates the test's pages (PHP, as an editor's save would) and returns their ids. */
async function createPages(
  site: WordPress,
  events: string,
  tracking: string,
): Promise<Record<string, number>> {
  const out = await site.php(`
activate_plugin('venue-events/venue-events.php', '', false, true);
update_option('venue_events_servers', ['${events}']);
update_option('venue_events_allow_local', true);
update_option('venue_events_venue', 'blue-room');
// Slashed, as the editor's save hands it over (wp_insert_post unslashes): a block's \`\\u0026\` stays.
$page = fn ($title, $content) => wp_insert_post(wp_slash(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => $title, 'post_content' => $content]));
echo json_encode([
  'block' => $page('Block', '<!-- wp:paragraph --><p>Before.</p><!-- /wp:paragraph -->' . "\\n" . '<!-- wp:venue-events/events {"venue":"blue-room"} /-->'),
  'classic' => $page('Classic', "What's on -- \\"soon\\".\\n\\n[venue_events venue=\\"blue-room\\"]\\n\\nAfter the list."),
  'compact' => $page('Compact', '[venue_events layout="compact"]'),
  'evil' => $page('Evil', '[venue_events venue="evil"]'),
  'refused' => $page('Refused', '[venue_events venue="refused"]'),
  'textyBlock' => $page('Texty block', '<!-- wp:venue-events/events {"venue":"texty"} /-->'),
  'textyClassic' => $page('Texty classic', "Before.\\n\\n[venue_events venue=\\"texty\\"]\\n\\nAfter."),
  'unvisited' => $page('Unvisited', '[venue_events layout="compact" category="Folk"]'),
  'editor' => $page('Editor', '<!-- wp:venue-events/events {"venue":"blue-room","layout":"compact"} /-->'),
  'tracked' => $page('Tracked', '[venue_events server="${tracking}" venue="tracked"]'),
  // Gutenberg's own spelling of a block attribute's \`&\` (\`\\u0026\`; kses makes it \`&amp;\`, as an
  // author's), and a value the plugin ignores.
  'trackedBlog' => $page('Tracked blog', '<!-- wp:venue-events/events {"server":"${tracking}","venue":"tracked","ticketLinkParams":"utm_source=blog\\u0026utm_campaign={event_slug}"} /-->'),
  'trackedBad' => $page('Tracked bad', '<!-- wp:venue-events/events {"server":"${tracking}","venue":"tracked","ticketLinkParams":"utm source=blog"} /-->'),
  'trackedShortcode' => $page('Tracked shortcode', '[venue_events server="${tracking}" venue="tracked" ticket-link-params="utm_source=blog&utm_campaign={event_slug}"]'),
]);`);
  return JSON.parse(out) as Record<string, number>;
}

beforeAll(async () => {
  [wp, demo, hostile, shop, browser] = await Promise.all([
    startWordPress(),
    startDemoServer(NOW),
    listen(hostileServer()),
    startServer(TRACKED_FILE, NOW.toISOString()),
    launchChromium(),
  ]);
  pages = await createPages(wp, demo.origin, shop.url);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await hostile?.close();
  await shop?.close();
  await demo?.close();
  await wp?.close();
});

const pageUrl = (name: string) => `${wp!.origin}/?page_id=${pages[name]}`;

/** The page's HTML as WordPress serves it, and its status. */
async function served(name: string): Promise<{ status: number; html: string }> {
  const response = await fetch(pageUrl(name));
  return { status: response.status, html: await response.text() };
}

/**
 * Opens `name` with JavaScript on, collecting page errors, dialogs, list requests and the requests
 * of the widget's entry script (`…/venue-events.js`, whatever its query).
 */
async function open(name: string): Promise<{
  page: Page;
  errors: string[];
  dialogs: string[];
  lists: string[];
  entries: string[];
}> {
  const page = await browser!.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  const lists: string[] = [];
  const entries: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (r.url().includes('/api/events')) lists.push(r.url());
    if (new URL(r.url()).pathname.endsWith('/venue-events.js')) entries.push(r.url());
  });
  await page.goto(pageUrl(name));
  return { page, errors, dialogs, lists, entries };
}

describe('the WordPress plugin in WordPress 6.1 (Debian), against the demo server', () => {
  it("puts the drawn element, unchanged, and the plugin's widget script as a module in the block page and the classic page", async () => {
    const fragment = await (await fetch(`${demo!.origin}/t/blue-room/widget.html`)).text();
    const origin = wp!.origin.replace(/[.:/]/g, '\\$&');
    const script = new RegExp(
      `<script type="module" src=['"]${origin}/wp-content/plugins/venue-events/widget/v0\\.2\\.1/venue-events\\.js['"]`,
      'g',
    );
    for (const name of ['block', 'classic']) {
      const { status, html } = await served(name);
      expect(status).toBe(200);
      // The classic filters (texturize, paragraphs) left the element's markup alone.
      expect(html, name).toContain(fragment.replace(/\r?\n/g, ' '));
      expect(html.match(script)?.length, `${name}: the script once`).toBe(1);
      expect(html, `${name}: nothing of the events server's but data`).not.toContain(
        `${demo!.origin}/widget/`,
      );
    }
    const classic = (await served('classic')).html;
    expect(classic, 'the page around it still filtered').toContain('<p>After the list.</p>');
    expect(classic, 'texturized').toContain('What&#8217;s on &#8212; &#8220;soon&#8221;.');
  });

  it('shows the cards with JavaScript off, and with it on the element takes them over without a list request', async () => {
    for (const name of ['block', 'classic']) {
      const off = await browser!.newContext({ javaScriptEnabled: false });
      const still = await off.newPage();
      await still.goto(pageUrl(name));
      expect(await still.locator('venue-events [part="card"]').count(), name).toBe(12);
      expect(await still.locator('venue-events [part="buy-button"]').first().isVisible()).toBe(
        true,
      );
      await off.close();

      const { page, errors, lists, entries } = await open(name);
      await page.evaluate(async () => {
        await customElements.whenDefined('venue-events');
        const el = document.querySelector('venue-events') as unknown as {
          updateComplete: Promise<unknown>;
        };
        await el.updateComplete;
      });
      expect(await page.locator('venue-events [part="card"]').count(), name).toBe(12);
      expect(
        await page.locator('venue-events style').count(),
        'the drawn root was taken over',
      ).toBe(0);
      expect(lists).toEqual([]);
      // One module per URL: the chunks import the entry by the very URL the page loaded it from,
      // so it is fetched and run once (a `?ver=` on the page's URL alone made it a second module).
      expect(entries, `${name}: the entry script requested once`).toHaveLength(1);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("tags the venue's ticket links with its ticket_link_params, with JavaScript off and on; its JSON-LD offer stays the shop's own link", async () => {
    const tagged = `${SHOP}&utm_source=our-site&utm_campaign=tracked-night`;
    await wp!.php(`update_option('venue_events_servers', ['${demo!.origin}', '${shop!.url}']);`);
    try {
      const { html } = await served('tracked');
      const offers = [...html.matchAll(/"url":"([^"]*tickets\.example[^"]*)"/g)].map((m) =>
        m[1]!.replaceAll('\\/', '/'),
      );
      expect(offers).toEqual([SHOP]);
      const off = await browser!.newContext({ javaScriptEnabled: false });
      const still = await off.newPage();
      await still.goto(pageUrl('tracked'));
      const link = still.locator('venue-events [part="buy-button"]');
      expect(await link.getAttribute('href')).toBe(tagged);
      await off.close();
      const { page, errors } = await open('tracked');
      await page.evaluate(async () => {
        await customElements.whenDefined('venue-events');
        await (document.querySelector('venue-events') as unknown as { updateComplete: unknown })
          .updateComplete;
      });
      await page.locator('venue-events style').waitFor({ state: 'detached' });
      expect(await page.locator('venue-events [part="buy-button"]').getAttribute('href')).toBe(
        tagged,
      );
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await wp!.php(`update_option('venue_events_servers', ['${demo!.origin}']);`);
    }
  });

  it("tags the ticket links with a block's or shortcode's ticketLinkParams in place of the venue's, on the element too; ignores a value the events server would refuse", async () => {
    const blog = `${SHOP}&utm_source=blog&utm_campaign=tracked-night`;
    await wp!.php(`update_option('venue_events_servers', ['${demo!.origin}', '${shop!.url}']);`);
    try {
      for (const [name, href, attribute] of [
        ['trackedBlog', blog, 'utm_source=blog&utm_campaign={event_slug}'],
        ['trackedShortcode', blog, 'utm_source=blog&utm_campaign={event_slug}'],
        ['trackedBad', `${SHOP}&utm_source=our-site&utm_campaign=tracked-night`, null],
      ] as const) {
        const off = await browser!.newContext({ javaScriptEnabled: false });
        const still = await off.newPage();
        await still.goto(pageUrl(name));
        expect(await still.locator('venue-events').getAttribute('ticket-link-params'), name).toBe(
          attribute,
        );
        const link = still.locator('venue-events [part="buy-button"]');
        expect(await link.getAttribute('href'), name).toBe(href);
        await off.close();
        // The element that takes the drawing over draws the same links.
        const { page, errors } = await open(name);
        await page.evaluate(async () => {
          await customElements.whenDefined('venue-events');
          await (document.querySelector('venue-events') as unknown as { updateComplete: unknown })
            .updateComplete;
        });
        await page.locator('venue-events style').waitFor({ state: 'detached' });
        expect(
          await page.locator('venue-events [part="buy-button"]').getAttribute('href'),
          name,
        ).toBe(href);
        expect(errors).toEqual([]);
        await page.close();
      }
    } finally {
      await wp!.php(`update_option('venue_events_servers', ['${demo!.origin}']);`);
    }
  });

  it('previews the block in the editor as the server renders it (the block renderer of the REST API)', async () => {
    const out = await wp!.php(`
wp_set_current_user(1);
$request = new WP_REST_Request('GET', '/wp/v2/block-renderer/venue-events/events');
$request->set_param('context', 'edit');
$request->set_param('attributes', ['venue' => 'blue-room', 'layout' => 'compact']);
$response = rest_do_request($request);
echo json_encode(['status' => $response->get_status(), 'data' => $response->get_data(),
  'editor' => wp_scripts()->registered['venue-events-events-editor-script']->deps ?? null]);`);
    const { status, data, editor } = JSON.parse(out) as {
      status: number;
      data: { rendered: string };
      editor: string[];
    };
    expect(status).toBe(200);
    expect(data.rendered).toMatch(
      /^<venue-events venue="blue-room" base-url="[^"]+" layout="compact">/,
    );
    expect(editor).toEqual(
      expect.arrayContaining(['wp-blocks', 'wp-server-side-render', 'wp-block-editor']),
    );
  });

  it('edits the block in the block editor: the sidebar shows its attributes, the preview follows them', async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, wp!.origin, 'admin', 'admin-password');
    await openBlockEditor(page, wp!.origin, pages.editor!);
    const block = page.locator('[data-type="venue-events/events"]');
    // The server-side preview: the compact layout's element, as widget.html draws it.
    await block.locator('venue-events[layout="compact"]').waitFor({ state: 'attached' });
    await block.click({ force: true });
    expect(await page.getByLabel('Venue', { exact: true }).inputValue()).toBe('blue-room');
    expect(await page.getByLabel('Ticket link parameters').inputValue()).toBe('');
    await page.getByLabel('Layout').selectOption('');
    // The cards' preview, drawn by the element itself (markup inserted by the editor gets no
    // declarative root), from the settings' server.
    await block.locator('venue-events [part="card"]').first().waitFor({ timeout: 20_000 });
    expect(await block.locator('venue-events [part="card"]').count()).toBe(12);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("runs none of a hostile events server's script, and refuses a fragment that is not one element", async () => {
    // The settings' server is the hostile one for this test: even the site's own server is checked.
    await wp!.php(`update_option('venue_events_servers', ['${hostile!.url}']);`);
    try {
      // Without JavaScript the drawn root is all there is: its safe part shows, its links do nothing.
      const off = await browser!.newContext({ javaScriptEnabled: false });
      const still = await off.newPage();
      await still.goto(pageUrl('evil'));
      expect(await still.getByText('Hostile night').isVisible(), 'the safe part is kept').toBe(
        true,
      );
      await still.locator('venue-events a', { hasText: 'Tickets' }).click();
      await still.locator('venue-events a', { hasText: 'More' }).click();
      await off.close();
      // With it, the plugin's own widget takes the element over (its API is not there: the
      // widget's error state), and none of the fragment's script has run.
      const { page, errors, dialogs } = await open('evil');
      await page.evaluate(() => customElements.whenDefined('venue-events'));
      expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
      const element = /<venue-events[\s\S]*<\/venue-events>/.exec((await served('evil')).html)?.[0];
      expect(element).not.toMatch(/onerror|onclick|javascript|<iframe|<svg|__pwned|alert/i);
      expect(element).toContain('<script type="application/json">{"ok": true}</script>');

      expect((await served('refused')).html).toContain(
        `<venue-events venue="refused" base-url="${hostile!.url}"><a href="${hostile!.url}/t/refused/events">See all upcoming events</a></venue-events>`,
      );
      const refused = await open('refused');
      expect(
        await refused.page.evaluate(() => (window as { __pwned?: string }).__pwned),
      ).toBeUndefined();
      await refused.page.close();
    } finally {
      await wp!.php(`update_option('venue_events_servers', ['${demo!.origin}']);`);
    }
  });

  it("keeps the cards' text as the events server wrote it through WordPress's content filters (a block theme's and a classic page's)", async () => {
    await wp!.php(`update_option('venue_events_servers', ['${hostile!.url}']);`);
    try {
      for (const name of ['textyBlock', 'textyClassic']) {
        const off = await browser!.newContext({ javaScriptEnabled: false });
        const page = await off.newPage();
        await page.goto(pageUrl(name));
        expect(await page.locator('venue-events [part="title"]').innerText(), name).toBe(
          FILTERED_TEXT,
        );
        const data = await page
          .locator('venue-events script[type="application/json"]')
          .evaluate((s) => JSON.parse(s.textContent ?? '') as unknown);
        expect(data, name).toEqual({ title: FILTERED_TEXT, list: [1] });
        expect(await page.locator('img.wp-smiley').count(), name).toBe(0);
        await off.close();
      }
    } finally {
      await wp!.php(`update_option('venue_events_servers', ['${demo!.origin}']);`);
    }
  });

  it('answers 200 with the events server stopped: the last good copy, else the link to the listing page', async () => {
    // The fresh copies are over (as after their max-age); the last good ones stay.
    await wp!.php(`
global $wpdb;
foreach ($wpdb->get_col("SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '_transient_venue_events_%'") as $name) {
  $key = substr($name, strlen('_transient_'));
  if (substr($key, -5) !== '_last') delete_transient($key);
}`);
    await demo!.close();
    demo = undefined;

    const block = await served('block');
    expect(block.status).toBe(200);
    expect(block.html, 'the last good copy').toContain('<template shadowrootmode="open">');
    const unvisited = await served('unvisited');
    expect(unvisited.status).toBe(200);
    // Not nothing: the element around the link, which the widget fills from the API when the
    // events server is back.
    expect(unvisited.html).toMatch(
      /<venue-events venue="blue-room" base-url="http:\/\/127\.0\.0\.1:\d+" layout="compact" category="Folk"><a href="http:\/\/127\.0\.0\.1:\d+\/t\/blue-room\/events">See all upcoming events<\/a><\/venue-events>/,
    );
  });

  it('leaves no warning, notice or fatal error of the plugin in the debug log', () => {
    const lines = wp!
      .debugLog()
      .split('\n')
      .filter((l) => /PHP (Warning|Notice|Fatal|Parse|Deprecated)/.test(l));
    expect(lines.filter((l) => /venue[-_]events/i.test(l))).toEqual([]);
    expect(lines.filter((l) => /PHP (Warning|Fatal|Parse)/.test(l))).toEqual([]);
  });
});
