// `npm start`'s first step: runs `npm run build` only when a source file is newer than the build
// (or there is no build), so a second start does not rebuild.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'widget',
  'server',
  'shared',
  'vite.config.ts',
  'package.json',
  'tsconfig.lib.json',
];
const OUTPUTS = ['dist/widget/manifest.json', 'dist/server/main.js'];

/** Newest modification time (ms) of a file or of every file under a folder. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = OUTPUTS.every((p) => existsSync(p))
  ? Math.min(...OUTPUTS.map((p) => statSync(p).mtimeMs))
  : 0;
const changed = Math.max(...SOURCES.filter((p) => existsSync(p)).map(newest));
if (changed > built) {
  execSync('npm run build', { stdio: 'inherit' });
} else {
  process.stdout.write('Build is current; starting without rebuilding.\n');
}
