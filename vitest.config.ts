import { defineConfig } from 'vitest/config';

// Node-side tests (server, shared rules, proxy, build checks). Browser tests of the widget run in
// real Chromium under @web/test-runner (web-test-runner.config.mjs), not here.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/widget/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
