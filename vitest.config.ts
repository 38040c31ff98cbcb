import { defineConfig } from 'vitest/config';

// Node-side tests (server, shared rules, proxy, build checks). Browser tests of the widget run in
// real Chromium under @web/test-runner (web-test-runner.config.mjs), not here.
// Two projects: everything on the embedded SQLite store, then the API and import suites again on
// a real PostgreSQL server that test/global-setup.ts starts (plus the multi-instance tests).
const STORE_SUITES = [
  'test/server/api-*.test.ts',
  'test/server/import.test.ts',
  'test/server/pages-*.test.ts',
  'test/server/widget-html-*.test.ts',
  'test/server/calendar*.test.ts',
  'test/server/store-merged.test.ts',
  'test/server/schedule.test.ts',
  'test/server/all-day.test.ts',
  'test/sources/sync.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: ['test/widget/**', 'test/postgres/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...STORE_SUITES, 'test/postgres/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
