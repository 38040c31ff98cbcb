#!/usr/bin/env node
// `npm run build:wordpress`: the WordPress plugin (packages/wordpress/venue-events, docs/wordpress.md)
// staged as WordPress installs it, in dist/wordpress/venue-events/, and zipped as
// dist/wordpress/venue-events.zip (Plugins → Add New → Upload Plugin). The editor script is
// type-checked, then bundled by esbuild (already the server's bundler) for the editor's `wp.*`
// globals, with the `.asset.php` file WordPress reads its dependencies from. The zip is written by
// Debian's `zip` (provisioned by scripts/provision.mjs). The widget ships in the plugin: the built
// script, its chunks and its manifest (dist/widget, `vite build`) go in `widget/`, so no events
// server's script is ever loaded on a WordPress site (docs/wordpress.md "Security model").
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'packages/wordpress/venue-events');
const out = join(root, 'dist/wordpress');
const staged = join(out, 'venue-events');
const widget = join(root, 'dist/widget');

if (!existsSync(join(widget, 'manifest.json'))) {
  throw new Error('build:wordpress: the widget is not built (dist/widget): run vite build first');
}
const { version: widgetVersion } = JSON.parse(readFileSync(join(widget, 'manifest.json'), 'utf8'));
// The readme names the widget it ships; a release that forgets to say so fails here.
if (!readFileSync(join(source, 'readme.txt'), 'utf8').includes(`widget ${widgetVersion}`)) {
  throw new Error(`build:wordpress: readme.txt does not name the shipped widget ${widgetVersion}`);
}

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
mkdirSync(join(staged, 'widget'));
// The plain files only: WordPress serves them as they are, without choosing a compressed copy.
for (const name of readdirSync(widget).filter((n) => /\.(js|json)$/.test(n))) {
  cpSync(join(widget, name), join(staged, 'widget', name));
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
