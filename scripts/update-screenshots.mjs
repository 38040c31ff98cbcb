#!/usr/bin/env node
/**
 * Regenerates the tracked screenshots in docs/screenshots/ (the README links them): builds the
 * widget, then runs the end-to-end test with UPDATE_SCREENSHOTS=1. `npm test` never touches
 * them; it saves its screenshots to the ignored test-results/screenshots/.
 *
 *     node scripts/update-screenshots.mjs
 */
import { spawnSync } from 'node:child_process';

const run = (args, env = {}) => {
  const { status } = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (status !== 0) process.exit(status ?? 1);
};

run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
run(
  ['node_modules/vitest/vitest.mjs', 'run', '--project', 'sqlite', 'test/e2e/screenshots.test.ts'],
  { UPDATE_SCREENSHOTS: '1' },
);
