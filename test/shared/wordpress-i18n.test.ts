/**
 * The WordPress plugin's languages (docs/wordpress.md "Languages"), without a WordPress: the
 * built zip's translation template (`languages/venue-events.pot`, written by
 * scripts/build-wordpress.mjs) against a static scan of the plugin's sources, done here apart from
 * the build's own reader (PHP's tokenizer, test/support/wordpress-i18n.php, where the build uses
 * php-parser; TypeScript's parser over the editor's source and over the built script); every i18n
 * call in the text domain `venue-events`; no visible literal left untranslated in the settings
 * page, the block's output or the editor's sidebar, as far as a scan can tell; and the block's
 * `locale` defaulting to the site's language (`de_DE` → `de-DE`), run in PHP.
 *
 * Needs the zip built first (`node scripts/build-wordpress.mjs`, which `npm run build` runs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch.js';

const PLUGIN = resolve('packages/wordpress/venue-events');
const ZIP = resolve('dist/wordpress/venue-events.zip');
const SCANNER = resolve('test/support/wordpress-i18n.php');
const DOMAIN = 'venue-events';

/**
 * WordPress's i18n functions (PHP's, and `wp.i18n`'s of the same names): the positions of the
 * message's string, plural and context, and of the domain.
 */
const GETTEXT: Record<
  string,
  { msgid: number; plural?: number; context?: number; domain: number }
> = {
  __: { msgid: 0, domain: 1 },
  _e: { msgid: 0, domain: 1 },
  esc_html__: { msgid: 0, domain: 1 },
  esc_html_e: { msgid: 0, domain: 1 },
  esc_attr__: { msgid: 0, domain: 1 },
  esc_attr_e: { msgid: 0, domain: 1 },
  translate: { msgid: 0, domain: 1 },
  _x: { msgid: 0, context: 1, domain: 2 },
  _ex: { msgid: 0, context: 1, domain: 2 },
  esc_html_x: { msgid: 0, context: 1, domain: 2 },
  esc_attr_x: { msgid: 0, context: 1, domain: 2 },
  _n: { msgid: 0, plural: 1, domain: 3 },
  _nx: { msgid: 0, plural: 1, context: 3, domain: 4 },
  _n_noop: { msgid: 0, plural: 1, domain: 2 },
  _nx_noop: { msgid: 0, plural: 1, context: 2, domain: 3 },
};
const JS_GETTEXT = ['__', '_x', '_n', '_nx'];

/** One i18n call found by a scan: its arguments, each a literal's value or null. */
interface Call {
  file: string;
  line: number;
  fn: string;
  args: (string | null)[];
  comment: string | null;
}

/** A literal that reaches the page untranslated. */
interface Untranslated {
  file: string;
  line: number;
  text: string;
}

interface Scan {
  calls: Call[];
  untranslated: Untranslated[];
}

/** A zip's files by name, each read (stored or deflated) when asked for. */
function readZip(zip: Buffer): Map<string, () => Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = new Map<string, () => Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, () => {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return method === 8 ? inflateRawSync(data) : Buffer.from(data);
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** One message of a PO template. */
interface PotEntry {
  msgctxt?: string;
  msgid: string;
  msgid_plural?: string;
  comments: string[];
  refs: string[];
}

/** The entries of a `.pot`, the header (the empty msgid) first. */
function parsePot(text: string): PotEntry[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const entry: PotEntry = { msgid: '', comments: [], refs: [] };
      let field: string | undefined;
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (line.startsWith('#.')) entry.comments.push(line.slice(2).trim());
        else if (line.startsWith('#:')) entry.refs.push(...line.slice(2).trim().split(/\s+/));
        else if (line.startsWith('#')) continue;
        else {
          const m = /^(\S+)\s+(".*")$/.exec(line);
          if (m) field = m[1];
          if (!field) throw new Error(`not a PO line: ${line}`);
          fields[field] = (fields[field] ?? '') + (JSON.parse(m ? m[2]! : line) as string);
        }
      }
      entry.msgid = fields.msgid ?? '';
      if ('msgctxt' in fields) entry.msgctxt = fields.msgctxt;
      if ('msgid_plural' in fields) entry.msgid_plural = fields.msgid_plural;
      return entry;
    });
}

/** A message's key: its context and string. */
const keyOf = (msgid: string, context?: string | null) => `${context ?? ''}\u0004${msgid}`;

/** The PHP files of a folder, relative to it. */
function phpFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.php'))
    .sort();
}

/** PHP's scan (test/support/wordpress-i18n.php) of `files` under `root`. */
function scanPhp(root: string, files: string[]): Scan {
  return JSON.parse(execFileSync('php', [SCANNER, root, ...files], { encoding: 'utf8' })) as Scan;
}

/** A string with words someone reads, once printf placeholders are taken out. */
const visible = (text: string) =>
  /[A-Za-z]{2,}/.test(text.replace(/%(\d+\$)?[sdf]/g, ' ').replace(/<[^>]*>/g, ' '));

/** Properties and parameters whose values are shown: a label, a help line, a title. */
const SHOWN = /^(label|help|title|placeholder|text|message|children)$/;

/**
 * TypeScript's scan of a script (the editor's source, or the built script): its `wp.i18n` calls,
 * with the translators' comment ending on their line or the line before, and the literals shown
 * as they are written: a `label`/`help`/`title` property's, a createElement child, an argument of
 * one of the file's own functions whose parameter is a `label` or a `help`.
 */
function scanScript(file: string, text: string): Scan {
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => tree.getLineAndCharacterOfPosition(pos).line + 1;
  const comments: { end: number; text: string }[] = [];
  const seenComments = new Set<number>();
  const parameters = new Map<string, string[]>();
  const calls: Call[] = [];
  const untranslated: Untranslated[] = [];
  const calleeName = (call: ts.CallExpression): string | undefined => {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return callee.text;
    if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
    return undefined;
  };
  const collect = (node: ts.Node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (seenComments.has(range.pos)) continue;
      seenComments.add(range.pos);
      const body = text.slice(range.pos, range.end).replace(/^\/[*/]+|\*+\/$/g, '');
      comments.push({ end: lineOf(range.end), text: body.replace(/\s+/g, ' ').trim() });
    }
    if (ts.isFunctionDeclaration(node) && node.name) {
      parameters.set(
        node.name.text,
        node.parameters.map((p) => p.name.getText()),
      );
    }
    ts.forEachChild(node, collect);
  };
  collect(tree);
  /** Whether the expression `node` (a literal, or the template holding it) is shown as it is. */
  const shown = (node: ts.Node): boolean => {
    const parent = node.parent;
    if (ts.isPropertyAssignment(parent)) return SHOWN.test(parent.name.getText());
    if (ts.isCallExpression(parent) && parent.expression !== node) {
      const index = parent.arguments.indexOf(node as ts.Expression);
      const name = calleeName(parent);
      if (name === 'h' || name === 'createElement') return index >= 2;
      const params = name === undefined ? undefined : parameters.get(name);
      return params !== undefined && SHOWN.test(params[index] ?? '');
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name =
        ts.isIdentifier(callee) ||
        (ts.isPropertyAccessExpression(callee) && callee.expression.getText() === 'wp.i18n')
          ? calleeName(node)
          : undefined;
      if (name && JS_GETTEXT.includes(name)) {
        const line = lineOf(node.getStart());
        calls.push({
          file,
          line,
          fn: name,
          args: node.arguments.map((a) => (ts.isStringLiteralLike(a) ? a.text : null)),
          comment:
            comments.find(
              (c) => (c.end === line || c.end === line - 1) && /^translators:/i.test(c.text),
            )?.text ?? null,
        });
        return; // its own literals are the message
      }
    }
    const literal = ts.isStringLiteralLike(node)
      ? node.text
      : ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('')
        : undefined;
    if (literal !== undefined && visible(literal) && shown(node)) {
      untranslated.push({ file, line: lineOf(node.getStart()), text: literal });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { calls, untranslated };
}

/** The messages of i18n calls, by key, each with the calls that give it. */
function messagesOf(calls: Call[]): Map<string, { plural?: string; calls: Call[] }> {
  const out = new Map<string, { plural?: string; calls: Call[] }>();
  for (const call of calls) {
    const at = GETTEXT[call.fn]!;
    const msgid = call.args[at.msgid];
    if (typeof msgid !== 'string') continue; // reported by the literal check
    const context = at.context === undefined ? undefined : call.args[at.context];
    const key = keyOf(msgid, context);
    const message = out.get(key) ?? { calls: [] };
    if (at.plural !== undefined) message.plural = call.args[at.plural] ?? undefined;
    message.calls.push(call);
    out.set(key, message);
  }
  return out;
}

/** Where a call is, for failure messages. */
const where = (c: Call | Untranslated) => `${c.file}:${c.line}`;

/** The i18n calls that lack the domain, or whose message is not a literal. */
function badCalls(calls: Call[]): string[] {
  return calls.flatMap((c) => {
    const at = GETTEXT[c.fn]!;
    const problems: string[] = [];
    if (c.args[at.domain] !== DOMAIN) problems.push(`${where(c)} ${c.fn}(): not in '${DOMAIN}'`);
    for (const part of ['msgid', 'plural', 'context'] as const) {
      const i = at[part];
      if (i !== undefined && typeof c.args[i] !== 'string') {
        problems.push(`${where(c)} ${c.fn}(): its ${part} is not a literal string`);
      }
    }
    return problems;
  });
}

if (!existsSync(ZIP)) {
  throw new Error(`${ZIP} is missing: build it first (node scripts/build-wordpress.mjs)`);
}
const zip = readZip(readFileSync(ZIP));
const fromZip = (name: string) => zip.get(`venue-events/${name}`)?.().toString('utf8');
const pot = parsePot(fromZip('languages/venue-events.pot') ?? '');
const php = scanPhp(PLUGIN, phpFiles(PLUGIN));
const editorSource = scanScript(
  'src/editor.ts',
  readFileSync(join(PLUGIN, 'src/editor.ts'), 'utf8'),
);
const editorBuilt = scanScript('build/editor.js', fromZip('build/editor.js') ?? '');

describe("the WordPress plugin's scans", () => {
  it('find what they look for in a plugin that gets it wrong', () => {
    const dir = scratchDir('venue-events-i18n-');
    writeFileSync(
      join(dir, 'bad.php'),
      `<?php
function bad_row( $name, $label, $help ) {}
function bad() {
	echo '<p>Hello there</p>';
	echo esc_html( 'Save changes' );
	printf( '<b title="Close me">%s</b>', $x );
	bad_row( 'bad_name', 'Label text', 'Help text' );
	add_settings_error( 'bad_name', 'refused', 'Refused here.' );
	$a = __( 'No domain' );
	$b = esc_html__( 'Wrong domain', 'other' );
	$c = __( 'Joined ' . $x, 'venue-events' );
	return '<p>Returned markup</p>';
}
`,
    );
    const bad = scanPhp(dir, ['bad.php']);
    expect(bad.untranslated.map((u) => u.text)).toEqual([
      '<p>Hello there</p>',
      'Save changes',
      '<b title="Close me">%s</b>',
      'Label text',
      'Help text',
      'Refused here.',
      '<p>Returned markup</p>',
    ]);
    expect(badCalls(bad.calls)).toEqual([
      "bad.php:9 __(): not in 'venue-events'",
      "bad.php:10 esc_html__(): not in 'venue-events'",
      'bad.php:11 __(): its msgid is not a literal string',
    ]);

    const script = scanScript(
      'bad.ts',
      `const { __ } = wp.i18n;
function field(props, name, label, help) {}
field(props, 'venue', 'Venue', __('Help', 'venue-events'));
h(Panel, { title: 'Events', label: \`\${x} more\` }, 'A child', __('Fine', 'venue-events'));
__('No domain');
wp.i18n.__('Wrong', 'other');`,
    );
    expect(script.untranslated.map((u) => u.text)).toEqual(['Venue', 'Events', ' more', 'A child']);
    expect(badCalls(script.calls)).toEqual([
      "bad.ts:5 __(): not in 'venue-events'",
      "bad.ts:6 __(): not in 'venue-events'",
    ]);
  });
});

describe("the WordPress plugin's languages", () => {
  it('names its text domain and languages folder in its header, and loads its translations on init', () => {
    const main = fromZip('venue-events.php') ?? '';
    expect(main).toMatch(/^ \* Text Domain: +venue-events$/m);
    expect(main).toMatch(/^ \* Domain Path: +\/languages$/m);
    expect(main).toContain("add_action( 'init', 'venue_events_load_textdomain' );");
    const i18n = fromZip('includes/i18n.php') ?? '';
    expect(i18n).toMatch(
      /function venue_events_load_textdomain\(\) \{\s*load_plugin_textdomain\( 'venue-events', false, dirname\( plugin_basename\( VENUE_EVENTS_PLUGIN_FILE \) \) \. '\/languages' \);/,
    );
    expect(i18n).toContain("wp_set_script_translations( $handle, 'venue-events',");
    expect(JSON.parse(fromZip('block.json') ?? '{}')).toMatchObject({ textdomain: DOMAIN });
    // The editor script depends on wp-i18n, so WordPress hands it its translations.
    expect(fromZip('build/editor.asset.php')).toContain("'wp-i18n'");
  });

  it('passes every i18n call of its PHP and its editor script the text domain and literal strings', () => {
    expect(php.calls.length).toBeGreaterThan(20);
    expect(editorSource.calls.length).toBeGreaterThan(15);
    expect(badCalls([...php.calls, ...editorSource.calls, ...editorBuilt.calls])).toEqual([]);
  });

  it('leaves no visible literal untranslated in the settings page, the block and the sidebar', () => {
    expect(php.untranslated).toEqual([]);
    expect(editorSource.untranslated).toEqual([]);
  });

  it('ships a .pot with an entry for every string of its PHP, block.json, header and editor script, and no other', () => {
    const [header, ...entries] = pot;
    expect(header!.msgid).toBe('');
    const got = new Map(entries.map((e) => [keyOf(e.msgid, e.msgctxt), e]));
    expect(got.size, 'one entry per message').toBe(entries.length);

    const expected = new Map<string, string[]>();
    const expect1 = (key: string, ref: string) =>
      expected.set(key, [...(expected.get(key) ?? []), ref]);
    const phpMessages = messagesOf(php.calls);
    for (const [key, { calls }] of phpMessages) {
      for (const c of calls) expect1(key, `${c.file}:${c.line}`);
    }
    // The editor's strings, referenced as the script they ship in (its translations' JSON is
    // named by that path), and found in the built script too.
    const builtMessages = messagesOf(editorBuilt.calls);
    for (const key of messagesOf(editorSource.calls).keys()) {
      expect(builtMessages.has(key), `${key} in build/editor.js`).toBe(true);
      expect1(key, 'build/editor.js');
    }
    expect(builtMessages.size).toBe(messagesOf(editorSource.calls).size);
    const main = fromZip('venue-events.php') ?? '';
    for (const field of ['Plugin Name', 'Plugin URI', 'Description', 'Author', 'Author URI']) {
      const value = new RegExp(`^ \\* ${field}: +(.+)$`, 'm').exec(main)?.[1];
      if (value) expect1(keyOf(value), 'venue-events.php');
    }
    const block = JSON.parse(fromZip('block.json') ?? '{}') as {
      title: string;
      description: string;
      keywords: string[];
    };
    expect1(keyOf(block.title, 'block title'), 'block.json');
    expect1(keyOf(block.description, 'block description'), 'block.json');
    for (const k of block.keywords) expect1(keyOf(k, 'block keyword'), 'block.json');

    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, refs] of expected) {
      expect(got.get(key)!.refs, key).toEqual(expect.arrayContaining(refs));
    }
    for (const [key, { plural }] of phpMessages) {
      expect(got.get(key)!.msgid_plural, key).toBe(plural);
    }
  });

  it("gives translators a comment for every string with a placeholder, as the source's /* translators: */ says", () => {
    const withComments = [...php.calls, ...editorSource.calls].filter((c) => c.comment);
    const byKey = new Map(pot.map((e) => [keyOf(e.msgid, e.msgctxt), e]));
    for (const c of withComments) {
      const key = [...messagesOf([c]).keys()][0]!;
      expect(byKey.get(key)?.comments, where(c)).toContain(c.comment);
    }
    for (const entry of pot.slice(1)) {
      if (/%(\d+\$)?[sdf]/.test(entry.msgid)) {
        expect(
          entry.comments.some((c) => c.startsWith('translators:')),
          entry.msgid,
        ).toBe(true);
      }
    }
    expect(withComments.length).toBeGreaterThan(5);
  });

  it('is a template gettext reads: UTF-8, in the domain, no translation filled in', () => {
    const text = fromZip('languages/venue-events.pot') ?? '';
    expect(text).toContain('"Content-Type: text/plain; charset=UTF-8\\n"');
    expect(text).toContain(`"X-Domain: ${DOMAIN}\\n"`);
    expect(text.match(/^msgstr(\[\d\])? "(.+)"$/gm)).toBeNull();
    expect(zip.has('venue-events/languages/venue-events.pot')).toBe(true);
  });
});

/**
 * Runs render.php's attribute cleaning and i18n.php's mapping in PHP, without WordPress: the few
 * WordPress functions they call are stubbed, the site's locale and options as given.
 */
function phpLocales(
  site: string,
  options: Record<string, unknown>,
  cases: { given: Record<string, string> }[],
  tags: string[],
): { locales: string[]; urls: string[]; tags: string[] } {
  const code = `
define('ABSPATH', '/');
define('DAY_IN_SECONDS', 86400);
$input = json_decode(stream_get_contents(STDIN), true);
function get_locale() { global $input; return $input['site']; }
function get_option($name, $default = false) { global $input; return $input['options'][$name] ?? $default; }
function shortcode_atts($pairs, $atts) { $out = array(); foreach ($pairs as $k => $v) { $out[$k] = $atts[$k] ?? $v; } return $out; }
function sanitize_text_field($value) { return trim((string) $value); }
function untrailingslashit($value) { return rtrim($value, '/\\\\'); }
function add_action() {}
foreach (['contract', 'i18n', 'settings', 'fragment', 'render'] as $file) { require '${PLUGIN}/includes/' . $file . '.php'; }
$atts = array_map(fn ($c) => venue_events_clean_attributes_of($c['given']), $input['cases']);
echo json_encode([
  'locales' => array_column($atts, 'locale'),
  'urls' => array_map('venue_events_widget_url', $atts),
  'tags' => array_map('venue_events_locale_tag', $input['tags']),
]);`;
  return JSON.parse(
    execFileSync('php', ['-r', code], {
      input: JSON.stringify({ site, options, cases, tags }),
      encoding: 'utf8',
    }),
  ) as { locales: string[]; urls: string[]; tags: string[] };
}

describe("the block's and the shortcode's locale (PHP)", () => {
  const options = { venue_events_servers: ['https://events.example.org'] };
  const cases: { given: Record<string, string> }[] = [
    { given: { venue: 'blue-room' } },
    { given: { venue: 'blue-room', locale: 'fr' } },
    { given: { venue: 'blue-room', locale: 'not a tag' } },
  ];

  it("defaults to the site's language as a BCP 47 tag, after the block's own and the setting's", () => {
    const german = phpLocales('de_DE', options, cases, []);
    expect(german.locales).toEqual(['de-DE', 'fr', '']);
    expect(german.urls[0]).toBe('https://events.example.org/t/blue-room/widget.html?locale=de-DE');
    const set = phpLocales('de_DE', { ...options, venue_events_locale: 'it' }, cases, []);
    expect(set.locales).toEqual(['it', 'fr', '']);
    expect(phpLocales('pt_PT_ao90', options, cases, []).locales[0]).toBe('pt-PT');
  });

  it("sends none for WordPress's default, en_US: the events server's own default", () => {
    const english = phpLocales('en_US', options, cases, []);
    expect(english.locales).toEqual(['', 'fr', '']);
    expect(english.urls[0]).toBe('https://events.example.org/t/blue-room/widget.html');
  });

  it("maps WordPress's locales to tags the widget and widget.html read", () => {
    const locales: Record<string, string> = {
      de_DE: 'de-DE',
      de_DE_formal: 'de-DE',
      de_CH_informal: 'de-CH',
      de_AT: 'de-AT',
      en_GB: 'en-GB',
      fr_FR: 'fr-FR',
      fr_CA: 'fr-CA',
      es_ES: 'es-ES',
      es_MX: 'es-MX',
      it_IT: 'it-IT',
      nl_NL: 'nl-NL',
      nl_NL_formal: 'nl-NL',
      nl_BE: 'nl-BE',
      pt_PT: 'pt-PT',
      pt_PT_ao90: 'pt-PT',
      pt_BR: 'pt-BR',
      pl_PL: 'pl-PL',
      sv_SE: 'sv-SE',
      da_DK: 'da-DK',
      cs_CZ: 'cs-CZ',
      ar: 'ar',
      ary: 'ary',
      he_IL: 'he-IL',
      zh_TW: 'zh-TW',
      es_419: 'es-419',
      fr: 'fr',
      '': '',
      'de-DE': '',
    };
    const { tags } = phpLocales('en_US', options, [], Object.keys(locales));
    expect(Object.fromEntries(Object.keys(locales).map((l, i) => [l, tags[i]]))).toEqual(locales);
    // widget.html reads a locale as a BCP 47 tag (server/web/fragment.ts): each is one.
    for (const tag of tags.filter(Boolean)) {
      expect(Intl.getCanonicalLocales(tag), tag).toEqual([tag]);
    }
  });
});
