// Browser tests of the widget: real Chromium (Debian's), against the real Express app with a real
// SQLite store, mounted in the test runner's dev server. Run under tsx (see package.json) so this
// file can import the TypeScript server.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { createApp } from './server/origin/app.ts';
import { createProxyApp } from './server/proxy/app.ts';
import { readVenueDirectory } from './server/proxy/venue-directory.ts';
import { importVenueFile } from './server/import/importer.ts';
import { openStore } from './server/store/open-store.ts';
import { NOW, SEVERAL_ZONES, widgetVenueFile } from './test/fixtures/widget-venues.ts';

const store = await openStore(':memory:');
await importVenueFile(store, widgetVenueFile);
let nowMs = Date.parse(NOW);
const clock = () => new Date(nowMs);
const origin = createApp({ store, clock, logger: false });
/**
 * VENUE_EVENTS_VIA_PROXY=1 runs the same suite through the bundled proxy, whose upstream is the
 * origin app listening on a loopback port. The proxy is told the venues as the origin has them
 * (`--venues`, a venue file without events: names, zones, addresses), so the cards name them as
 * the origin's do, and the zones of those listed together (`--venue-zone`), as before.
 */
const viaProxy = process.env.VENUE_EVENTS_VIA_PROXY === '1';
let app = origin;
/** The widget venue file's venues without their events, written where `--venues` would read it. */
function venuesWithoutEvents() {
  const file = join(mkdtempSync(join(tmpdir(), 'wtr-venues-')), 'venues.json');
  const venues = widgetVenueFile.venues.map(({ events: _, api_shape: __, ...venue }) => venue);
  writeFileSync(file, JSON.stringify({ venues }));
  return file;
}
if (viaProxy) {
  const upstream = createServer(origin);
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  app = createProxyApp({
    upstream: `http://127.0.0.1:${upstream.address().port}`,
    clock,
    logger: false,
    venueZones: SEVERAL_ZONES,
    venues: readVenueDirectory(venuesWithoutEvents()),
  });
}
/**
 * List requests still to fail per `/__flaky` test run: a server fault we cannot cause for real.
 * Only the list's (`…/api/events`): the filter bar's requests, made when it loads after the first
 * paint, must not take a failure meant for a refresh.
 */
let flakyFailures = 0;
/**
 * Bodies served at `/__wire/{path}` as posted to `/__test/wire?path={path}`: the malformed
 * upstream data (bad events, bad ticket offices, oversized pages) the real app cannot produce.
 */
const wireBodies = new Map();

/** The request body as text. */
async function readBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/**
 * Test-only endpoints of the widget suite: served bodies (`/__wire/`), fresh URLs for the real API (`/__via/{key}/`), the real API 1.5 s late (`/__slow/`), a server that never
 * answers (`/__stall/`) and one that sends headers, then stalls the body (`/__stall-body/`).
 * True when the request was answered (or left hanging) here.
 */
async function widgetFixtures(ctx) {
  if (ctx.path === '/__test/wire' && ctx.method === 'POST') {
    wireBodies.set(ctx.query.path, await readBody(ctx.req));
    ctx.body = { ok: true };
    return true;
  }
  if (ctx.path.startsWith('/__wire/')) {
    // A served body is one answer whatever language the element asks its text in (`locale`,
    // docs/api.md §10.24): the widget adds it to a German or French list's URL.
    const path = ctx.url.slice('/__wire'.length).replace(/[?&]locale=[^&]*$/, '');
    const body = wireBodies.get(path);
    ctx.type = 'json';
    ctx.status = body === undefined ? 404 : 200;
    ctx.body = body ?? '{"errors":[{"status":"404","title":"Not Found","detail":"No body."}]}';
    return true;
  }
  if (ctx.path.startsWith('/__slow/')) {
    // `/__slow/t/…` is `/t/…` answered 1.5 s late: an API slower than the widget's chunks.
    await delay(1500);
    ctx.url = ctx.url.slice('/__slow'.length);
    return false;
  }
  if (ctx.path.startsWith('/__via/')) {
    // `/__via/{key}/t/…` is `/t/…`: a fresh URL (no HTTP-cached answer from an earlier test).
    ctx.url = ctx.url.replace(/^\/__via\/[^/]+/, '');
    return false;
  }
  if (ctx.path.startsWith('/__stall/') || ctx.path.startsWith('/__stall-body/')) {
    ctx.respond = false;
    if (ctx.path.startsWith('/__stall-body/')) {
      ctx.res.writeHead(200, { 'Content-Type': 'application/json' });
      ctx.res.write('{"data":[');
    }
    await new Promise((resolve) => ctx.req.on('close', resolve));
    return true;
  }
  return false;
}

/** Koa middleware of the dev server → the Express app for the API, demo images and test hooks. */
async function apiMiddleware(ctx, next) {
  if (await widgetFixtures(ctx)) return;
  if (ctx.path === '/__test/clock' && ctx.method === 'POST') {
    nowMs = Date.parse(ctx.query.now ?? NOW);
    ctx.body = { now: new Date(nowMs).toISOString() };
    return;
  }
  if (ctx.path === '/__test/flaky' && ctx.method === 'POST') {
    flakyFailures = Number(ctx.query.fails ?? 0);
    ctx.body = { fails: flakyFailures };
    return;
  }
  if (ctx.path.startsWith('/__flaky/')) {
    if (flakyFailures > 0 && ctx.path.includes('/api/events')) {
      flakyFailures--;
      ctx.status = 503;
      ctx.body = {
        errors: [{ status: '503', title: 'Service Unavailable', detail: 'Injected fault.' }],
      };
      return;
    }
    ctx.req.url = ctx.req.url.slice('/__flaky'.length);
  } else if (!/^\/(?:(?:t|storage|api)\/|events(?:\.ics)?\/?$|widget\.html$)/.test(ctx.path)) {
    // A venue's API and files, and the listing of several venues (`/api/events?venues=…`, its
    // pages and calendar file `/events.ics?venues=…`).
    return next();
  }
  ctx.respond = false;
  await new Promise((resolve) => {
    ctx.res.on('finish', resolve);
    ctx.res.on('close', resolve);
    app(ctx.req, ctx.res);
  });
}

/**
 * `executeServerCommand('emulate-forced-colors', { value: 'active' | 'none' })`: the
 * `forced-colors` media feature, which @web/test-runner-commands' emulateMedia does not pass to
 * Chromium.
 */
function forcedColorsPlugin() {
  const sessions = new Map(); // kept open: emulation ends with the CDP session
  return {
    name: 'emulate-forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-forced-colors') return undefined;
      const page = session.browser.getPage(session.id);
      // Puppeteer's emulateMediaFeatures rejects this feature, so ask Chromium directly.
      if (!sessions.has(session.id)) sessions.set(session.id, await page.createCDPSession());
      await sessions.get(session.id).send('Emulation.setEmulatedMedia', {
        features: [{ name: 'forced-colors', value: payload.value }],
      });
      return true;
    },
  };
}

/** Writes pass/fail counts for .ci/run's summary line. */
function countReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      const walk = (suite) => {
        for (const test of suite?.tests ?? []) {
          if (test.skipped) continue;
          if (test.passed) passed++;
          else failed++;
        }
        for (const child of suite?.suites ?? []) walk(child);
      };
      for (const session of sessions) {
        walk(session.testResults);
        if (
          !session.passed &&
          !session.testResults?.tests?.length &&
          !session.testResults?.suites?.length
        )
          failed++;
      }
      mkdirSync('test-results', { recursive: true });
      writeFileSync(
        `test-results/wtr${viaProxy ? '-proxy' : ''}.json`,
        JSON.stringify({ passed, failed }),
      );
    },
  };
}

/**
 * Each test file's page: the page-error check (test/widget/page-errors.ts) starts recording before
 * the test framework and adds its root hooks to the framework's mocha before any test file loads
 * (one module graph, evaluated in order), so every test fails on an uncaught page error.
 */
const testRunnerHtml = (testFramework) => `<!DOCTYPE html><html><head></head><body>
<script type="module">
import { failOnPageErrors } from '/test/widget/page-errors.ts';
import '${testFramework}';
failOnPageErrors(window.mocha);
</script></body></html>`;

/**
 * A free loopback port, for the proxy run's test server: `npm test` runs the two suites at once,
 * and @web/test-runner's own choice (the first free port from 8000) would give both the same one.
 */
async function freePort() {
  const server = createNetServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export default {
  files: 'test/widget/**/*.test.ts',
  ...(viaProxy && { port: await freePort() }),
  testRunnerHtml,
  nodeResolve: true,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    forcedColorsPlugin(),
  ],
  middleware: [apiMiddleware],
  reporters: [defaultReporter(), countReporter()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--headless=new',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
};
