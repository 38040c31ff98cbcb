/**
 * The server bundle (`dist/server/`, `npm run build:server`) the child-process tests start, as
 * `npm start` does: built again first when a file it is built from changed after it, so a test
 * never runs an older server than the code beside it (the working tree changes under a run).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const DIR = 'dist/server';
/** The folders the bundle is built from (the server draws `widget.html` with widget/). */
const FOLDERS = ['server', 'shared', 'widget'];
/** Held while one test process builds; another waits for it rather than building too. */
const LOCK = 'dist/.server-build-lock';
/** A lock older than this (ms) was left by a process that died while building. */
const LOCK_STALE_MS = 120_000;

/**
 * The esbuild arguments of package.json's `build:server`, run without its first step (removing
 * `dist/server`): a server another test started from the bundle keeps the chunks it may still
 * load, and no test finds the folder gone in the middle of the build.
 */
function esbuildArgs(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: { 'build:server': string };
  };
  return /&& esbuild (.+)$/.exec(pkg.scripts['build:server'])![1]!.split(' ');
}

/** The entry points of package.json's `build:server` (`server/main.ts`, …). */
function entryPoints(): string[] {
  return esbuildArgs().filter((arg) => !arg.startsWith('--'));
}

/** Every file under `path` changed after `since` (ms). */
function changedSince(path: string, since: number): string[] {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > since ? [path] : [];
  return readdirSync(path).flatMap((name) => changedSince(join(path, name), since));
}

/**
 * Of `changed`, the files the bundle is built from, as esbuild resolves its inputs (about a
 * second; asked only when some file under its folders changed after the build).
 */
function bundledOf(changed: string[]): string[] {
  const { metafile } = buildSync({
    entryPoints: entryPoints(),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    splitting: true,
    outdir: DIR,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return changed.filter((file) => file in metafile.inputs);
}

/** Why the bundle must be built again (a missing output, the newer sources), or `undefined`. */
function staleness(): string | undefined {
  // server/sources/read-worker.ts → dist/server/sources/read-worker.js (the entries' common folder)
  const outputs = entryPoints().map((file) =>
    join(DIR, file.replace(/^server\/(.*)\.ts$/, '$1.js')),
  );
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = FOLDERS.flatMap((folder) => changedSince(folder, built));
  const newer = changed.length ? bundledOf(changed) : [];
  return newer.length ? `${newer.join(', ')} changed after ${DIR}` : undefined;
}

/** Takes the build lock (removing one a dead builder left); false when another process holds it. */
function takeLock(): boolean {
  mkdirSync('dist', { recursive: true });
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS) {
      rmSync(LOCK, { recursive: true, force: true });
    }
    return false;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Whether this test file has checked the bundle: each file checks (and builds) once, not before
 * each start, since the working tree changes under a run (others' edits) and a build at every
 * start would cost more than tsx did. A module is loaded once per test file.
 */
const checked = { done: false };

/**
 * `dist/server/{entry}`, built first as `npm run build:server` builds it when missing or older than a file
 * it is built from (one test process builds; another waits for it), checked once per test file.
 * @throws Error with the build's output when the build fails.
 */
export function serverBundle(entry: 'main.js' | 'import-cli.js'): string {
  if (!checked.done) ensureFresh();
  checked.done = true;
  return join(DIR, entry);
}

/** Builds the bundle when `staleness` says so, or waits for another test process's build. */
function ensureFresh(): void {
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    const why = staleness();
    if (!why) return;
    if (takeLock()) {
      try {
        execFileSync('node_modules/.bin/esbuild', esbuildArgs(), {
          stdio: 'pipe',
          encoding: 'utf8',
        });
        return;
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: string; stderr?: string };
        throw new Error(`${why}; the build (\`npm run build:server\`) failed:\n${stdout}${stderr}`);
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`${why}; another test's build holds ${LOCK}`);
    pause(100);
  }
}
