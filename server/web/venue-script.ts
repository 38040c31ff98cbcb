/**
 * The files of `GET /t/{slug}/venue-events.js` (docs/api.md §10.17, docs/widget.md "Server-rendered
 * pages"): the built entry it is made of, and the widget's chunks served beside it. The script
 * itself (the entry preceded by the venue's first page, which the first paint takes with
 * `takeSeeded`) is drawn by `server/routes/widget-routes.ts` from the list answer in process.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { SLUG } from '../../shared/patterns.js';
import { createError } from '../http/errors.js';

/**
 * The built entry script, read again when the file changes (a new build). Served as it is: its
 * chunks import it as `./venue-events.js`, which from `/t/{slug}/` is this very module, so the
 * chunks are served beside it (`venueChunks`) and the page holds one copy of the widget's state.
 * The reader throws a 404 while the widget is not built.
 */
export function entryReader(widgetDir: string): () => string {
  let kept: { mtimeMs: number; text: string } | undefined;
  return () => {
    const file = join(widgetDir, 'venue-events.js');
    try {
      const { mtimeMs } = statSync(file);
      if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, text: readFileSync(file, 'utf8') };
    } catch {
      throw createError(404, 'The widget is not built: run npm run build.');
    }
    return kept.text;
  };
}

/** `/t/{slug}/{chunk}`: a built chunk's name is content-hashed, so immutable. */
const CHUNK_PATH = new RegExp(`^/t/${SLUG}/([\\w-]+-[\\w-]{8}\\.js)$`);

/**
 * `GET|HEAD /t/{slug}/{chunk}.js`: the widget's chunks beside the per-venue script (see
 * `entryReader`), as built (brotli, gzip) and immutable; anything else falls through. A
 * middleware, not a route: a route would answer `OPTIONS` on any `/t/{a}/{b}` path itself.
 */
export function venueChunks(widgetDir: string): RequestHandler {
  const files = expressStaticGzip(widgetDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      fallthrough: true,
      setHeaders(res) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    },
  });
  return (req, res, next) => {
    const chunk = CHUNK_PATH.exec(req.path)?.[1];
    if (!chunk || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    req.url = `/${chunk}`;
    // As Node starts a response (a host framework mounting the app may not have).
    res.statusCode = 200;
    return files(req, res, next);
  };
}
