import { defineConfig } from 'vitest/config';

// Node-side tests (server, shared rules, proxy, build checks). Browser tests of the widget run in
// real Chromium under @web/test-runner (web-test-runner.config.mjs), not here.
// Two projects: everything on the embedded SQLite store, then again on a real PostgreSQL server
// that test/global-setup.ts starts (plus the multi-instance tests) the suites whose subject the
// store decides: what is stored, found, ordered and paged.
const STORE_SUITES = [
  'test/server/api-*.test.ts',
  'test/server/import.test.ts',
  'test/server/pages-*.test.ts',
  'test/server/store-merged.test.ts',
  'test/server/schedule.test.ts',
  'test/server/all-day.test.ts',
  'test/sources/sync.test.ts',
];
// Not run again on PostgreSQL: suites whose subject is the same on either store, the words and
// markup drawn from events once read (each language's pages, the JSON-LD; likewise widget.html's
// languages and the calendar files, left out of STORE_SUITES). The API suites check that both
// stores give back the same events.
const SAME_ON_EITHER_STORE = [
  'test/server/pages-locale.test.ts',
  'test/server/pages-structured-data.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at once, whatever the cores: most of a file's time is spent waiting on Chromium,
    // PostgreSQL, WordPress or a child server, so a second file runs in those waits (vitest's
    // default on two cores is one file at a time).
    maxWorkers: 2,
    // Each worker keeps the modules it has imported from one file to the next (the server, its
    // stores, Playwright): importing them again for each of 160-odd files took most of the suite's
    // time (vitest's "import" 542 s of 1,182 s in one run; 36 s of 633 s without isolation). What a
    // file changes for itself is undone after it: environment variables, globals and mocks.
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    restoreMocks: true,
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
          exclude: [...SAME_ON_EITHER_STORE, 'node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
