/**
 * The published widget package as a site builder gets it: `npm pack` of packages/venue-events
 * (built by `npm run build:package`) installed into a new project of its own under the system's
 * temporary folder, outside the repository, so that nothing resolves from the repository's
 * `node_modules` (test/package/pack.test.ts, bundlers.test.ts; examples/next's package case).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The package's folder in the repository. */
export const PACKAGE = resolve('packages/venue-events');

/** Runs npm in `cwd` without its audit, funding and progress output; answers its stdout. */
export const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
  });

/** Whether the package has been built (`npm run build:package`): its entry module exists. */
export const packageBuilt = (): boolean => existsSync(join(PACKAGE, 'dist/lib/widget/index.js'));

/** `npm pack` of the package into `destination`: the tarball's path. */
export function packInto(destination: string): string {
  const name = npm(['pack', '--pack-destination', destination], PACKAGE).trim().split('\n').at(-1)!;
  return join(destination, name);
}

/**
 * Installs the packed package into `project` (a folder with no `package.json` yet, which this
 * writes: a private ES module app named `site-builder-app`), with its dependencies only.
 */
export function installPacked(project: string): void {
  const tarball = packInto(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'site-builder-app', private: true, type: 'module' }),
  );
  npm(['install', tarball], project);
}

/**
 * A new project under `os.tmpdir()` (`{tmp}/{prefix}XXXXXX`, its real path: no symlink in it)
 * with the packed package installed; the caller removes it (this does when the install fails).
 */
export function packedProject(prefix: string): string {
  const project = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  try {
    installPacked(project);
  } catch (error) {
    rmSync(project, { recursive: true, force: true });
    throw error;
  }
  return project;
}
