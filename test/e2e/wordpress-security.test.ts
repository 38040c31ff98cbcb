/**
 * The WordPress plugin's security model (docs/wordpress.md "Security model") in a real WordPress
 * 6.1 (Debian's), the plugin installed from its zip, against the real demo server and hostile
 * servers on loopback: no events server runs code on the site (the widget ships in the plugin),
 * only the administrator names events servers, the fragment's light DOM cannot reach the page,
 * the settings refuse bad addresses with a notice, and a cache of rendered content keeps the
 * element.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startDemoServer, type DemoServer } from '../support/browser.js';
import { compromisedServer, unlistedServer, type Hostile } from '../support/hostile-events.js';
import { logIn, openBlockEditor, startWordPress, type WordPress } from '../support/wordpress.js';

const NOW = new Date('2026-12-05T12:00:00Z');

let wp: WordPress;
let demo: DemoServer;
let unlisted: Hostile;
let compromised: Hostile;
let browser: Browser;
/** Post and page ids by name. */
let ids: Record<string, number> = {};

/** A block and a shortcode, each naming `server`. */
const naming = (server: string) =>
  `<!-- wp:venue-events/events {"venue":"blue-room","server":"${server}"} /-->\n` +
  `<!-- wp:shortcode -->[venue_events venue="blue-room" server="${server}"]<!-- /wp:shortcode -->`;

/**
 * The site: the demo server the only allowed one (local addresses allowed, as it is on loopback);
 * a user of each role, each with a post naming the unlisted server, saved as that user (so
 * WordPress filters it as it would theirs); the contributor's stays pending, as it must.
 */
async function setUp(): Promise<Record<string, number>> {
  const out = await wp.php(`
activate_plugin('venue-events/venue-events.php', '', false, true);
update_option('venue_events_allow_local', true);
update_option('venue_events_servers', ['${demo.origin}']);
update_option('venue_events_venue', 'blue-room');
$ids = [];
foreach (['contributor', 'author', 'editor'] as $role) {
  $user = wp_insert_user(['user_login' => $role, 'user_pass' => "$role-password", 'user_email' => "$role@example.org", 'role' => $role]);
  wp_set_current_user($user);
  $ids[$role] = wp_insert_post(['post_title' => "By the $role", 'post_status' => $role === 'contributor' ? 'pending' : 'publish', 'post_content' => ${JSON.stringify(naming(unlisted.url))}]);
}
wp_set_current_user(1);
$page = fn ($title, $content) => wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => $title, 'post_content' => $content]);
$ids['plain'] = $page('Plain', '<!-- wp:venue-events/events {"venue":"blue-room"} /-->');
$ids['cachedBlock'] = $page('Cached block', '<!-- wp:venue-events/events {"venue":"blue-room"} /-->');
$ids['cachedShortcode'] = $page('Cached shortcode', "Before.\\n\\n[venue_events venue=\\"blue-room\\"]\\n\\nAfter.");
$ids['redirected'] = $page('Redirected', '[venue_events venue="redirected"]');
echo json_encode($ids);`);
  return JSON.parse(out) as Record<string, number>;
}

beforeAll(async () => {
  [wp, demo, unlisted, browser] = await Promise.all([
    startWordPress(),
    startDemoServer(NOW),
    unlistedServer(),
    launchChromium(),
  ]);
  compromised = await compromisedServer(demo.origin, unlisted.url);
  ids = await setUp();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await compromised?.close();
  await unlisted?.close();
  await demo?.close();
  await wp?.close();
});

/** Drops the kept fragments, so the next view asks the events server again. */
const forgetFragments = () =>
  wp.php(`
global $wpdb;
$wpdb->query("DELETE FROM {$wpdb->options} WHERE option_name LIKE '_transient%venue_events_%'");`);

/** The served HTML of `?p=` / `?page_id=` `id`. */
async function served(query: string): Promise<string> {
  return (await fetch(`${wp.origin}/?${query}`)).text();
}

/** A page in `context` recording page errors and every request's URL. */
async function recording(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  return { page, errors, requests };
}

const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: string }).__pwned);

/** The plugin's own script URL on the site. */
const pluginScript = () =>
  `${wp.origin}/wp-content/plugins/venue-events/widget/v0.2.1/venue-events.js`;

describe('no events server runs code on a WordPress site, and only the administrator names them', () => {
  it("uses no unlisted server an author or editor names, in the page's HTML or its script", async () => {
    for (const role of ['author', 'editor'] as const) {
      const html = await served(`p=${ids[role]}`);
      const elements = html.match(/<venue-events [^>]*>/g) ?? [];
      expect(elements, role).toHaveLength(2);
      for (const element of elements) expect(element).toContain(`base-url="${demo.origin}"`);
      expect(html, role).not.toContain(unlisted.url);
      expect(html.match(/<script type="module" src=['"]([^'"]+)['"]/)?.[1]).toBe(pluginScript());
    }
    expect(unlisted.requests).toEqual([]);
  });

  it("previews a contributor's pending post for the administrator with the listed server's cards and nothing of the unlisted one", async () => {
    const context = await browser.newContext();
    const { page, errors, requests } = await recording(context);
    await logIn(page, wp.origin, 'admin', 'admin-password');
    await page.goto(`${wp.origin}/?p=${ids.contributor}&preview=true`);
    await page.waitForFunction(() => document.querySelectorAll('venue-events').length === 2);
    await page.evaluate(() =>
      Promise.all(
        [...document.querySelectorAll('venue-events')].map(
          (el) => (el as unknown as { updateComplete: Promise<unknown> }).updateComplete,
        ),
      ),
    );
    expect(await page.locator('venue-events [part="card"]').count()).toBe(24);
    expect(requests.filter((url) => url.startsWith(unlisted.url))).toEqual([]);
    expect(requests.filter((url) => url.endsWith('.js') && !url.startsWith(wp.origin))).toEqual([]);
    expect(await pwned(page)).toBeUndefined();
    expect(errors).toEqual([]);
    expect(unlisted.requests).toEqual([]);
    await context.close();
  });

  it("draws a contributor's block for the editor's preview (the REST block renderer) from the listed server", async () => {
    const out = await wp.php(`
wp_set_current_user(get_user_by('login', 'contributor')->ID);
$request = new WP_REST_Request('GET', '/wp/v2/block-renderer/venue-events/events');
$request->set_param('context', 'edit');
$request->set_param('attributes', ['venue' => 'blue-room', 'server' => '${unlisted.url}']);
$response = rest_do_request($request);
echo json_encode(['status' => $response->get_status(), 'data' => $response->get_data()]);`);
    const { status, data } = JSON.parse(out) as { status: number; data: { rendered: string } };
    expect(status).toBe(200);
    expect(data.rendered).toMatch(
      new RegExp(`^<venue-events venue="blue-room" base-url="${demo.origin}"`),
    );
    expect(unlisted.requests).toEqual([]);
  });

  it("says in the block's sidebar that an unlisted server is ignored, and loads no events server's script in the editor", async () => {
    const context = await browser.newContext();
    const { page, errors, requests } = await recording(context);
    await logIn(page, wp.origin, 'contributor', 'contributor-password');
    await openBlockEditor(page, wp.origin, ids.contributor!);
    const block = page.locator('[data-type="venue-events/events"]');
    await block.locator('venue-events [part="card"]').first().waitFor({ timeout: 20_000 });
    await block.click({ force: true });
    const notice = page.locator('.components-notice', {
      hasText: `${unlisted.url}: not on the site's list of events servers`,
    });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('it is ignored and the default server is used');
    expect(requests).toContain(pluginScript());
    expect(requests.filter((url) => url.startsWith(unlisted.url))).toEqual([]);
    expect(requests.filter((url) => url.startsWith(demo.origin) && url.includes('.js'))).toEqual(
      [],
    );
    expect(await pwned(page)).toBeUndefined();
    expect(errors).toEqual([]);
    expect(unlisted.requests).toEqual([]);
    await context.close();
  }, 60_000);

  it("with the configured server compromised, runs none of its script, keeps the page's styles and globals, and shows the cards", async () => {
    await wp.php(`update_option('venue_events_servers', ['${compromised.url}']);`);
    await forgetFragments();
    try {
      const context = await browser.newContext();
      const { page, errors, requests } = await recording(context);
      await page.goto(`${wp.origin}/?page_id=${ids.plain}`);
      await page.locator('venue-events [part="card"]').first().waitFor({ timeout: 15_000 });
      // The plugin's script defines the element and takes the drawn cards over.
      await page.waitForFunction(
        () =>
          (document.querySelector('venue-events') as { hasUpdated?: boolean } | null)?.hasUpdated,
        undefined,
        { timeout: 15_000 },
      );
      expect(await page.locator('venue-events [part="card"]').count()).toBe(12);
      expect(await pwned(page)).toBeUndefined();
      const page_ = await page.evaluate(() => ({
        outline: getComputedStyle(document.documentElement).outlineStyle,
        body: getComputedStyle(document.body).display,
        globals: ['pwnLink', 'pwnName', 'pwnForm', 'pwnImage'].filter((name) => name in window),
        forms: document.querySelectorAll('venue-events form, venue-events input').length,
        ids: document.querySelectorAll('venue-events [id], venue-events [name]').length,
        jsonLd: [...document.querySelectorAll('venue-events script[type="application/ld+json"]')]
          .map((s) => s.textContent ?? '')
          .filter((text) => text.includes('Not an event')),
      }));
      expect(page_).toEqual({
        outline: 'none',
        body: 'block',
        globals: [],
        forms: 0,
        ids: 0,
        jsonLd: [],
      });
      expect(requests.filter((url) => url.endsWith('.js') && !url.startsWith(wp.origin))).toEqual(
        [],
      );
      expect(compromised.requests.filter((path) => /\.js(\?|$)/.test(path))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await wp.php(`update_option('venue_events_servers', ['${demo.origin}']);`);
    }
  });

  it('with the configured server compromised, loads none of its script in the block editor', async () => {
    await wp.php(`update_option('venue_events_servers', ['${compromised.url}']);`);
    try {
      const context = await browser.newContext();
      const { page, errors } = await recording(context);
      await logIn(page, wp.origin, 'admin', 'admin-password');
      await openBlockEditor(page, wp.origin, ids.plain!);
      await page
        .locator('[data-type="venue-events/events"] venue-events [part="card"]')
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await pwned(page)).toBeUndefined();
      expect(compromised.requests.filter((path) => /\.js(\?|$)/.test(path))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await wp.php(`update_option('venue_events_servers', ['${demo.origin}']);`);
    }
  }, 60_000);

  it('follows no redirect of an events server: the element with its link instead, and nothing asked of the redirect target', async () => {
    await wp.php(`update_option('venue_events_servers', ['${compromised.url}']);`);
    try {
      const html = await served(`page_id=${ids.redirected}`);
      expect(html).toContain(
        `<venue-events venue="redirected" base-url="${compromised.url}"><a href="${compromised.url}/t/redirected/events">See all upcoming events</a></venue-events>`,
      );
      expect(compromised.requests).toContain('/t/redirected/widget.html');
      expect(unlisted.requests).toEqual([]);
    } finally {
      await wp.php(`update_option('venue_events_servers', ['${demo.origin}']);`);
    }
  });
});

/** A test's own events server on `host`:`port` (a free port for 0), recording each request's path. */
async function serve(app: express.Express, host = '127.0.0.1', port = 0): Promise<Hostile> {
  const requests: string[] = [];
  const outer = express();
  outer.use((req, _res, next) => {
    requests.push(req.originalUrl);
    next();
  });
  outer.use(app);
  const server = createServer(outer);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The rule a compromised server puts in its fragment's styles to lay the element over the page. */
const OVERLAY = ':host{position:fixed;inset:0;z-index:99999;background:rgb(255,255,255)}';

/**
 * A compromised events server that passes the demo server's answers through, its `widget.html`
 * with OVERLAY in the declarative shadow root: at the end of the fragment's `<style>` (after its
 * `:host{all:initial}`, which would reset it) and as a `<style>` of its own after it.
 */
function overlayServer(upstream: string): Promise<Hostile> {
  const app = express();
  app.use(async (req, res) => {
    const answer = await fetch(`${upstream}${req.originalUrl}`);
    const body = await answer.text();
    res.status(answer.status).type(answer.headers.get('content-type') ?? 'text/html');
    res.send(body.replace('</style>', `${OVERLAY}</style><style>${OVERLAY}</style>`));
  });
  return serve(app);
}

/**
 * A compromised events server whose `widget.html` is the demo's fragment for blue-room padded
 * (inside it, with a comment the plugin's check removes) to a size by venue: `huge` 1.2 MB sent in
 * chunks without a length, `huge-declared` 1.2 MB with its Content-Length, `almost` 900 kB.
 */
function hugeServer(upstream: string): Promise<Hostile> {
  const sizes: Record<string, number> = {
    huge: 1_200_000,
    'huge-declared': 1_200_000,
    almost: 900_000,
  };
  const app = express();
  app.get('/t/:venue/widget.html', async (req, res) => {
    const fragment = await (await fetch(`${upstream}/t/blue-room/widget.html`)).text();
    const padding = `<!--${'x'.repeat(sizes[req.params.venue] ?? 0)}-->`;
    const body = fragment.replace(/<\/venue-events>\s*$/, `${padding}</venue-events>`);
    res.type('html');
    if (req.params.venue !== 'huge') {
      res.send(body);
      return;
    }
    for (let at = 0; at < body.length; at += 65_536) res.write(body.slice(at, at + 65_536));
    res.end();
  });
  return serve(app);
}

/** The fallback element of `venue` on `server`: the element around the link to its listing. */
const fallback = (venue: string, server: string) =>
  `<venue-events venue="${venue}" base-url="${server}"><a href="${server}/t/${venue}/events">See all upcoming events</a></venue-events>`;

/** The number of fragments the plugin keeps (transients `venue_events_*`, the last good copies included). */
const keptFragments = async () =>
  Number(
    await wp.php(`
global $wpdb;
echo (int) $wpdb->get_var($wpdb->prepare("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like('_transient_venue_events_') . '%'));`),
  );

describe('a compromised events server cannot take the page, its host or the site over', () => {
  let overlay: Hostile;
  let huge: Hostile;
  /** Page ids by name. */
  let pages: Record<string, number> = {};

  beforeAll(async () => {
    [overlay, huge] = await Promise.all([overlayServer(demo.origin), hugeServer(demo.origin)]);
    const shortcode = (venue: string, server: string) =>
      `[venue_events venue=\\"${venue}\\" server=\\"${server}\\"]`;
    pages = JSON.parse(
      await wp.php(`
update_option('venue_events_servers', ['${demo.origin}', '${overlay.url}', '${huge.url}']);
$page = fn ($title, $content) => wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => $title, 'post_content' => $content]);
echo json_encode([
  'overlay' => $page('Overlaid', "<p><a id=\\"own-link\\" href=\\"#own\\">Our own link</a></p>\\n\\n${shortcode('blue-room', overlay.url)}\\n\\n<p id=\\"after\\">After the events.</p>"),
  'huge' => $page('Huge', "${shortcode('huge', huge.url)}\\n\\n${shortcode('huge-declared', huge.url)}\\n\\n<p>After the events.</p>"),
  'almost' => $page('Almost', "${shortcode('almost', huge.url)}"),
]);`),
    ) as Record<string, number>;
  }, 30_000);

  afterAll(async () => {
    await wp.php(`update_option('venue_events_servers', ['${demo.origin}']);`);
    await overlay?.close();
    await huge?.close();
  });

  it("with JavaScript off, a fragment styled `:host{position:fixed;inset:0;z-index:99999}` stays in its place, in the plugin's styles, and the page's own link stays clickable", async () => {
    await forgetFragments();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${wp.origin}/?page_id=${pages.overlay}`);
    expect(overlay.requests).toContain('/t/blue-room/widget.html');
    const element = page.locator('venue-events');
    expect(await element.locator('[part="card"]').count()).toBe(12);
    const box = await element.evaluate((el) => {
      const style = getComputedStyle(el);
      const link = document.getElementById('own-link')!.getBoundingClientRect();
      const at = document.elementFromPoint(link.x + link.width / 2, link.y + link.height / 2);
      return {
        position: style.position,
        zIndex: style.zIndex,
        belowTheLink: el.getBoundingClientRect().top >= link.bottom,
        linkOnTop: at?.id === 'own-link',
      };
    });
    expect(box).toEqual({
      position: 'static',
      zIndex: 'auto',
      belowTheLink: true,
      linkOnTop: true,
    });
    // The card looks as the release draws it: the same size as on the demo server's own fragment.
    const cardSize = (p: Page) =>
      p
        .locator('venue-events [part="card"]')
        .first()
        .evaluate((card) => {
          const { width, height } = card.getBoundingClientRect();
          return { width: Math.round(width), height: Math.round(height) };
        });
    const honest = await context.newPage();
    await honest.goto(`${wp.origin}/?page_id=${ids.plain}`);
    expect(await cardSize(page)).toEqual(await cardSize(honest));
    await page.click('#own-link', { timeout: 5_000 });
    expect(new URL(page.url()).hash).toBe('#own');
    await context.close();
  });

  it('refuses a fragment over 1 MB, sent in chunks or with its length: the element with its link instead, and the page whole', async () => {
    await forgetFragments();
    const html = await served(`page_id=${pages.huge}`);
    expect(huge.requests).toEqual(
      expect.arrayContaining(['/t/huge/widget.html', '/t/huge-declared/widget.html']),
    );
    expect(html).toContain(fallback('huge', huge.url));
    expect(html).toContain(fallback('huge-declared', huge.url));
    expect(html).not.toContain('<template shadowrootmode');
    expect(html).toContain('After the events.');
    expect(html.length).toBeLessThan(500_000);
    expect(await keptFragments()).toBe(0);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${wp.origin}/?page_id=${pages.huge}`);
    expect(await page.getByRole('link', { name: 'See all upcoming events' }).count()).toBe(2);
    expect(await page.getByText('After the events.').isVisible()).toBe(true);
    await context.close();
    // Under the bound, the same padded fragment is drawn.
    expect(await served(`page_id=${pages.almost}`)).toContain('<template shadowrootmode="open">');
  });
});

describe('an events server whose name resolves elsewhere once checked (DNS rebinding)', () => {
  const name = `venue-events-rebind-${process.pid}.test`;
  /** The hosts file's lines without this test's entry. */
  const others = () =>
    readFileSync('/etc/hosts', 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.endsWith(` ${name}`));
  /** Points `name` at `ip` in the hosts file (written in place: it may be a mount). */
  const point = (ip: string | null) =>
    writeFileSync('/etc/hosts', `${[...others(), ...(ip ? [`${ip} ${name}`] : [])].join('\n')}\n`);
  let internal: Hostile;
  let rebinding: string;

  beforeAll(async () => {
    const port = new URL(demo.origin).port;
    rebinding = `http://${name}:${port}`;
    // A service of the machine's own network, on the same port as the events server.
    const app = express();
    app.use((_req, res) => {
      res
        .type('html')
        .send(
          '<venue-events venue="blue-room"><template shadowrootmode="open"><p>Internal service</p></template></venue-events>',
        );
    });
    internal = await serve(app, '127.0.0.2', Number(port));
    point('127.0.0.1');
    // The resolver's answer changes as the site starts each request to the name, and changes
    // back once it is answered: what a rebinding DNS server does between two lookups.
    await wp.php(`
update_option('venue_events_servers', ['${demo.origin}', '${rebinding}']);
file_put_contents(WPMU_PLUGIN_DIR . '/rebind.php', '<?php
define("WP_ACCESSIBLE_HOSTS", "${name}");
function test_rebind_to($ip) {
  $lines = array_filter(file("/etc/hosts", FILE_IGNORE_NEW_LINES), fn ($l) => $l !== "" && substr($l, -${name.length + 1}) !== " ${name}");
  $lines[] = "$ip ${name}";
  file_put_contents("/etc/hosts", implode("\\n", $lines) . "\\n");
}
add_filter("pre_http_request", function ($pre, $args, $url) {
  if (parse_url($url, PHP_URL_HOST) === "${name}") test_rebind_to("127.0.0.2");
  return $pre;
}, 10, 3);
add_action("http_api_debug", function ($response, $context, $class, $args, $url) {
  if (parse_url($url, PHP_URL_HOST) === "${name}") test_rebind_to("127.0.0.1");
}, 10, 5);
');`);
  }, 30_000);

  afterAll(async () => {
    point(null);
    await wp.php(`
unlink(WPMU_PLUGIN_DIR . '/rebind.php');
update_option('venue_events_servers', ['${demo.origin}']);`);
    await internal?.close();
  });

  it('fetches the fragment from the address it checked, not from the one the name points to at fetch time', async () => {
    // The setting is real: a plain request of WordPress's to the name reaches the internal service.
    const plain = await wp.php(
      `echo wp_remote_retrieve_body(wp_remote_get('${rebinding}/t/blue-room/widget.html'));`,
    );
    expect(plain).toContain('Internal service');
    expect(internal.requests).toEqual(['/t/blue-room/widget.html']);

    await forgetFragments();
    const out = await wp.php(`
$id = wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Rebound', 'post_content' => '[venue_events venue="blue-room" server="${rebinding}"]']);
echo $id;`);
    const html = await served(`page_id=${Number(out)}`);
    expect(html).toMatch(
      new RegExp(
        `<venue-events venue="blue-room" base-url="${rebinding}"><template shadowrootmode="open">`,
      ),
    );
    expect(html.match(/part="card"/g)).toHaveLength(12);
    expect(html).not.toContain('Internal service');
    expect(internal.requests).toHaveLength(1);
  });
  it("on WordPress's other transport (Requests' fsockopen, where PHP has no cURL) connects to the checked address too", async () => {
    const before = internal.requests.length;
    const out = await wp.php(`
Requests::$transport[serialize(['ssl' => false])] = 'Requests_Transport_fsockopen';
$plain = wp_remote_retrieve_body(wp_remote_get('${rebinding}/t/blue-room/widget.html'));
$fetched = wp_remote_retrieve_body(venue_events_get('${rebinding}/t/blue-room/widget.html', '${rebinding}'));
echo json_encode(['plain' => strpos($plain, 'Internal service') !== false, 'cards' => substr_count($fetched, 'part="card"')]);`);
    expect(JSON.parse(out)).toEqual({ plain: true, cards: 12 });
    expect(internal.requests.length - before).toBe(1);
  });
});

describe('a shortcode written in an attribute value', () => {
  it('is not run: the drawn element and the element with its link keep `[venue_events]` as their category', async () => {
    const block = (venue: string) =>
      `<!-- wp:venue-events/events {"venue":"${venue}","category":"[venue_events]"} /-->`;
    const id = await wp.php(`
echo wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Bracketed', 'post_content' => ${JSON.stringify(`${block('blue-room')}\n\n${block('nowhere')}`)}]);`);
    const html = await served(`page_id=${Number(id)}`);
    const elements = html.match(/<venue-events [^>]*>/g) ?? [];
    expect(elements).toHaveLength(2);
    for (const element of elements) expect(element).toContain('category="&#91;venue_events]"');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${wp.origin}/?page_id=${Number(id)}`);
    expect(
      await page
        .locator('venue-events')
        .evaluateAll((els) => els.map((el) => el.getAttribute('category'))),
    ).toEqual(['[venue_events]', '[venue_events]']);
    await context.close();
  });
});

describe('the cache of fragments', () => {
  it('keeps one entry per allowed value: other spellings, unknown languages, venues, categories and ticket link parameters a contributor gives create none', async () => {
    await forgetFragments();
    /** Renders each attribute set for the editor's preview (the REST block renderer) as the contributor. */
    const render = (sets: Record<string, string>[]) =>
      wp.php(`
wp_set_current_user(get_user_by('login', 'contributor')->ID);
foreach (json_decode(${JSON.stringify(JSON.stringify(sets))}, true) as $attributes) {
  $request = new WP_REST_Request('GET', '/wp/v2/block-renderer/venue-events/events');
  $request->set_param('context', 'edit');
  $request->set_param('attributes', $attributes + ['venue' => 'blue-room']);
  if (rest_do_request($request)->get_status() !== 200) echo 'refused ';
}`);
    const allowed = ['', 'de', 'en'].flatMap((locale) =>
      ['', 'compact'].map((layout) => ({ locale, layout })),
    );
    expect(await render(allowed)).toBe('');
    const kept = await keptFragments();
    // The fresh copy and the last good one of each of the 6 elements.
    expect(kept).toBe(12);

    const locales = [
      'DE',
      'de-AT',
      'de-ch',
      'de-Latn-AT',
      'EN-gb',
      'en-AU',
      'zz',
      'tlh',
      'x-klingon',
    ];
    const noise: Record<string, string>[] = [
      ...locales.map((locale) => ({ locale })),
      ...['COMPACT', 'grid', 'compact '].map((layout) => ({ layout })),
      { view: 'calendar' },
      { view: 'LIST' },
      ...['no-such-category', 'No-Such-Category', 'another, no-such-category'].map((category) => ({
        category,
      })),
      { venue: 'nowhere' },
      { venue: 'blue-room nowhere' },
      // An author's own words: drawn in a preview, kept only as published content gives them.
      ...[
        'utm_source=preview-1',
        'utm_source=preview-2&utm_campaign={event_slug}',
        'utm source=x',
      ].map((ticketLinkParams) => ({ ticketLinkParams })),
    ];
    expect(await render(noise)).toBe('');
    expect(await keptFragments()).toBe(kept);
  });
});

describe('the settings', () => {
  it('checks each events server address: https, http only to loopback, local networks only when allowed', async () => {
    const out = await wp.php(`
$cases = [];
foreach ([
  ['https://93.184.215.14', false], ['https://events.example.org/path', false], ['http://93.184.215.14', false],
  ['http://127.0.0.1:8080', true], ['http://127.0.0.1:8080', false], ['http://localhost:8080', true],
  ['https://169.254.169.254', false], ['https://169.254.169.254', true], ['https://10.0.0.8', false],
  ['https://192.168.1.2', false], ['https://100.64.0.1', false], ['https://[fe80::1]', false],
  ['https://[fd00::1]', false], ['https://no-such-host.invalid', false], ['javascript:alert(1)', false],
  ['https://events.example.org/?x=1', false], ['https://user@93.184.215.14', false],
] as [$url, $local]) {
  $cases[] = venue_events_server_problem($url, $local);
}
echo json_encode($cases);`);
    const problems = JSON.parse(out) as string[];
    // events.example.org does not resolve here (no network): "does not resolve" is its problem.
    expect(
      problems.map((p) => (p === '' ? 'ok' : p.replace(/^.* (is|must|does|has) /, '$1 '))),
    ).toEqual([
      'ok',
      'does not resolve to an address.',
      'must use https (plain http only to this machine).',
      'ok',
      'is on a local network (127.0.0.1): tick "Allow local network addresses" to use it.',
      'ok',
      'is on a local network (169.254.169.254): tick "Allow local network addresses" to use it.',
      'ok',
      'is on a local network (10.0.0.8): tick "Allow local network addresses" to use it.',
      'is on a local network (192.168.1.2): tick "Allow local network addresses" to use it.',
      'is on a local network (100.64.0.1): tick "Allow local network addresses" to use it.',
      'is on a local network (fe80::1): tick "Allow local network addresses" to use it.',
      'is on a local network (fd00::1): tick "Allow local network addresses" to use it.',
      'does not resolve to an address.',
      'is not an http(s) address.',
      "has a query, a fragment or a user name: give only the server's address.",
      "has a query, a fragment or a user name: give only the server's address.",
    ]);
  });

  it('refuses a bad address in the form with a notice naming it and keeps the saved list; the nonce and the capability are checked', async () => {
    const widgetVersion = (
      JSON.parse(readFileSync('dist/widget/manifest.json', 'utf8')) as { version: string }
    ).version;
    const context = await browser.newContext();
    const { page, errors } = await recording(context);
    await logIn(page, wp.origin, 'admin', 'admin-password');
    const settings = `${wp.origin}/wp-admin/options-general.php?page=venue-events`;
    await page.goto(settings);
    expect(await page.getByText(`Widget ${widgetVersion}, shipped with this plugin`).count()).toBe(
      1,
    );
    const servers = page.getByLabel('Events servers');
    expect(await servers.inputValue()).toBe(demo.origin);

    await servers.fill(`${demo.origin}\nhttps://169.254.169.254`);
    await page.getByLabel('Allow local network addresses').uncheck();
    await Promise.all([page.waitForURL(/settings-updated/), page.click('#submit')]);
    const notice = page.locator('.notice-error, .error');
    expect(await notice.innerText()).toContain(
      'https://169.254.169.254 is on a local network (169.254.169.254)',
    );
    expect(await notice.innerText()).toContain('The list was not changed.');
    expect(await page.getByLabel('Events servers').inputValue()).toBe(demo.origin);

    await page.getByLabel('Allow local network addresses').check();
    await page.getByLabel('Default venue').fill('Not A Slug!');
    await Promise.all([page.waitForURL(/settings-updated/), page.click('#submit')]);
    expect(await page.locator('.notice-error, .error').innerText()).toContain(
      '"Not A Slug!" is not a venue slug',
    );
    expect(await page.getByLabel('Default venue').inputValue()).toBe('blue-room');

    // options.php with a forged nonce saves nothing.
    const forged = await page.request.post(`${wp.origin}/wp-admin/options.php`, {
      form: {
        option_page: 'venue_events',
        action: 'update',
        _wpnonce: 'forged',
        venue_events_servers: 'https://93.184.215.14',
      },
    });
    expect(forged.status()).toBe(403);
    expect(JSON.parse(await wp.php(`echo json_encode(venue_events_servers());`))).toEqual([
      demo.origin,
    ]);
    expect(errors).toEqual([]);
    await context.close();

    const asEditor = await browser.newContext();
    const editorPage = await asEditor.newPage();
    await logIn(editorPage, wp.origin, 'editor', 'editor-password');
    await editorPage.goto(settings);
    expect(
      await editorPage.getByText('Sorry, you are not allowed to access this page.').count(),
    ).toBe(1);
    expect(await editorPage.getByLabel('Events servers').count()).toBe(0);
    await asEditor.close();
    // Two logins and seven wp-admin pages: some 6 s alone, over 30 s seen beside the other
    // WordPress file and its Chromium on this 2-core machine.
  }, 90_000);
  it('refuses IPv6 addresses on local networks as their IPv4 kin: loopback, unique local, link-local, and IPv4 ones mapped into IPv6', async () => {
    const cases: [string, boolean][] = [
      ['http://[::1]:8080', true],
      ['https://[::1]', false],
      ['https://[fc00::1]', false],
      ['https://[fdff:ffff::1]', false],
      ['https://[fe80::1]', false],
      ['https://[febf::1]', false],
      ['https://[::ffff:192.168.1.2]', false],
      ['https://[::ffff:a00:1]', false],
      ['https://[::ffff:169.254.169.254]', false],
      ['http://[::ffff:127.0.0.1]:8080', true],
      ['https://[64:ff9b::a9fe:a9fe]', false],
      ['https://[::]', false],
      ['https://[2606:4700:4700::1111]', false],
      ['https://[::ffff:93.184.215.14]', false],
    ];
    const out = await wp.php(`
echo json_encode(array_map(fn ($c) => venue_events_server_problem($c[0], $c[1]), json_decode('${JSON.stringify(cases)}', true)));`);
    const local = (ip: string) =>
      `is on a local network (${ip}): tick "Allow local network addresses" to use it.`;
    expect(
      (JSON.parse(out) as string[]).map((p) => (p === '' ? 'ok' : p.replace(/^.* (is) /, '$1 '))),
    ).toEqual([
      'ok',
      local('::1'),
      local('fc00::1'),
      local('fdff:ffff::1'),
      local('fe80::1'),
      local('febf::1'),
      local('::ffff:192.168.1.2'),
      local('::ffff:a00:1'),
      local('::ffff:169.254.169.254'),
      'ok',
      local('64:ff9b::a9fe:a9fe'),
      local('::'),
      'ok',
      'ok',
    ]);
  });
});

describe('behind a cache of rendered post content', () => {
  it('keeps the element on a later view that the cache answers, for the block and the shortcode', async () => {
    // A must-use plugin standing for a page builder's or fragment cache's: the first view's
    // rendered content is kept; later views get it back with none of the content filters run.
    await wp.php(`
file_put_contents(WPMU_PLUGIN_DIR . '/content-cache.php', '<?php
add_filter("the_content", function ($content) {
  $kept = get_option("test_content_cache_" . get_the_ID());
  if (!is_string($kept)) return $content;
  remove_all_filters("the_content");
  return $kept;
}, PHP_INT_MIN);
add_filter("the_content", function ($content) {
  if (false === get_option("test_content_cache_" . get_the_ID())) update_option("test_content_cache_" . get_the_ID(), $content);
  return $content;
}, PHP_INT_MAX - 1);
');`);
    for (const name of ['cachedBlock', 'cachedShortcode']) {
      const first = await served(`page_id=${ids[name]}`);
      expect(first, name).toContain('<template shadowrootmode="open">');
      expect(
        await wp.php(
          `echo is_string(get_option('test_content_cache_${ids[name]}')) ? 'kept' : 'no';`,
        ),
      ).toBe('kept');
      const later = await served(`page_id=${ids[name]}`);
      const element = /<venue-events [\s\S]*?<\/venue-events>/.exec(later)?.[0];
      expect(element, `${name}: the element on the cached view`).toContain(
        '<template shadowrootmode="open">',
      );

      const off = await browser.newContext({ javaScriptEnabled: false });
      const still = await off.newPage();
      await still.goto(`${wp.origin}/?page_id=${ids[name]}`);
      expect(await still.locator('venue-events [part="card"]').count(), name).toBe(12);
      await off.close();
    }
  });
});

describe('deleting the plugin', () => {
  it('leaves none of its options or kept fragments behind', async () => {
    const count = `
global $wpdb;
$count = fn ($like) => (int) $wpdb->get_var($wpdb->prepare("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", $like));
$left = fn () => ['options' => $count('venue\\\\_events\\\\_%'), 'transients' => $count('%transient%venue\\\\_events\\\\_%')];`;
    const out = await wp.php(`${count}
update_option('venue_events_locale', 'de');
venue_events_render(['venue' => 'blue-room']);
$before = $left();
wp_set_current_user(1);
deactivate_plugins('venue-events/venue-events.php');
require_once ABSPATH . 'wp-admin/includes/file.php';
$deleted = delete_plugins(['venue-events/venue-events.php']);
echo json_encode(['before' => $before, 'deleted' => $deleted, 'after' => $left(), 'files' => file_exists(WP_PLUGIN_DIR . '/venue-events')]);`);
    const { before, deleted, after, files } = JSON.parse(out) as {
      before: { options: number; transients: number };
      deleted: boolean;
      after: { options: number; transients: number };
      files: boolean;
    };
    expect(before.options).toBeGreaterThanOrEqual(4);
    expect(before.transients).toBeGreaterThan(0);
    expect({ deleted, after, files }).toEqual({
      deleted: true,
      after: { options: 0, transients: 0 },
      files: false,
    });
  });
});
