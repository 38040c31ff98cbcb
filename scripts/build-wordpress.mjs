#!/usr/bin/env node
// `npm run build:wordpress`: the WordPress plugin (packages/wordpress/venue-events, docs/wordpress.md)
// staged as WordPress installs it, in dist/wordpress/venue-events/, and zipped as
// dist/wordpress/venue-events.zip (Plugins → Add New → Upload Plugin). The editor script is
// type-checked, then bundled by esbuild (already the server's bundler) for the editor's `wp.*`
// globals, with the `.asset.php` file WordPress reads its dependencies from. The zip is written by
// Debian's `zip` (provisioned by scripts/provision.mjs). The widget ships in the plugin: the built
// script, its chunks and its manifest (dist/widget, `vite build`) go in `widget/v{plugin version}/`
// (VENUE_EVENTS_WIDGET_DIR), so no events server's script is ever loaded on a WordPress site
// (docs/wordpress.md "Security model"), with the declarative styles of `widget.html` drawn by the
// same release (`declarative.css`), which replace the events server's in its fragment, and the plugin serves the script without a `?ver=`: the
// URL the page loads is the one its chunks import it by, so one module (docs/wordpress.md
// "Rendering").
// The plugin's translation template, `languages/venue-events.pot`, is written from the strings its
// PHP, block.json, header and editor script give WordPress's i18n functions (docs/wordpress.md
// "Languages"): the PHP read by php-parser (no PHP needed to build), the editor's TypeScript by
// TypeScript's own parser; a call without the text domain `venue-events`, or with a string that is
// not a literal, fails the build.
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
import { Engine } from 'php-parser';
import { tsImport } from 'tsx/esm/api';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'packages/wordpress/venue-events');
const out = join(root, 'dist/wordpress');
const staged = join(out, 'venue-events');
const widget = join(root, 'dist/widget');

if (!existsSync(join(widget, 'manifest.json'))) {
  throw new Error('build:wordpress: the widget is not built (dist/widget): run vite build first');
}
const { version: widgetVersion, languages: widgetLanguages } = JSON.parse(
  readFileSync(join(widget, 'manifest.json'), 'utf8'),
);
// The PHP bounds a block's locale by the widget's languages (cache keys): the list it holds must
// be the shipped widget's, else a language would be refused or an unknown one let through.
{
  const listed = /VENUE_EVENTS_WIDGET_LANGUAGES = array\(([^)]*)\)/.exec(
    readFileSync(join(source, 'includes/contract.php'), 'utf8'),
  )?.[1];
  const php = [...(listed ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
  const shipped = ['en', ...Object.keys(widgetLanguages).filter((k) => k !== 'more')].sort();
  if (php.join() !== shipped.join()) {
    throw new Error(
      `build:wordpress: includes/contract.php VENUE_EVENTS_WIDGET_LANGUAGES is ${php.join(', ')}, the widget's languages ${shipped.join(', ')}`,
    );
  }
}
// The readme names the widget it ships; a release that forgets to say so fails here.
if (!readFileSync(join(source, 'readme.txt'), 'utf8').includes(`widget ${widgetVersion}`)) {
  throw new Error(`build:wordpress: readme.txt does not name the shipped widget ${widgetVersion}`);
}

/**
 * The plugin's version: its header's `Version:`, which must be VENUE_EVENTS_PLUGIN_VERSION's too
 * (the constant names the widget's folder the PHP serves, VENUE_EVENTS_WIDGET_DIR).
 */
const pluginVersion = (() => {
  const plugin = readFileSync(join(source, 'venue-events.php'), 'utf8');
  const header = /^[ \t*]*Version:[ \t]*(.+)$/m.exec(plugin)?.[1]?.trim();
  const constant = /define\(\s*'VENUE_EVENTS_PLUGIN_VERSION',\s*'([^']+)'\s*\)/.exec(plugin)?.[1];
  if (!header || header !== constant) {
    throw new Error(
      `build:wordpress: venue-events.php: Version ${header} is not VENUE_EVENTS_PLUGIN_VERSION ${constant}`,
    );
  }
  if (!/^[\w.-]+$/.test(header)) {
    throw new Error(`build:wordpress: venue-events.php: Version ${header} cannot name a folder`);
  }
  return header;
})();
/** The widget's folder in the plugin, as VENUE_EVENTS_WIDGET_DIR names it. */
const widgetDir = `widget/v${pluginVersion}`;

/**
 * The declarative shadow root's styles of `widget.html` (widget/declarative.ts), as this release's
 * events server draws them: the plugin puts them in the fragment instead of the server's own
 * (docs/wordpress.md "Security model"), so the page's look is the release's, not the server's.
 * Taken from a drawing of one event, so they are the very text the server writes.
 */
async function declarativeStyles() {
  const declarative = await tsImport('../widget/declarative.ts', import.meta.url);
  const attributes = { venue: 'styles', 'base-url': 'https://events.invalid' };
  const el = declarative.drawnElementOf(
    declarative.readDrawnAttributes((name) => attributes[name] ?? null),
  );
  const event = {
    title: 'Styles',
    event_date: '2030-01-01',
    event_time: '20:00:00',
    tickets_enabled: false,
    publish_status: 'published',
  };
  const self = 'https://events.invalid/api/events/1';
  const listText = JSON.stringify({
    data: [{ type: 'events', id: '1', attributes: event, links: { self } }],
  });
  const html = declarative.drawnElement(el, { listText, nowMs: 0, plainText: (text) => text });
  const css = /^<venue-events[^>]*><template shadowrootmode="open"><style>([^<]+)<\/style>/.exec(
    html,
  )?.[1];
  if (!css) throw new Error('build:wordpress: no <style> in the drawn widget.html');
  // As drawn, to the byte (its leading space too): the page's element stays the server's.
  return css;
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

/** The plugin's text domain: every i18n call names it (block.json's `textdomain` too). */
const DOMAIN = 'venue-events';

/**
 * WordPress's gettext functions (PHP, and `wp.i18n`'s of the same names), with the position of
 * each argument that is part of the message: the string, its plural, its context, the domain.
 */
const GETTEXT = {
  __: { msgid: 0, domain: 1 },
  _e: { msgid: 0, domain: 1 },
  esc_html__: { msgid: 0, domain: 1 },
  esc_html_e: { msgid: 0, domain: 1 },
  esc_attr__: { msgid: 0, domain: 1 },
  esc_attr_e: { msgid: 0, domain: 1 },
  _x: { msgid: 0, context: 1, domain: 2 },
  _ex: { msgid: 0, context: 1, domain: 2 },
  esc_html_x: { msgid: 0, context: 1, domain: 2 },
  esc_attr_x: { msgid: 0, context: 1, domain: 2 },
  _n: { msgid: 0, plural: 1, domain: 3 },
  _nx: { msgid: 0, plural: 1, context: 3, domain: 4 },
  _n_noop: { msgid: 0, plural: 1, domain: 2 },
  _nx_noop: { msgid: 0, plural: 1, context: 2, domain: 3 },
};
/** The ones `wp.i18n` has. */
const JS_GETTEXT = ['__', '_x', '_n', '_nx'];

/** A printf placeholder (`%s`, `%d`, `%1$s`): its string needs a translators' comment. */
const PLACEHOLDER = /%(\d+\$)?[sdf]/;

/**
 * The template's messages, by context and string: each with its plural, translators' comments
 * and references (`file:line`), in the order first met.
 * @type {Map<string, {msgid: string, plural?: string, context?: string, comments: string[], refs: string[]}>}
 */
const messages = new Map();

/** Adds one use of a message. */
function addMessage({ msgid, plural, context, comment, ref }) {
  const key = `${context ?? ''}\u0004${msgid}`;
  const message = messages.get(key) ?? { msgid, plural, context, comments: [], refs: [] };
  messages.set(key, message);
  message.plural ??= plural;
  if (comment && !message.comments.includes(comment)) message.comments.push(comment);
  if (!message.refs.includes(ref)) message.refs.push(ref);
}

/** A comment's text on one line: `translators: %s: the address as typed.` */
const commentText = (raw) =>
  raw
    .replace(/^\/\*+|\*+\/$|^\/\//g, '')
    .replace(/^\s*\*/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * One gettext call, checked: `args` are its arguments, each a literal string or undefined; the
 * translators' comment is the one ending on the call's line or the line before (as translators'
 * tools read them).
 */
function addCall(name, args, { where, ref, line, comments }) {
  const at = GETTEXT[name];
  const literal = (i, what) => {
    if (typeof args[i] !== 'string') {
      throw new Error(`build:wordpress: ${where}: ${name}()'s ${what} is not a literal string`);
    }
    return args[i];
  };
  const domain = args.length > at.domain ? args[at.domain] : undefined;
  if (domain !== DOMAIN) {
    throw new Error(`build:wordpress: ${where}: ${name}() without the text domain '${DOMAIN}'`);
  }
  const msgid = literal(at.msgid, 'string');
  const plural = at.plural === undefined ? undefined : literal(at.plural, 'plural');
  const context = at.context === undefined ? undefined : literal(at.context, 'context');
  const comment = comments.find(
    (c) => (c.end === line || c.end === line - 1) && /^translators:/i.test(c.text),
  )?.text;
  if (!comment && PLACEHOLDER.test(msgid + (plural ?? ''))) {
    throw new Error(
      `build:wordpress: ${where}: "${msgid}" has a placeholder but no /* translators: */ comment`,
    );
  }
  addMessage({ msgid, plural, context, comment, ref });
}

/** The plugin header's translatable fields, as WordPress translates them (get_plugin_data). */
function addHeader(file) {
  const text = readFileSync(join(source, file), 'utf8');
  for (const field of ['Plugin Name', 'Plugin URI', 'Description', 'Author', 'Author URI']) {
    const value = new RegExp(`^[ \\t/*#@]*${field}:[ \\t]*(.+)$`, 'm').exec(text)?.[1]?.trim();
    if (value) addMessage({ msgid: value, comment: `${field} of the plugin`, ref: file });
  }
}

/** The gettext calls of one PHP file (php-parser's syntax tree). */
function addPhp(file) {
  const engine = new Engine({
    parser: { extractDoc: true, php8: true },
    ast: { withPositions: true },
  });
  const program = engine.parseCode(readFileSync(join(source, file), 'utf8'), file);
  const comments = program.comments.map((c) => ({
    end: c.loc.end.line,
    text: commentText(c.value),
  }));
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const name = node.kind === 'call' && node.what.kind === 'name' && node.what.name;
    if (name && Object.hasOwn(GETTEXT, name.replace(/^\\/, ''))) {
      const line = node.loc.start.line;
      addCall(
        name.replace(/^\\/, ''),
        node.arguments.map((a) => (a.kind === 'string' ? a.value : undefined)),
        { where: `${file}:${line}`, ref: `${file}:${line}`, line, comments },
      );
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments') visit(value);
    }
  };
  visit(program.children);
}

/**
 * block.json's translatable fields, with the contexts WordPress translates them in
 * (wp-includes/block-i18n.json).
 */
function addBlockJson(file) {
  const block = JSON.parse(readFileSync(join(source, file), 'utf8'));
  if (block.textdomain !== DOMAIN) {
    throw new Error(`build:wordpress: ${file}: textdomain is not '${DOMAIN}'`);
  }
  addMessage({ msgid: block.title, context: 'block title', ref: file });
  if (block.description) {
    addMessage({ msgid: block.description, context: 'block description', ref: file });
  }
  for (const keyword of block.keywords ?? []) {
    addMessage({ msgid: keyword, context: 'block keyword', ref: file });
  }
}

/**
 * The `wp.i18n` calls of the editor script's source (TypeScript's syntax tree), referenced as the
 * built script they ship in, `build/editor.js`: the file a translation's JSON is made for
 * (`wp i18n make-json` names it by that path's md5, which is what WordPress looks for).
 */
function addEditor(file, built) {
  const text = readFileSync(join(source, file), 'utf8');
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (pos) => tree.getLineAndCharacterOfPosition(pos).line + 1;
  const comments = [];
  const seen = new Set();
  const visit = (node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({
        end: lineOf(range.end),
        text: commentText(text.slice(range.pos, range.end)),
      });
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee) && /^wp\.i18n$/.test(callee.expression.getText())
          ? callee.name.text
          : undefined;
      if (name && JS_GETTEXT.includes(name)) {
        const line = lineOf(node.getStart());
        const args = node.arguments.map((a) => (ts.isStringLiteralLike(a) ? a.text : undefined));
        addCall(name, args, { where: `${file}:${line}`, ref: built, line, comments });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
}

/** A string as a PO file writes it: quoted, escaped. */
const po = (value) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

/** The translation template of everything added. */
function potText() {
  const date = new Date().toISOString().replace(/T(\d\d:\d\d).*/, ' $1+0000');
  const header = [
    `Project-Id-Version: Venue events ${pluginVersion}`,
    `POT-Creation-Date: ${date}`,
    'PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE',
    'Last-Translator: FULL NAME <EMAIL@ADDRESS>',
    'Language-Team: LANGUAGE <LL@li.org>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    'X-Generator: scripts/build-wordpress.mjs',
    `X-Domain: ${DOMAIN}`,
  ];
  const lines = [
    '# Venue events: the WordPress plugin (packages/wordpress/venue-events).',
    '# This file is distributed under the same license as the plugin (MIT).',
    'msgid ""',
    'msgstr ""',
    ...header.map((h) => po(`${h}\n`)),
  ];
  for (const m of messages.values()) {
    lines.push('');
    for (const comment of m.comments) lines.push(`#. ${comment}`);
    lines.push(`#: ${m.refs.join(' ')}`);
    if (m.context !== undefined) lines.push(`msgctxt ${po(m.context)}`);
    lines.push(`msgid ${po(m.msgid)}`);
    if (m.plural !== undefined) {
      lines.push(`msgid_plural ${po(m.plural)}`, 'msgstr[0] ""', 'msgstr[1] ""');
    } else {
      lines.push('msgstr ""');
    }
  }
  return `${lines.join('\n')}\n`;
}

execFileSync('npx', ['tsc', '-p', join(source, 'tsconfig.json'), '--noEmit'], { stdio: 'inherit' });
// The translation template, read before anything is staged: a call it refuses leaves the last
// build in place. From the plugin's PHP (all of it ships), block.json and the editor's source.
addHeader('venue-events.php');
const includes = readdirSync(join(source, 'includes'))
  .sort()
  .map((n) => `includes/${n}`);
for (const file of ['venue-events.php', ...includes].filter((f) => f.endsWith('.php'))) {
  addPhp(file);
}
addBlockJson('block.json');
addEditor('src/editor.ts', 'build/editor.js');
const template = potText();
rmSync(out, { recursive: true, force: true });
mkdirSync(staged, { recursive: true });
for (const file of [
  'venue-events.php',
  'uninstall.php',
  'block.json',
  'readme.txt',
  'includes',
  'languages',
]) {
  // languages/: translations shipped with the plugin, if any (the template is written below).
  if (existsSync(join(source, file))) {
    cpSync(join(source, file), join(staged, file), { recursive: true });
  }
}
mkdirSync(join(staged, widgetDir), { recursive: true });
// The plain files only: WordPress serves them as they are, without choosing a compressed copy.
for (const name of readdirSync(widget).filter((n) => /\.(js|json)$/.test(n))) {
  cpSync(join(widget, name), join(staged, widgetDir, name));
}
// Read by the PHP (sanitize.php venue_events_shipped_styles), never served.
writeFileSync(join(staged, widgetDir, 'declarative.css'), await declarativeStyles());
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

mkdirSync(join(staged, 'languages'), { recursive: true });
writeFileSync(join(staged, 'languages', `${DOMAIN}.pot`), template);
execFileSync('zip', ['-q', '-r', '-X', 'venue-events.zip', 'venue-events'], { cwd: out });
console.log('build:wordpress: dist/wordpress/venue-events.zip');
