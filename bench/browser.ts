/**
 * Pieces shared by `npm run bench:widget` and `npm run bench:lighthouse`: the app started as
 * `npm start` runs it (bundled, no tsx, `npm start`'s Node flags, demo venue, in-memory store,
 * frozen clock) and Debian's Chromium launched as the e2e tests launch it. Not a test.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bundle, NOW, spawnServer } from './support.js';
import { CHROMIUM_ARGS } from '../test/support/browser.js';

/** Debian's Chromium, or `$CHROME_PATH`. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The flags the end-to-end tests launch Chromium with. */
export const CHROME_ARGS = CHROMIUM_ARGS;

/** The demo venue's slug (`server/demo/venue.ts`). */
export const DEMO_SLUG = 'blue-room';

/**
 * Builds the widget with `npm run build` only when `dist/widget/manifest.json` is missing (another
 * build may be under way in this tree; a present build is used as it is).
 */
export function ensureWidgetBuilt(): void {
  if (existsSync('dist/widget/manifest.json')) return;
  console.log('dist/widget/manifest.json is missing: running npm run build …');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build exited ${r.status}`);
}

/**
 * The app as `npm start` runs it: `server/main.ts` bundled by esbuild (to `dist/bench/<name>.mjs`),
 * no tsx, `npm start`'s Node flags, `--db :memory: --port 0 --now NOW`, so the demo venue is
 * imported at start (or, with `args` `--data FILE`, that file's venues, the first on the demo page).
 */
export async function startApp(
  name: string,
  args: readonly string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  ensureWidgetBuilt();
  const entry = await bundle('server/main.ts', name);
  return spawnServer(
    entry,
    ['--db', ':memory:', '--port', '0', '--now', NOW, ...args],
    /listening on (http:\/\/\S+?)\/\s/,
  );
}
