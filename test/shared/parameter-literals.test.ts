/**
 * Each query parameter's name is written once, in shared/queries.ts (docs/architecture.md
 * "Parameter names"): the server's code names it by `PARAM`, the widget by its generated constants
 * (widget/query-names.generated.ts), the WordPress plugin by contract.php's. This test reads
 * server/, widget/, shared/ and the plugin's PHP and fails where a name is spelt by hand as a
 * query key: read from or written to a query (`searchParams.get('search')`, `req.query.locale`,
 * `$_GET['page']`), written into a URL (`?venues=`, `&page=`, `` `ids=${…}` ``, `page[size]`) or
 * a form field (`name="categories"`). The same words elsewhere — a CSS part, an element's
 * property, `aria-current="page"`, a type's member, a comment — are not keys, and are left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARAM } from '../../shared/queries.js';
import { CONTRACT_PHP } from '../../scripts/wordpress-contract.js';
import { QUERY_NAMES_TS } from '../../scripts/query-names.js';

/**
 * The names' one home and the files generated from it; and the embed builder's page, whose form
 * is no query (its own script, `embed/embed.js`, reads the fields to write a snippet).
 */
const SKIPPED = new Set([
  'shared/queries.ts',
  QUERY_NAMES_TS,
  CONTRACT_PHP,
  'server/web/embed-page.ts',
]);

/** The folders read, and the file names read in them. */
const ROOTS: readonly [string, RegExp][] = [
  ['server', /\.ts$/],
  ['widget', /\.ts$/],
  ['shared', /\.ts$/],
  ['packages/wordpress/venue-events', /\.php$/],
];

/** Every file read, from the repository's root. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string, pattern: RegExp) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, pattern);
      else if (pattern.test(entry.name) && !SKIPPED.has(path)) files.push(path);
    }
  };
  for (const [root, pattern] of ROOTS) walk(root, pattern);
  return files;
}

/** `text` without its comments: docblocks, `//` and PHP's `#` comments (not `://` in a URL). */
const withoutComments = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[\s;{}])(?:\/\/|#(?!\[)).*$/gm, '$1');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** A string's quote. */
const QUOTE = `['"\`]`;

/**
 * The ways a name `n` is used as a query key, each a pattern of `n` (escaped):
 * - a query's accessor on anything named `…params` or `…query` (`URLSearchParams`, Express's);
 * - Express's `req.query.n` or `query['n']`, and PHP's `$_GET['n']` or `$_REQUEST['n']`;
 * - a URL's text: `?n=` (not Lit's ` ?n=${…}` boolean attribute, after white space), `&n=`,
 *   `&amp;n=`, a string that starts `n=`, or a bracketed name `n[…]` there;
 * - a form field's `name="n"`.
 */
const KEY_USES: readonly ((n: string) => string)[] = [
  (n) =>
    `\\b\\w*(?:[Pp]arams|[Qq]uery)\\.(?:get|getAll|has|set|append|delete)\\(\\s*${QUOTE}${n}${QUOTE}`,
  (n) => `\\breq\\.query\\.${n}\\b`,
  (n) => `(?:\\bquery|\\$_GET|\\$_REQUEST|\\$_POST)\\[\\s*${QUOTE}${n}${QUOTE}\\s*\\]`,
  (n) => `(?:(?<![\\s(])\\?|&(?:amp;)?|${QUOTE})${n}(?:=(?!=)|\\[[a-z])`,
  (n) => `\\bname=\\\\?['"]${n}\\\\?['"]`,
];

/** Each parameter name's key uses, as one pattern per name. */
const PATTERNS = Object.keys(PARAM).map(
  (name) => [name, new RegExp(KEY_USES.map((use) => use(escape(name))).join('|'), 'g')] as const,
);

/** `file: name: line n: text` of each place `text` spells a parameter's name as a query key. */
export function handWrittenNames(file: string, text: string): string[] {
  const lines = withoutComments(text).split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    for (const [name, pattern] of PATTERNS) {
      if (line.match(pattern)) found.push(`${file}: ${name}: line ${i + 1}: ${line.trim()}`);
    }
  });
  return found;
}

describe('parameter names spelt by hand', () => {
  it('no file of server/, widget/, shared/ or the plugin writes a query key by hand', () => {
    const files = sourceFiles();
    for (const [root] of ROOTS)
      expect(files.some((file) => file.startsWith(`${root}/`))).toBe(true);
    const found = files.flatMap((file) => handWrittenNames(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a name written as a query key, in each way', () => {
    const bad = [
      "const q = searchParams.get('categories');",
      'url.searchParams.set("search", words);',
      'const locale = req.query.locale;',
      "const raw = query['start_date'];",
      "$page = $_GET['page'];",
      'return `${base}/events.ics?venues=${slugs}`;',
      "return path + '&page=' + n;",
      'const some = `ids=${ids.join()}`;',
      '<a href="/events?scope=all&amp;month=2026-12">',
      'const href = "/api/events?page[size]=12";',
      '`<select name="categories">`',
      '\'<input type="hidden" name="view" value="calendar">\'',
      "return $server . '/' . $path . '?venues=' . implode( ',', $slugs );",
    ];
    for (const line of bad) expect(handWrittenNames('bad.ts', line), line).toHaveLength(1);
  });

  it('leaves the same words alone where they are not query keys', () => {
    const good = [
      "if (changed.has('page')) this.page = 1;",
      'html`<venue-event ?no-share=${o.noShare}></venue-event>`',
      '`<input type="search" id="q" name="${PARAM.search}">`',
      "return `${get('year')}-${get('month')}-${get('day')}`;",
      '`<a href="${href}" aria-current="page">`',
      "type Filters = Partial<Record<'categories' | 'search', string>>;",
      "headingLevel: { type: Number, attribute: 'heading-level' },",
      '/** `?venues=a,b,c`, docs/api.md §10.16 */',
      "// ?page=1 is the first page's URL",
      "const u = 'https://example.org/events'; // a link, not ?page=2",
      "if (x === 'page') return;",
      'params.set(PARAM_CATEGORIES, value);',
    ];
    for (const line of good) expect(handWrittenNames('good.ts', line), line).toEqual([]);
  });
});
