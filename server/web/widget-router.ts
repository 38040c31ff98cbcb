/**
 * The widget script and the demo page, as a venue's site would use them.
 * `/widget/venue-events.js` has a stable name (venues paste it once), so it is cached for a day
 * and then revalidated with its ETag; its lazily loaded chunks have hashed names and are cached
 * for a year.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';
import { sendError } from '../http/errors.js';
import { escapeHtml } from '../html.js';

/** The demo page: the exact snippet a venue pastes, plus light-DOM fallback content. */
export function demoPage(demoSlug: string): string {
  const slug = escapeHtml(demoSlug);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>What's on · venue-events demo</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/widget/demo.css">
<script type="module" src="/widget/venue-events.js"></script>
</head>
<body>
<header><h1>What's on</h1><p>This page embeds the widget exactly as a venue would:</p>
<pre><code>&lt;script type="module" src="${'{origin}'}/widget/venue-events.js"&gt;&lt;/script&gt;
&lt;venue-events venue="${slug}"&gt;&lt;/venue-events&gt;</code></pre></header>
<main>
<venue-events venue="${slug}">
  <a href="/t/${slug}/api/events">See all upcoming events</a>
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
  const router = express.Router();
  router.get('/widget/demo.css', (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=300').send(DEMO_CSS);
  });
  router.use(
    '/widget',
    express.static(options.widgetDir, {
      etag: true,
      fallthrough: true,
      index: false,
      setHeaders(res, path) {
        res.set('Access-Control-Allow-Origin', '*');
        const hashed = /-[A-Za-z0-9_-]{8,}\.js$/.test(path);
        res.set(
          'Cache-Control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=86400, must-revalidate',
        );
      },
    }),
  );
  router.get('/widget/{*rest}', (_req, res) => {
    const built = existsSync(join(options.widgetDir, 'venue-events.js'));
    sendError(
      res,
      404,
      built ? 'No such widget file.' : 'The widget is not built: run npm run build.',
    );
  });
  if (options.demoSlug) {
    const page = demoPage(options.demoSlug);
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
