// Browser tests of the widget: real Chromium (Debian's), against the real Express app with a real
// SQLite store, mounted in the test runner's dev server. Run under tsx (see package.json) so this
// file can import the TypeScript server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { createServer } from 'node:http';
import { createApp } from './server/origin/app.ts';
import { createProxyApp } from './server/proxy/app.ts';
import { importVenueFile } from './server/import/importer.ts';
import { openStore } from './server/store/store.ts';
import { NOW, widgetVenueFile } from './test/fixtures/widget-venues.ts';

const store = await openStore(':memory:');
await importVenueFile(store, widgetVenueFile);
let nowMs = Date.parse(NOW);
const clock = () => new Date(nowMs);
const origin = createApp({ store, clock, logger: false });
/**
 * VENUE_EVENTS_VIA_PROXY=1 runs the same suite through the bundled proxy, whose upstream is the
 * origin app listening on a loopback port (issue 4).
 */
const viaProxy = process.env.VENUE_EVENTS_VIA_PROXY === '1';
let app = origin;
if (viaProxy) {
  const upstream = createServer(origin);
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  app = createProxyApp({
    upstream: `http://127.0.0.1:${upstream.address().port}`,
    clock,
    logger: false,
  });
}
/** Requests still to fail per `/__flaky` test run: a server fault we cannot cause for real. */
let flakyFailures = 0;

/** Koa middleware of the dev server → the Express app for the API, demo images and test hooks. */
async function apiMiddleware(ctx, next) {
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
    if (flakyFailures > 0) {
      flakyFailures--;
      ctx.status = 503;
      ctx.body = {
        errors: [{ status: '503', title: 'Service Unavailable', detail: 'Injected fault.' }],
      };
      return;
    }
    ctx.req.url = ctx.req.url.slice('/__flaky'.length);
  } else if (!ctx.path.startsWith('/t/') && !ctx.path.startsWith('/storage/')) {
    return next();
  }
  ctx.respond = false;
  await new Promise((resolve) => {
    ctx.res.on('finish', resolve);
    ctx.res.on('close', resolve);
    app(ctx.req, ctx.res);
  });
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

export default {
  files: 'test/widget/**/*.test.ts',
  nodeResolve: true,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
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
