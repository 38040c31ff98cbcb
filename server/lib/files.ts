import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (the folder holding package.json). The server runs from its TypeScript
 * sources (tests, tsx) and from the bundle in `dist/server/` (`npm start`), which sit at different
 * depths, so file locations are resolved from the root rather than from this module.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
/** The built widget (`npm run build`). */
export const DEFAULT_WIDGET_DIR = join(ROOT, 'dist', 'widget');
/** Images of the demo venue, served at `/storage/demo/`. */
export const DEMO_IMAGES_DIR = join(ROOT, 'server', 'demo', 'images');
/** The release version (package.json `version`). */
export const PACKAGE_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
