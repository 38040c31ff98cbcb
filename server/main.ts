/** Entry point of `npm start`: parses options, opens the store, listens. See `--help`. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { destination, pino } from 'pino';
import {
  parseServerOptions,
  unpinnedHostWarning,
  USAGE,
  UsageError,
  type ServerOptions,
} from './cli-options.js';
import { DEMO_NAME, DEMO_SLUG, demoVenueFile } from './demo/venue.js';
import { importVenueFile, VenueFileError } from './import/importer.js';
import { OperatorError, readJsonFile } from './lib/json-file.js';
import { createApp } from './origin/app.js';
import type { PageVenue } from './pages/page-shell.js';
import { skippedLines } from './sources/source-event.js';
import { SourceSync } from './sources/sync.js';
import { openStore } from './store/open-store.js';
import type { Store } from './store/store.js';

/**
 * Lines go to stdout asynchronously, a few at a time: a line a request, written synchronously,
 * was one system call per request on a memo hit's path (bench:api measured 0.84× Express +
 * pino-http with one write per line, 0.92× batched). Whatever is buffered is flushed as the
 * process exits (pino registers that), and at most `LOG_BUFFER_BYTES` wait: a stdout that stops
 * reading loses lines, not the heap.
 */
const LOG_BUFFER_BYTES = 16 * 1024 * 1024;
/** Lines are written once 4 KB wait (a few requests' lines), or at the latest after this, ms. */
const LOG_FLUSH_MS = 1000;
const logger = pino(
  { name: 'venue-events' },
  destination({ dest: 1, sync: false, minLength: 4096, maxLength: LOG_BUFFER_BYTES }),
);
setInterval(() => logger.flush(), LOG_FLUSH_MS).unref();

/**
 * `--check-sources`: syncs every venue's source once and prints one line each (venue, host, what
 * happened); resolves with the exit code (0 when every source is applied or unchanged).
 */
async function checkSources(sync: SourceSync): Promise<number> {
  const states = await sync.syncAll();
  for (const s of states) {
    const n = s.events ?? 0;
    const skipped = s.skipped > 0 ? `, ${s.skipped} skipped` : '';
    const what = s.lastError ?? `${s.outcome}, ${n} event${n === 1 ? '' : 's'}${skipped}`;
    process.stdout.write(`${s.venue} (${s.host}): ${s.lastError ? 'FAILED: ' : ''}${what}\n`);
    if (s.lastError) continue;
    process.stdout.write(skippedLines(s.skippedEvents, s.skipped));
  }
  if (states.length === 0) process.stdout.write('No venue has a source.\n');
  return states.some((s) => s.lastError !== null) ? 1 : 0;
}

async function originApp(
  options: ServerOptions,
): Promise<{ app: Express; store: Store; sync: SourceSync }> {
  const clock = options.now === undefined ? () => new Date() : () => new Date(options.now!);
  const doc = options.data === undefined ? undefined : readJsonFile(options.data);
  const store = await openStore(options.db, { keepPastDays: options.keepPastDays });
  // The demo page at `/` shows the demo venue, or the first venue of the file given with --data.
  let demoSlug = DEMO_SLUG;
  if (doc !== undefined) {
    const venues = await importVenueFile(store, doc);
    logger.info({ file: options.data, venues: venues.map((v) => v.slug) }, 'imported venue file');
    demoSlug = venues[0]!.slug;
  } else if (
    (await store.venueCount()) === 0 ||
    (await store.venue(DEMO_SLUG))?.name === DEMO_NAME
  ) {
    // The demo is re-dated at every start so it never goes stale; a venue of the user's is left alone.
    await importVenueFile(store, demoVenueFile(clock()));
    logger.info({ slug: DEMO_SLUG }, 'demo venue imported, dated relative to today');
  }
  // Venues whose events come from a calendar feed or a sheet (docs/sources.md).
  const sync = new SourceSync({
    store,
    clock,
    fetch: { allowHosts: options.allowSourceHosts },
    limits: options.sourceLimits,
    logger,
  });
  const app = createApp({
    store,
    clock,
    sources: () => sync.states(),
    baseUrl: options.baseUrl,
    corsOrigins: options.corsOrigins,
    allowedHosts: options.allowedHosts,
    trustProxy: options.trustProxy,
    metrics: options.metrics,
    earlierShape: options.earlierShape,
    demoSlug,
    logger,
  });
  return { app, store, sync };
}

/**
 * The venues of `--venues`, read before anything listens (a bad file is one line and exit code 1,
 * as `--data`'s is), or undefined without the option. A `--venue-zone` for a venue the file
 * describes gives way to the file's zone; when they differ, a warning says so.
 */
async function proxyVenues(options: ServerOptions): Promise<PageVenue[] | undefined> {
  if (options.venues === undefined) return undefined;
  const { readVenueDirectory } = await import('./proxy/venue-directory.js');
  const venues = readVenueDirectory(options.venues);
  logger.info({ file: options.venues, venues: venues.map((v) => v.slug) }, 'read venue file');
  for (const venue of venues) {
    if (!Object.hasOwn(options.venueZones, venue.slug)) continue;
    const zone = options.venueZones[venue.slug]!;
    if (zone !== venue.timezone) {
      logger.warn(
        { slug: venue.slug, zone, timezone: venue.timezone },
        `--venue-zone ${venue.slug}=${zone} gives way to the venue file's zone ${venue.timezone}`,
      );
    }
  }
  return venues;
}

async function proxyApp(options: ServerOptions & { upstream: string }): Promise<Express> {
  const venues = await proxyVenues(options);
  const { createProxyApp } = await import('./proxy/app.js');
  return createProxyApp({
    upstream: options.upstream,
    baseUrl: options.baseUrl,
    allowedHosts: options.allowedHosts,
    trustProxy: options.trustProxy,
    metrics: options.metrics,
    corsOrigins: options.corsOrigins,
    timeoutMs: options.proxyTimeoutMs,
    staleMs: options.staleMs,
    cache: options.cache,
    allowSlugs: options.allowSlugs,
    venueZones: options.venueZones,
    venues,
    maxFilterPages: options.maxFilterPages,
    clock: options.now === undefined ? undefined : () => new Date(options.now!),
    logger,
  });
}

/**
 * HTTP server timeouts, in ms. A slow or stalled client cannot hold a connection for long (headers
 * within 20 s, the whole request within 30 s), while idle keep-alive connections outlive a load
 * balancer's usual 60 s idle timeout, so the balancer, not us, closes them (no 502 from a race).
 */
export const SERVER_TIMEOUTS = { headersMs: 20_000, requestMs: 30_000, keepAliveMs: 65_000 };

/** Listens on `port`/`host`; rejects with a one-line reason (port in use, address not here). */
function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => {
      if (!error) {
        server.headersTimeout = SERVER_TIMEOUTS.headersMs;
        server.requestTimeout = SERVER_TIMEOUTS.requestMs;
        server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs;
        return resolve(server);
      }
      const code = (error as NodeJS.ErrnoException).code;
      const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
      reject(
        new OperatorError(
          code === 'EADDRINUSE'
            ? `port ${port} is in use (EADDRINUSE)`
            : code === 'EADDRNOTAVAIL'
              ? `address ${where} is not on this host (EADDRNOTAVAIL)`
              : `cannot listen on ${where}: ${error.message}`,
        ),
      );
    });
  });
}

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
  const unpinned = unpinnedHostWarning(options);
  if (unpinned) logger.warn({ host: options.host }, unpinned);
  let app: Express;
  let store: Store | undefined;
  let sync: SourceSync | undefined;
  if (options.upstream) app = await proxyApp({ ...options, upstream: options.upstream });
  else ({ app, store, sync } = await originApp(options));
  if (sync && options.checkSources) {
    process.exitCode = await checkSources(sync);
    await store?.close();
    return;
  }
  const server = await listen(app, options.port, options.host);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;
  logger.info(
    { url, mode: options.upstream ? 'proxy' : 'origin', store: store?.kind },
    'listening',
  );
  // The JSON lines so far (warnings, `listening`) come before this one, which tests wait for.
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  process.stdout.write(
    `venue-events listening on ${url}/  (demo API: ${url}/t/${DEMO_SLUG}/api/events)\n`,
  );
  // Each source at start, then every refresh_seconds; until then the last good listings serve.
  sync
    ?.start()
    .catch((error: unknown) => logger.error({ err: error }, 'source sync failed to start'));
  const stop = () => void shutdown(server, store, sync, options.shutdownTimeoutMs);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * Graceful shutdown: stop accepting, let in-flight requests finish (at most `timeoutMs`, then
 * their connections are cut), close the store, exit 0.
 */
async function shutdown(
  server: Server,
  store: Store | undefined,
  sync: SourceSync | undefined,
  timeoutMs: number,
) {
  logger.info({ timeoutMs }, 'shutting down: finishing in-flight requests');
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Idle keep-alive connections would otherwise hold close() open until they time out.
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await closed;
  clearTimeout(timer);
  await sync?.stop();
  await store?.close();
  logger.info('stopped');
  process.exit(0);
}

main().catch((error: unknown) => {
  // Operator mistakes get one line and exit code 1; no stack trace.
  const message =
    error instanceof VenueFileError || error instanceof OperatorError
      ? error.message
      : error instanceof Error
        ? error.message.split('\n')[0]!
        : String(error);
  process.stderr.write(`venue-events: ${message}\n`);
  process.exit(1);
});
