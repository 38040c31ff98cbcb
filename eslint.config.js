import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * The packages the widget may import: the npm package's own dependencies
 * (packages/venue-events/package.json: lit, dompurify). Anything else — luxon, html-to-text,
 * express, … — is the server's and is not installed beside `venue-events` in a site's project.
 */
const WIDGET_DEPENDENCIES = Object.keys(
  JSON.parse(readFileSync(join(ROOT, 'packages/venue-events/package.json'), 'utf8')).dependencies,
);
const undeclaredPackage = {
  regex: `^(?!\\.{1,2}/|(?:${WIDGET_DEPENDENCIES.join('|')})(?:/|$))`,
  message: `The widget's modules import only the package's dependencies (${WIDGET_DEPENDENCIES.join(', ')}): a site's bundler finds nothing else (test/package/bundlers.test.ts).`,
};

/** The relative modules `file`'s code loads (`import`, `export … from`, `import()`), not types. */
const IMPORTS = [
  /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm,
  /\bimport\(\s*'(\.[^']+)'\s*\)/g,
];
const importsOf = (file) => {
  const text = readFileSync(file, 'utf8');
  return IMPORTS.flatMap((pattern) => [...text.matchAll(pattern)])
    .map(([, specifier]) => join(dirname(file), specifier).replace(/\.js$/, '.ts'))
    .filter((path) => existsSync(path));
};

/**
 * The shared/ modules a bundle of widget/ reaches, transitively (paths from the repository root):
 * they are in the site's bundle too, so they import no package the widget may not.
 */
function widgetReach() {
  const queue = readdirSync(join(ROOT, 'widget'), { recursive: true })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(ROOT, 'widget', name));
  const seen = new Set(queue);
  for (const file of queue) {
    for (const next of importsOf(file).filter((path) => !seen.has(path))) {
      seen.add(next);
      queue.push(next);
    }
  }
  return [...seen].map((path) => relative(ROOT, path)).filter((path) => path.startsWith('shared/'));
}

/**
 * What each folder may not import (docs/architecture.md "Layers"), as `no-restricted-imports`
 * regexes over relative specifiers. Within server/, a folder imports only folders below it:
 * shared → lib → http → pages, store → listing, import → sources (a venue's feed read and
 * applied as a venue file is) → web → routes (the one set of listing routes over a mode's backend)
 * → origin, proxy (siblings: never each other) → the shell (main, import-cli, cli-options).
 */
const SERVER_FOLDERS = [
  'lib',
  'http',
  'pages',
  'store',
  'listing',
  'import',
  'sources',
  'web',
  'routes',
  'origin',
  'proxy',
  'demo',
];
const SHELL_FILES = '(?:app-shell|main|cli-options|import-cli)\\.js$';
/** The shell's command-line files: above origin/ and proxy/, which share only app-shell.ts. */
const ENTRY_FILES = '(?:main|cli-options|import-cli)\\.js$';
/** The server folders `folder` may not import: every one but itself and those in `allowed`. */
const allBut = (folder, allowed) =>
  SERVER_FOLDERS.filter((f) => f !== folder && !allowed.includes(f));
/** Folder → the server folders it may not import (and whether the shell's files are out too). */
const SERVER_LAYERS = {
  lib: { banned: allBut('lib', []), shell: true },
  http: { banned: allBut('http', ['lib']), shell: true },
  pages: { banned: allBut('pages', ['lib', 'http']), shell: true },
  store: { banned: allBut('store', ['lib']), shell: true },
  listing: { banned: allBut('listing', ['lib', 'http', 'pages']), shell: true },
  import: { banned: allBut('import', ['lib', 'store']), shell: true },
  sources: { banned: allBut('sources', ['lib', 'store', 'import']), shell: true },
  web: { banned: allBut('web', ['lib', 'http', 'pages', 'demo']), shell: true },
  routes: { banned: allBut('routes', ['lib', 'http', 'pages', 'listing', 'web']), shell: true },
  origin: { banned: ['proxy', 'import', 'sources'], shell: false },
  proxy: { banned: ['origin', 'store', 'import', 'sources'], shell: false },
  demo: { banned: allBut('demo', []), shell: true },
};
const sharedLayer = {
  regex: '^(?:\\.\\./)+(?:server|widget)/',
  message: 'shared/ imports neither server/ nor widget/.',
};
const layerRules = [
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedLayer] }] },
  },
  {
    // The shared modules in the widget's bundle: the widget's own zone (below) applies to them.
    files: widgetReach(),
    rules: {
      'no-restricted-imports': ['error', { patterns: [sharedLayer, undeclaredPackage] }],
    },
  },
  {
    files: ['widget/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+server/',
              message: 'The widget bundle never imports the server.',
            },
            undeclaredPackage,
          ],
        },
      ],
    },
  },
  {
    // The server draws the element with the widget's own markup (docs/api.md §10.17): through
    // widget/declarative.ts alone, DOM-free, never Lit or the elements.
    files: ['server/**/*.ts'],
    ignores: Object.keys(SERVER_LAYERS).map((folder) => `server/${folder}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+widget/(?!declarative\\.js$)',
              message: 'The server imports only widget/declarative.ts of the widget.',
            },
          ],
        },
      ],
    },
  },
  ...Object.entries(SERVER_LAYERS).map(([folder, { banned, shell }]) => ({
    files: [`server/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?:${banned.join('|')})/`,
              message: `server/${folder}/ may not import this layer (docs/architecture.md "Layers").`,
            },
            {
              regex: '^(?:\\.\\./)+widget/(?!declarative\\.js$)',
              message: 'The server imports only widget/declarative.ts of the widget.',
            },
            shell
              ? {
                  regex: `^\\.\\./${SHELL_FILES}`,
                  message: `server/${folder}/ may not import the shell.`,
                }
              : {
                  // A mode's app builds on app-shell.ts; the command line stays above both modes.
                  regex: `^\\.\\./${ENTRY_FILES}`,
                  message: `server/${folder}/ may not import the command line.`,
                },
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.scratch/',
      'data/',
      'node_modules/',
      'coverage/',
      'custom-elements.json',
      'packages/venue-events/dist/',
      'packages/venue-events/custom-elements.json',
      // The framework examples' generated files and build outputs.
      'examples/next/.next/',
      'examples/next/next-env.d.ts',
      'examples/astro/.astro/',
      'examples/astro/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Small, plain modules: no function over 100 lines in the product's code (templates, which
    // read top to bottom as the markup they produce, say so where they are longer).
    files: ['server/**/*.ts', 'widget/**/*.ts', 'shared/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100 }] },
  },
  {
    // Every test asserts something a user would notice (docs/testing.md): a test without an
    // assertion fails lint. The rule reads `it`/`test` blocks, so it serves the vitest files and
    // the widget's mocha + chai files alike; an `expect…`, `assert…` or `rejects` helper counts.
    files: ['test/**/*.test.ts'],
    plugins: { vitest },
    rules: {
      'vitest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*', 'assert', 'assert*', 'rejects'] },
      ],
    },
  },
  // The layers of docs/architecture.md, bottom up: a wrong import fails lint.
  ...layerRules,
  {
    // No import circle in the product's code (docs/architecture.md "Layers"): a module's
    // dependencies are below it. Specifiers name `.js`; the files are `.ts`.
    files: ['server/**/*.ts', 'widget/**/*.ts', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js'],
          extensionAlias: { '.js': ['.ts', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
