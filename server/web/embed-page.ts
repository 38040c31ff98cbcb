/**
 * `/embed`: the embed builder, for venues without a developer. Pick the venue (its slug, checked
 * live against the API; or several venues' slugs, separated by spaces or commas, for one list of
 * them all: docs/api.md §10.16, docs/widget.md "Several venues"), the element, the language, the accent colour, the card width and the
 * colour scheme; see the real widget in a live preview; copy the snippet (the pinned script with
 * its integrity hash when the widget is built).
 *
 * Served under a strict Content-Security-Policy like the demo page: the builder's own script and
 * stylesheet are separate files (`/embed/embed.js`, `/embed/embed.css`), nothing inline runs.
 * Works from 320 px up; without JavaScript it shows the basic snippet.
 */
import { join } from 'node:path';
import express, { type Router } from 'express';
import { SLUG, whole } from '../../shared/contract.js';
import { DARK, LIGHT } from '../../shared/palette.js';
import { MAX_VENUES } from '../../shared/rules/venues.js';
import { ROOT } from '../lib/files.js';
import { escapeHtml } from '../lib/html.js';
import { readWidgetManifest, widgetScriptTag, type WidgetManifest } from './widget-router.js';

/** The builder's own files: `embed.js` and `embed.css`. */
export const EMBED_ASSETS_DIR = join(ROOT, 'server', 'web', 'embed');
/**
 * The conformance report and the accessibility statement a venue adapts (docs/accessibility.md),
 * served as it is at `/embed/accessibility.md` for the builder to link.
 */
export const ACCESSIBILITY_REPORT = join(ROOT, 'docs', 'accessibility.md');

export const EMBED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The slug field's pattern: one venue slug, or several separated by spaces or commas (the
 * widget's `venue` takes them separated by spaces; the builder writes them so).
 */
const SLUGS = `\\s*${SLUG}(?:[\\s,]+${SLUG})*[\\s,]*`;
const VENUES = whole(SLUGS);

/**
 * The builder page; `venue` pre-fills the slug field (`/embed?venue=blue-room`, or several:
 * `/embed?venue=harbour-hall+blue-cellar`).
 */
// eslint-disable-next-line max-lines-per-function -- the page's HTML template, read top to bottom
export function embedPage(manifest: WidgetManifest | undefined, venue = ''): string {
  const slug = VENUES.test(venue) ? venue.trim() : '';
  const script = widgetScriptTag(manifest, '');
  const basic = `${widgetScriptTag(manifest, '{origin}')}
<venue-events venue="${slug || 'your-venue'}">
  <a href="{origin}/t/${slug || 'your-venue'}/events">See what's on</a>
</venue-events>`;
  // The one palette (shared/palette.ts) for embed.js, which is served as it is and cannot import it.
  const palette = escapeHtml(JSON.stringify({ light: LIGHT, dark: DARK }));
  // The language chunks of the pinned release, which a snippet in a language preloads (embed.js).
  const languages = escapeHtml(JSON.stringify(manifest?.languages ?? {}));
  return `<!doctype html>
<html lang="en" data-palette="${palette}" data-languages="${languages}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Embed your events · venue-events</title>
<meta name="description" content="Build the snippet that puts your venue's events on any website.">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/embed/embed.css">
${script}
<script type="module" src="/embed/embed.js"></script>
</head>
<body>
<header>
<h1>Embed your events</h1>
<p>Choose what to show and how it looks, check the preview, then copy the snippet into your
website's HTML.</p>
</header>
<main>
<form id="builder" class="options" novalidate>
<fieldset>
<legend>Venue</legend>
<label for="slug">Venue slug</label>
<input id="slug" name="venue" value="${escapeHtml(slug)}" pattern="${escapeHtml(SLUGS)}" data-slug="${escapeHtml(SLUG)}" data-max-venues="${MAX_VENUES}" autocomplete="off" autocapitalize="none" spellcheck="false" required aria-describedby="slug-hint slug-status">
<p id="slug-hint" class="hint">The part after <code>/t/</code> in your events address, for example <code>blue-room</code>. For one list of several venues, give each, separated by spaces: <code>harbour-hall blue-cellar</code>.</p>
<p id="slug-status" class="status" role="status" aria-live="polite"></p>
</fieldset>
<fieldset>
<legend>What to show</legend>
<div class="choices">
<label><input type="radio" name="element" value="venue-events" checked> The list of events</label>
<label><input type="radio" name="element" value="venue-event"> One event in full</label>
<label><input type="radio" name="element" value="venue-buy-button"> A buy button</label>
</div>
<label for="event">Event</label>
<select id="event" name="event" disabled aria-describedby="event-hint">
<option value="">Enter a venue first</option>
</select>
<p id="event-hint" class="hint">For one event or a buy button.</p>
</fieldset>
<details id="list-options">
<summary>List options: view, layout, filters, script</summary>
<fieldset class="choices">
<legend>View</legend>
<label><input type="radio" name="view" value="list" checked> A list</label>
<label><input type="radio" name="view" value="calendar"> A month calendar</label>
</fieldset>
<fieldset class="choices">
<legend>Layout</legend>
<label><input type="radio" name="layout" value="cards" checked> Cards</label>
<label><input type="radio" name="layout" value="compact"> Compact: one line per event, for a sidebar</label>
</fieldset>
<label class="check"><input type="checkbox" name="filters" checked> Filter bar: category, search, date and “Subscribe”</label>
<label for="category">Start with the category</label>
<select id="category" name="category" aria-describedby="category-hint">
<option value="">All categories</option>
</select>
<p id="category-hint" class="hint">A page about one kind of night, for example your jazz page. Works with or without the filter bar.</p>
<fieldset class="choices">
<legend>Script</legend>
<label><input type="radio" name="script" value="pinned" checked> This release, pinned and checked (Subresource Integrity)</label>
<label><input type="radio" name="script" value="venue"> One line, with your first events inside</label>
<p id="script-hint" class="hint">The one line is simpler and as fast (the first events come with the script, no second request), but it always loads the latest widget and cannot be pinned or checked with an integrity hash. For one venue's list.</p>
</fieldset>
</details>
<fieldset>
<legend>Look</legend>
<label for="locale">Language</label>
<select id="locale" name="locale">
<option value="">The page's language (default)</option>
<option value="en">English</option>
<option value="de" lang="de">Deutsch</option>
<option value="fr" lang="fr">Français</option>
<option value="es" lang="es">Español</option>
<option value="it" lang="it">Italiano</option>
<option value="nl" lang="nl">Nederlands</option>
<option value="pt" lang="pt">Português</option>
<option value="pt-BR" lang="pt-BR">Português (Brasil)</option>
<option value="pl" lang="pl">Polski</option>
<option value="sv" lang="sv">Svenska</option>
<option value="da" lang="da">Dansk</option>
<option value="cs" lang="cs">Čeština</option>
<option value="ar" lang="ar" dir="rtl">العربية</option>
<option value="he" lang="he" dir="rtl">עברית</option>
</select>
<label for="accent">Accent colour</label>
<input id="accent" name="accent" type="color" value="${LIGHT.accent}">
<label for="width">Card width: <output id="width-value" for="width">16</output> em</label>
<input id="width" name="width" type="range" min="12" max="30" step="1" value="16" aria-describedby="width-hint">
<p id="width-hint" class="hint">The narrowest a card in the list gets; the list fits as many columns as it can.</p>
<fieldset class="choices">
<legend>Colours</legend>
<label><input type="radio" name="scheme" value="auto" checked> Follow the page (its color-scheme)</label>
<label><input type="radio" name="scheme" value="light"> Always light</label>
<label><input type="radio" name="scheme" value="dark"> Always dark</label>
</fieldset>
</fieldset>
</form>
<section class="preview-area" aria-labelledby="preview-heading">
<h2 id="preview-heading">Preview</h2>
<div id="preview" class="preview" role="region" aria-label="Live preview (scrolls)" tabindex="0"><p class="hint">Enter your venue's slug to see your events here.</p></div>
</section>
<section class="snippet-area" aria-labelledby="snippet-heading">
<h2 id="snippet-heading">Your snippet</h2>
<pre><code id="snippet">${escapeHtml(basic)}</code></pre>
<button type="button" id="copy" disabled>Copy snippet</button>
<p id="copy-status" class="status" role="status" aria-live="polite"></p>
<noscript><p>The builder needs JavaScript. Replace <code>{origin}</code> and
<code>your-venue</code> in the snippet above by hand.</p></noscript>
<p class="hint"><a href="/embed/accessibility.md">Accessibility statement</a> to adapt for your site.</p>
<p class="hint">On WordPress? The Venue events plugin (<code>dist/wordpress/venue-events.zip</code>, built by <code>npm run build</code>; see docs/wordpress.md) puts this element in your pages, drawn on the server.</p>
</section>
</main>
</body>
</html>
`;
}

/** Serves the builder at `/embed` and its files at `/embed/*`. Mount at the app's root. */
export function embedRouter(options: { widgetDir: string }): Router {
  const router = express.Router({ caseSensitive: true });
  router.get('/embed', function showBuilder(req, res) {
    const manifest = readWidgetManifest(options.widgetDir);
    const venue = typeof req.query.venue === 'string' ? req.query.venue : '';
    res
      .type('html')
      .set({ 'Cache-Control': 'no-cache', 'Content-Security-Policy': EMBED_CSP })
      .send(embedPage(manifest, venue));
  });
  router.get('/embed/accessibility.md', function sendAccessibilityReport(_req, res) {
    res
      .type('text/markdown; charset=utf-8')
      .set('Cache-Control', 'public, max-age=300, must-revalidate')
      .sendFile(ACCESSIBILITY_REPORT);
  });
  router.use(
    '/embed',
    express.static(EMBED_ASSETS_DIR, {
      index: false,
      fallthrough: true,
      setHeaders(res) {
        res.setHeader('Cache-Control', 'public, max-age=300, must-revalidate');
      },
    }),
  );
  return router;
}
