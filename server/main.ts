/** Entry point of `npm start`: parses options, opens the store, listens. See `--help`. */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { pino } from 'pino';
import { createApp } from './origin/app.js';
import { parseServerOptions, USAGE, UsageError, type ServerOptions } from './cli-options.js';
import { DEMO_NAME, DEMO_SLUG, demoVenueFile } from './demo/venue.js';
import { openStore, VenueFileError } from './store.js';

const logger = pino({ name: 'venue-events' });

function originApp(options: ServerOptions): Express {
  const clock = options.now === undefined ? () => new Date() : () => new Date(options.now!);
  const store = openStore(options.db);
  // The demo page at `/` shows the demo venue, or the first venue of the file given with --data.
  let demoSlug = DEMO_SLUG;
  if (options.data) {
    const venues = store.importVenueFile(JSON.parse(readFileSync(options.data, 'utf8')));
    logger.info({ file: options.data, venues: venues.map((v) => v.slug) }, 'imported venue file');
    demoSlug = venues[0]!.slug;
  } else if (store.venueCount() === 0 || store.venue(DEMO_SLUG)?.name === DEMO_NAME) {
    // The demo is re-dated at every start so it never goes stale; a venue of the user's is left alone.
    store.importVenueFile(demoVenueFile(clock()));
    logger.info({ slug: DEMO_SLUG }, 'demo venue imported, dated relative to today');
  }
  return createApp({
    store,
    clock,
    baseUrl: options.baseUrl,
    corsOrigins: options.corsOrigins,
    earlierShape: options.earlierShape,
    demoSlug,
    logger,
  });
}

// --- proxy mode (issue 4) -------------------------------------------------------------------
async function proxyApp(options: ServerOptions & { upstream: string }): Promise<Express> {
  const { createProxyApp } = await import('./proxy/app.js');
  return createProxyApp({
    upstream: options.upstream,
    baseUrl: options.baseUrl,
    corsOrigins: options.corsOrigins,
    timeoutMs: options.proxyTimeoutMs,
    staleMs: options.staleMs,
    cache: options.cache,
    allowSlugs: options.allowSlugs,
    clock: options.now === undefined ? undefined : () => new Date(options.now!),
    logger,
  });
}
// --- end proxy mode -------------------------------------------------------------------------

async function main(): Promise<void> {
  let options: ServerOptions;
  try {
    options = parseServerOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const app = options.upstream
    ? await proxyApp({ ...options, upstream: options.upstream })
    : originApp(options);
  const server = app.listen(options.port, options.host, () => {
    const { port } = server.address() as AddressInfo;
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    const url = `http://${host}:${port}`;
    logger.info({ url, mode: options.upstream ? 'proxy' : 'origin' }, 'listening');
    process.stdout.write(
      `venue-events listening on ${url}/  (demo API: ${url}/t/${DEMO_SLUG}/api/events)\n`,
    );
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof VenueFileError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    logger.fatal({ err: error }, 'failed to start');
  }
  process.exit(1);
});
