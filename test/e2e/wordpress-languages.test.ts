/**
 * The WordPress plugin in another language (docs/wordpress.md "Languages"), in a real WordPress
 * 6.1 (Debian's) with the plugin installed from its zip: the zip's own `languages/venue-events.pot`
 * made into a pseudo-translation ("[de] " before every string, with WordPress's own gettext
 * library) in the plugin's `languages/` folder, a `.mo` for the PHP and the JSON `wp i18n
 * make-json` would write for the editor script, and the site's language set to German. Every
 * string of the settings page, its notices, the block's link and the editor's sidebar then shows
 * translated, which proves each reaches WordPress's i18n functions in the text domain, and the
 * block asks the events server for the site's language (`de_DE` → `locale=de-DE`). Its page
 * preloads the widget's two language chunks (`widget/v0.2.1/manifest.json`'s `languages`), which
 * the widget's own `import()`s then take instead of fetching them again, as they take the script
 * itself: fetched once.
 */
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startDemoServer, type DemoServer } from '../support/browser.js';
import { logIn, openBlockEditor, startWordPress, type WordPress } from '../support/wordpress.js';

const NOW = new Date('2026-12-05T12:00:00Z');

let wp: WordPress | undefined;
let demo: DemoServer | undefined;
let browser: Browser | undefined;
let pages: Record<string, number> = {};

/**
 * Pseudo-translates the installed plugin's template into German: its `.mo`, and the editor
 * script's JSON (the messages referenced as `build/editor.js`, named by that path's md5, as
 * `wp i18n make-json` names it). WordPress offers a site language only when it has its files, so
 * an empty core `de_DE.mo` comes too.
 */
const TRANSLATE = `
require_once ABSPATH . WPINC . '/pomo/po.php';
$languages = WP_PLUGIN_DIR . '/venue-events/languages';
$headers = array( 'Language' => 'de_DE', 'Plural-Forms' => 'nplurals=2; plural=(n != 1);', 'Content-Type' => 'text/plain; charset=UTF-8' );
$pot = new PO();
$pot->import_from_file( "$languages/venue-events.pot" );
$mo = new MO();
$mo->set_headers( $headers );
$script = array( '' => array( 'domain' => 'messages', 'lang' => 'de_DE', 'plural-forms' => $headers['Plural-Forms'] ) );
foreach ( $pot->entries as $entry ) {
  $entry->translations = $entry->is_plural ? array( '[de] ' . $entry->singular, '[de] ' . $entry->plural ) : array( '[de] ' . $entry->singular );
  $mo->add_entry( $entry );
  if ( in_array( 'build/editor.js', $entry->references, true ) ) {
    $script[ $entry->context ? $entry->context . "\\4" . $entry->singular : $entry->singular ] = $entry->translations;
  }
}
$mo->export_to_file( "$languages/venue-events-de_DE.mo" );
file_put_contents( "$languages/venue-events-de_DE-" . md5( 'build/editor.js' ) . '.json', wp_json_encode( array( 'locale_data' => array( 'messages' => $script ) ) ) );
wp_mkdir_p( WP_LANG_DIR );
$core = new MO();
$core->set_headers( $headers );
$core->export_to_file( WP_LANG_DIR . '/de_DE.mo' );
update_option( 'WPLANG', 'de_DE' );
echo count( $pot->entries );`;

beforeAll(async () => {
  [wp, demo, browser] = await Promise.all([
    startWordPress(),
    startDemoServer(NOW),
    launchChromium(),
  ]);
  const out = await wp.php(`
activate_plugin('venue-events/venue-events.php', '', false, true);
update_option('venue_events_servers', ['${demo.origin}']);
update_option('venue_events_allow_local', true);
update_option('venue_events_venue', 'blue-room');
${TRANSLATE}
echo ' ', json_encode([
  'block' => wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Block', 'post_content' => '<!-- wp:venue-events/events {"venue":"blue-room"} /-->']),
  'french' => wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'French', 'post_content' => '[venue_events locale="fr"]']),
  'mixed' => wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Mixed', 'post_content' => implode("\\n\\n", ['[venue_events]', '[venue_events locale="de-AT"]', '[venue_events locale="pt-BR"]'])]),
  'english' => wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'English', 'post_content' => '[venue_events locale="en-GB"]']),
]);`);
  const [count, ids] = out.split(' ', 2) as [string, string];
  expect(Number(count)).toBeGreaterThan(40);
  pages = JSON.parse(ids) as Record<string, number>;
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await wp?.close();
});

/** The texts of `html` between its tags (a textarea's content left out: a value), trimmed. */
const texts = (html: string) =>
  html
    .replace(/<textarea[^>]*>[\s\S]*?<\/textarea>/g, '<textarea>')
    .split(/<[^>]*>/)
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

describe('the WordPress plugin with the site in German (a pseudo-translation of its .pot)', () => {
  it('translates its header, its block type and every text of the settings page', async () => {
    const out = await wp!.php(`
require_once ABSPATH . 'wp-admin/includes/template.php';
wp_set_current_user(1);
ob_start();
venue_events_settings_page();
echo json_encode([
  'page' => ob_get_clean(),
  'name' => get_plugin_data(WP_PLUGIN_DIR . '/venue-events/venue-events.php')['Name'],
  'block' => WP_Block_Type_Registry::get_instance()->get_registered('venue-events/events')->title,
  'keywords' => WP_Block_Type_Registry::get_instance()->get_registered('venue-events/events')->keywords,
]);`);
    const { page, name, block, keywords } = JSON.parse(out) as {
      page: string;
      name: string;
      block: string;
      keywords: string[];
    };
    expect(name).toBe('[de] Venue events');
    expect(block).toBe('[de] Venue events');
    expect(keywords).toEqual(['[de] events', '[de] calendar', '[de] venue', '[de] tickets']);
    const shown = texts(page);
    expect(shown).toContain('[de] Default locale');
    expect(shown.filter((t) => !t.startsWith('[de] '))).toEqual([]);
  });

  it("translates the settings' notices", async () => {
    const out = await wp!.php(`
require_once ABSPATH . 'wp-admin/includes/template.php';
venue_events_sanitize_servers('ftp://example.org');
venue_events_register_settings();
sanitize_option('venue_events_locale', 'not a tag');
echo json_encode(array_column(get_settings_errors(), 'message'));`);
    expect(JSON.parse(out)).toEqual([
      '[de] ftp://example.org is not an http(s) address. [de] The list was not changed.',
      '[de] "not a tag" is not a language tag such as en-GB or de; the default locale was not changed.',
    ]);
  });

  it("asks the events server for the site's language, and the block's own first", async () => {
    const german = await (
      await fetch(`${demo!.origin}/t/blue-room/widget.html?locale=de-DE`)
    ).text();
    const english = await (await fetch(`${demo!.origin}/t/blue-room/widget.html`)).text();
    expect(german).not.toBe(english);
    const page = await (await fetch(`${wp!.origin}/?page_id=${pages.block}`)).text();
    expect(page).toContain(german.replace(/\r?\n/g, ' '));
    const french = await (await fetch(`${wp!.origin}/?page_id=${pages.french}`)).text();
    expect(french).toMatch(/<venue-events venue="blue-room" base-url="[^"]+" locale="fr"/);
  });

  it("preloads the widget's language chunks right before its script: the table, then each language's strings, once, none for English", async () => {
    const widget = `${wp!.origin}/wp-content/plugins/venue-events/widget/v0.2.1/`;
    const manifest = (await (await fetch(`${widget}manifest.json`)).json()) as {
      languages: Record<string, { path: string; integrity: string }>;
    };
    const link = (key: string) => {
      const chunk = manifest.languages[key]!;
      return `<link rel="modulepreload" href="${widget}${chunk.path.split('/').pop()}" integrity="${chunk.integrity}" crossorigin="anonymous">\n`;
    };
    const script = `<script type="module" src='${widget}venue-events.js'`;
    const served = async (name: string) =>
      (await fetch(`${wp!.origin}/?page_id=${pages[name]}`)).text();
    const block = await served('block');
    expect(block).toContain(`${link('more')}${link('de')}${script}`);
    expect(block.match(/rel="modulepreload"/g)).toHaveLength(2);
    // Each file is there, and is the one its hash names.
    for (const [, href, integrity] of block.matchAll(
      /<link rel="modulepreload" href="([^"]+)" integrity="([^"]+)"/g,
    )) {
      const response = await fetch(href!);
      expect(response.status, href).toBe(200);
      const body = Buffer.from(await response.arrayBuffer());
      expect(`sha384-${createHash('sha384').update(body).digest('base64')}`, href).toBe(integrity);
    }
    // The site's German, `de-AT` (the same strings) and `pt-BR` (Brazil's own).
    const mixed = await served('mixed');
    expect(mixed).toContain(`${link('more')}${link('de')}${link('pt-br')}${script}`);
    expect(mixed.match(/rel="modulepreload"/g)).toHaveLength(3);
    expect(await served('french')).toContain(`${link('more')}${link('fr')}${script}`);
    const english = await served('english');
    expect(english).toContain(script);
    expect(english).not.toContain('modulepreload');
  });

  it('writes no preload without a readable manifest, and the module script tag as before', async () => {
    const out = await wp!.php(`
$file = WP_PLUGIN_DIR . '/venue-events/widget/v0.2.1/manifest.json';
rename($file, "$file.away");
try {
  venue_events_page_languages('de-DE');
  $tag = venue_events_module_tag("<script src='x.js' id='venue-events-js'></script>\n", 'venue-events');
} finally {
  rename("$file.away", $file);
}
echo $tag;`);
    expect(out).toBe(`<script type="module" src='x.js' id='venue-events-js'></script>\n`);
  });

  it("the widget's imports take the preloaded chunks: each fetched once, by its link; the cards in German", async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    const requested: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || /preload|integrity/i.test(m.text())) problems.push(m.text());
    });
    page.on('request', (r) => {
      if (r.url().includes('/venue-events/widget/')) requested.push(r.url());
    });
    await page.goto(`${wp!.origin}/?page_id=${pages.block}`);
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(preloaded).toHaveLength(2);
    await page.evaluate(async () => {
      await customElements.whenDefined('venue-events');
      const el = document.querySelector('venue-events') as unknown as {
        updateComplete: Promise<unknown>;
      };
      await el.updateComplete;
    });
    expect(await page.locator('venue-events style').count(), 'taken over').toBe(0);
    expect(await page.locator('venue-events [part="card"]').count()).toBe(12);
    expect(await page.locator('venue-events [part="buy-button"]').first().innerText()).toMatch(
      /Tickets kaufen/,
    );
    // The venue's own German words where it wrote them (docs/api.md §10.24), in the element's
    // language (its root's `lang`, which they inherit); the others as the venue wrote them,
    // marked English.
    const titles = await page
      .locator('venue-events [part="title"]')
      .evaluateAll((els) =>
        els.map((e) => [e.textContent, e.closest('[lang]')?.getAttribute('lang')]),
      );
    expect(titles).toContainEqual(['Jazz bis spät in die Nacht', 'de-DE']);
    expect(titles).toContainEqual(['Comedy-Abend', 'de-DE']);
    expect(titles.filter(([, lang]) => lang === 'en').length).toBeGreaterThan(0);
    // Each chunk once, and by its link: asked for before the widget's script, which the
    // `import()`s run from (a chunk the import did not find preloaded would come again after).
    const script = requested.findIndex((u) => new URL(u).pathname.endsWith('/venue-events.js'));
    expect(requested.filter((u) => /\/(more|de)-[\w-]+\.js$/.test(u))).toEqual(preloaded);
    expect(script).toBeGreaterThan(0);
    // And the script itself once: the chunks import it by the URL the page loaded it from.
    expect(requested.filter((u) => new URL(u).pathname.endsWith('/venue-events.js'))).toEqual([
      requested[script],
    ]);
    for (const href of preloaded) expect(requested.indexOf(href), href).toBeLessThan(script);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("translates the block's link to the listing and the editor preview's hint", async () => {
    const out = await wp!.php(`
update_option('venue_events_servers', ['http://127.0.0.1:9']);
$link = do_shortcode('[venue_events venue="nowhere"]');
update_option('venue_events_servers', []);
define('REST_REQUEST', true);
$hint = venue_events_render(['venue' => 'blue-room']);
update_option('venue_events_servers', ['${demo!.origin}']);
echo json_encode(['link' => $link, 'hint' => $hint]);`);
    const { link, hint } = JSON.parse(out) as { link: string; hint: string };
    expect(link).toBe(
      '<venue-events venue="nowhere" base-url="http://127.0.0.1:9" locale="de-DE"><a href="http://127.0.0.1:9/t/nowhere/events">[de] See all upcoming events</a></venue-events>',
    );
    expect(texts(hint)).toEqual([expect.stringMatching(/^\[de\] Set an events server/)]);
  });

  it("translates the block editor's sidebar through wp.i18n", async () => {
    const page = await browser!.newPage();
    await logIn(page, wp!.origin, 'admin', 'admin-password');
    await openBlockEditor(page, wp!.origin, pages.block!);
    const block = page.locator('[data-type="venue-events/events"]');
    await block.locator('venue-events').waitFor({ state: 'attached' });
    await block.click({ force: true });
    expect(await page.getByLabel('[de] Venue', { exact: true }).inputValue()).toBe('blue-room');
    await expect
      .poll(() => page.getByLabel('[de] Layout').locator('option').allInnerTexts())
      .toEqual(['[de] Cards', '[de] Compact']);
    expect(await page.getByText('[de] A language tag such as en-GB or de.').count()).toBe(1);
    await page.close();
  }, 60_000);

  it('leaves no warning, notice or fatal error of the plugin in the debug log', () => {
    const lines = wp!
      .debugLog()
      .split('\n')
      .filter((l) => /PHP (Warning|Notice|Fatal|Parse|Deprecated)/.test(l));
    expect(lines.filter((l) => /venue[-_]events/i.test(l))).toEqual([]);
  });
});
