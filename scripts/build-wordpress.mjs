#!/usr/bin/env node
// `npm run build:wordpress`: the WordPress plugin (packages/wordpress/venue-events, docs/wordpress.md)
// staged as WordPress installs it, in dist/wordpress/venue-events/, and zipped as
// dist/wordpress/venue-events.zip (Plugins → Add New → Upload Plugin). The editor script is
// type-checked, then bundled by esbuild (already the server's bundler) for the editor's `wp.*`
// globals, with the `.asset.php` file WordPress reads its dependencies from. The zip is written by
// Debian's `zip` (provisioned by scripts/provision.mjs).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'packages/wordpress/venue-events');
const out = join(root, 'dist/wordpress');
const staged = join(out, 'venue-events');

/** The editor's script handles of the globals src/editor.ts uses. */
const EDITOR_DEPENDENCIES = [
  'wp-blocks',
  'wp-element',
  'wp-block-editor',
  'wp-components',
  'wp-server-side-render',
  'wp-i18n',
];

execFileSync('npx', ['tsc', '-p', join(source, 'tsconfig.json'), '--noEmit'], { stdio: 'inherit' });
rmSync(out, { recursive: true, force: true });
mkdirSync(staged, { recursive: true });
for (const file of ['venue-events.php', 'block.json', 'readme.txt', 'includes']) {
  cpSync(join(source, file), join(staged, file), { recursive: true });
}
await build({
  entryPoints: [join(source, 'src/editor.ts')],
  outfile: join(staged, 'build/editor.js'),
  bundle: true,
  format: 'iife',
  target: 'es2019',
  logLevel: 'warning',
});
// The version WordPress appends to the script's URL: changes with the script, so no stale copy.
const version = createHash('sha256')
  .update(readFileSync(join(staged, 'build/editor.js')))
  .digest('hex')
  .slice(0, 12);
const asset = `<?php return array('dependencies' => array(${EDITOR_DEPENDENCIES.map((d) => `'${d}'`).join(', ')}), 'version' => '${version}');\n`;
writeFileSync(join(staged, 'build/editor.asset.php'), asset);
execFileSync('zip', ['-q', '-r', '-X', 'venue-events.zip', 'venue-events'], { cwd: out });
console.log('build:wordpress: dist/wordpress/venue-events.zip');
