/**
 * The widget script and the demo page, as a venue's site would use them.
 * - `/widget/v{version}/venue-events.js`: the pinned release, immutable (a year), loadable with
 *   Subresource Integrity (`manifest.json`, written by the build, has the hash).
 * - `/widget/venue-events.js`: "latest", cached 5 minutes then revalidated with its ETag.
 * - Chunks have content-hashed names and are immutable under either path.
 * Every file is sent as built: brotli or gzip copies made at build time (`vite.config.ts`), each
 * with its own ETag, `Vary: Accept-Encoding`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { DARK, LIGHT } from '../../shared/palette.js';
import { firstPageUrl } from '../../widget/declarative.js';
import { sendError } from '../http/errors.js';
import { escapeHtml } from '../lib/html.js';

/** The build's `manifest.json`: the release's pinned script path and its SRI hash. */
export interface WidgetManifest {
  version: string;
  /** `/widget/v{version}/venue-events.js` */
  path: string;
  /** `sha384-…` of the entry script (Subresource Integrity). */
  integrity: string;
  /**
   * The chunks a page in another language than English waits for before its first cards
   * (docs/widget.md "Size"): `more`, the table of languages, and each language's strings, by the
   * widget's table key (`de`, `pt-br`, …); each a pinned path and its SRI hash. Absent in a
   * manifest built before issue 43.
   */
  languages?: Record<string, { path: string; integrity: string }>;
}

/** The manifest of the widget built into `widgetDir`, or undefined when it is not built. */
export function readWidgetManifest(widgetDir: string): WidgetManifest | undefined {
  const file = join(widgetDir, 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as WidgetManifest) : undefined;
}

/**
 * The `<script>` tag a venue pastes: the pinned release with its integrity hash when the widget is
 * built, else "latest". `origin` is put in front of the path (`''` for same-origin pages).
 */
export function widgetScriptTag(manifest: WidgetManifest | undefined, origin: string): string {
  if (!manifest) return `<script type="module" src="${origin}/widget/venue-events.js"></script>`;
  return `<script type="module" src="${origin}${manifest.path}" integrity="${manifest.integrity}" crossorigin="anonymous"></script>`;
}

/**
 * `<link rel="preload">` of the first page of `slug`'s events: the browser asks for it while the
 * script downloads, and the widget's own request takes it, as long as the URL is the very one the
 * widget asks for (`firstPageUrl`, its `eventsUrl`) and the credentials mode its own.
 */
export function listPreloadTag(origin: string, slug: string): string {
  return `<link rel="preload" as="fetch" href="${escapeHtml(firstPageUrl(origin, slug))}" crossorigin="anonymous">`;
}

/**
 * The demo page, dressed as a plausible venue's page (the first thing a newcomer sees): the
 * venue's header, the listing, then the exact snippet the page pastes, plus light-DOM fallback
 * content. Its styles are `/widget/demo.css`: the page's CSP allows no inline style.
 */
export function demoPage(demoSlug: string, manifest?: WidgetManifest): string {
  const slug = escapeHtml(demoSlug);
  // The router knows only the slug; its words capitalised read as the venue's name ("Blue Room").
  const name = escapeHtml(
    demoSlug
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' '),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>What's on · venue-events demo</title>
<meta name="description" content="Upcoming events at the demo venue, embedded with the venue-events widget.">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/widget/demo.css">
${listPreloadTag('', demoSlug)}
${widgetScriptTag(manifest, '')}
</head>
<body>
<header class="site">
<div class="column">
<p class="venue-name">${name}</p>
<p class="strap">A demo venue page: its listing is the venue-events widget, pasted in with
<a href="#embed">the snippet at the foot of the page</a>.</p>
</div>
</header>
<main class="column">
<h1>What's on</h1>
<venue-events venue="${slug}">
  <a href="/t/${slug}/events">See all upcoming events</a>
</venue-events>
</main>
<footer id="embed" class="column embed" aria-labelledby="embed-heading">
<h2 id="embed-heading">The snippet</h2>
<p>This page embeds the widget exactly as a venue would:</p>
<pre><code>${escapeHtml(`${listPreloadTag('{origin}', demoSlug)}\n${widgetScriptTag(manifest, '{origin}')}`)}
&lt;venue-events venue="${slug}"&gt;&lt;/venue-events&gt;</code></pre>
<p><a href="/embed?venue=${slug}">Build the snippet for your own venue</a>: language, colours,
one event or a buy button.</p>
</footer>
</body>
</html>
`;
}

/*
 * The demo page's stylesheet. Its own system font stack, which the widget takes (its host
 * inherits font family and size); the page's background is the widget's own in each colour
 * scheme, so the listing sits on the page without a box around it. Every text colour meets WCAG
 * AA (4.5:1) on its background in both schemes. Its text, background, border and link colours
 * are the one palette's (`shared/palette.ts`); the panel and the band are the page's own.
 */
const DEMO_CSS = `:root {
  color-scheme: light dark;
  --fg: ${LIGHT.text};
  --muted: ${LIGHT.muted};
  --bg: ${LIGHT.background};
  --panel: #f6f8fa;
  --line: ${LIGHT.border};
  --link: ${LIGHT.accent};
  --band: #1c2f6b;
  --band-fg: #ffffff;
  --band-muted: #d5defc;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: ${DARK.text};
    --muted: ${DARK.muted};
    --bg: ${DARK.background};
    --panel: #0f1217;
    --line: ${DARK.border};
    --link: ${DARK.accent};
    --band: #0b1020;
    --band-fg: #e6e8eb;
    --band-muted: #b8c4ee;
  }
}
* {
  box-sizing: border-box;
}
body {
  margin: 0;
  font: 1rem/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  color: var(--fg);
  background: var(--bg);
}
a {
  color: var(--link);
}
.column {
  max-width: 72rem;
  margin: 0 auto;
  padding: 0 1rem;
}
@media (min-width: 40rem) {
  .column {
    padding: 0 1.5rem;
  }
}
.site {
  background: var(--band);
  color: var(--band-fg);
  padding: 1.25rem 0 1rem;
  border-bottom: 4px solid var(--link);
}
.venue-name {
  margin: 0;
  font-size: 1.6rem;
  font-weight: 800;
  letter-spacing: 0.01em;
  line-height: 1.2;
}
.strap {
  margin: 0.25rem 0 0;
  max-width: 65ch;
  color: var(--band-muted);
  font-size: 0.95rem;
}
.strap a {
  color: inherit;
}
h1 {
  margin: 1.5rem 0 1rem;
  font-size: 2rem;
  line-height: 1.2;
}
h2 {
  margin: 0 0 0.5rem;
  font-size: 1.25rem;
}
/* Room for the listing before it loads (it is taller than a screen): else the snippet below it
   shows, then jumps down as the cards arrive (layout shift). */
venue-events {
  display: block;
  min-height: 100vh;
}
.embed {
  margin-top: 3rem;
  padding-bottom: 3rem;
}
/* The rule on the heading, not the footer: it then spans the text, not the column's padding. */
.embed > h2 {
  padding-top: 1.5rem;
  border-top: 1px solid var(--line);
}
.embed p {
  max-width: 65ch;
  color: var(--muted);
}
.embed a {
  color: var(--link);
}
pre {
  margin: 0.75rem 0;
  padding: 0.75rem 1rem;
  background: var(--panel);
  border: 1px solid var(--line);
  border-radius: 6px;
  font: 0.8rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
  /* The integrity hash is one long word: wrap anywhere rather than scroll sideways. */
  white-space: pre-wrap;
  overflow-wrap: anywhere;
}
code {
  font: inherit;
}
:focus-visible {
  outline: 3px solid var(--link);
  outline-offset: 2px;
}
.site :focus-visible {
  outline-color: currentColor;
}
`;

/**
 * Serves the built widget from `widgetDir` at `/widget/*` and the demo page at `/`
 * (with a strict Content-Security-Policy: no inline script, no eval).
 */
export function widgetRouter(options: { widgetDir: string; demoSlug?: string }): Router {
  const router = express.Router({ caseSensitive: true });
  router.get('/widget/demo.css', (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=300').send(DEMO_CSS);
  });
  const manifest = readWidgetManifest(options.widgetDir);
  const files = (pinned: boolean) =>
    expressStaticGzip(options.widgetDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        etag: true,
        fallthrough: true,
        setHeaders(res, path) {
          res.setHeader('Access-Control-Allow-Origin', '*');
          const hashed = /-[A-Za-z0-9_-]{8,}\.js(\.br|\.gz)?$/.test(path);
          res.setHeader(
            'Cache-Control',
            pinned || hashed
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=300, must-revalidate',
          );
        },
      },
    });
  if (manifest) router.use(`/widget/v${manifest.version}`, files(true));
  router.use('/widget', files(false));
  router.get('/widget/{*rest}', (_req, res) => {
    const built = existsSync(join(options.widgetDir, 'venue-events.js'));
    sendError(
      res,
      404,
      built ? 'No such widget file.' : 'The widget is not built: run npm run build.',
    );
  });
  if (options.demoSlug) {
    const page = demoPage(options.demoSlug, manifest);
    router.get('/', (_req, res) => {
      res
        .type('html')
        .set({
          'Cache-Control': 'no-cache',
          'Content-Security-Policy':
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; base-uri 'none'",
        })
        .send(page);
    });
  }
  return router;
}
