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
import { sendError } from '../http/errors.js';
import { escapeHtml } from '../html.js';

/** The build's `manifest.json`: the release's pinned script path and its SRI hash. */
export interface WidgetManifest {
  version: string;
  /** `/widget/v{version}/venue-events.js` */
  path: string;
  /** `sha384-…` of the entry script (Subresource Integrity). */
  integrity: string;
  /** Chunks every page needs at once, to `modulepreload` beside the entry (pinned paths). */
  preloads?: { path: string; integrity: string }[];
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
  return [
    ...(manifest.preloads ?? []).map(
      (p) =>
        `<link rel="modulepreload" href="${origin}${p.path}" integrity="${p.integrity}" crossorigin="anonymous">`,
    ),
    `<script type="module" src="${origin}${manifest.path}" integrity="${manifest.integrity}" crossorigin="anonymous"></script>`,
  ].join('\n');
}

/**
 * `<link rel="preload">` of the first page of `slug`'s events: the browser asks for it while the
 * script downloads, and the widget's own request (same URL, same credentials mode) takes it.
 */
export function listPreloadTag(origin: string, slug: string): string {
  return `<link rel="preload" as="fetch" href="${origin}/t/${slug}/api/events?page=1" crossorigin="anonymous">`;
}

/** The demo page: the exact snippet a venue pastes, plus light-DOM fallback content. */
export function demoPage(demoSlug: string, manifest?: WidgetManifest): string {
  const slug = escapeHtml(demoSlug);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>What's on · venue-events demo</title>
<meta name="description" content="Upcoming events at the demo venue, embedded with the venue-events widget.">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/widget/demo.css">
${listPreloadTag('', slug)}
${widgetScriptTag(manifest, '')}
</head>
<body>
<header><h1>What's on</h1><p>This page embeds the widget exactly as a venue would:</p>
<pre><code>${escapeHtml(`${listPreloadTag('{origin}', slug)}\n${widgetScriptTag(manifest, '{origin}')}`)}
&lt;venue-events venue="${slug}"&gt;&lt;/venue-events&gt;</code></pre></header>
<main>
<venue-events venue="${slug}">
  <a href="/t/${slug}/events">See all upcoming events</a>
</venue-events>
</main>
</body>
</html>
`;
}

const DEMO_CSS = `body{font-family:Georgia,'Times New Roman',serif;margin:0 auto;max-width:72rem;padding:1rem 1.25rem 3rem;line-height:1.5}
header h1{margin-bottom:.25rem}pre{background:rgba(127,127,127,.12);padding:.75rem;overflow:auto;border-radius:6px;font-size:.8rem}
@media (prefers-color-scheme:dark){body{background:#111418;color:#e8eaed}}`;

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
