import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import { minifyCss } from './widget/css-text.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/**
 * Collapses whitespace inside Lit `css` tagged templates of the widget: minifiers keep template
 * literals verbatim, and our stylesheets are a large share of the budgeted initial script. The
 * text around a plain `${…}` (a palette colour) is minified, the expression left as it is; once
 * the bundler has written a string constant in its place, the string is written into the text.
 */
function minifyCssLiterals(): Plugin {
  return {
    name: 'venue-events:minify-css-literals',
    transform(code, id) {
      if (!/\/widget\/[^/]+\.ts$/.test(id)) return null;
      return code.replace(/\bcss`((?:[^`$]|\$\{[^}`]*\})*)`/g, (_match, body: string) => {
        // Odd parts are the `${…}`s; a space beside one may separate values (`solid ${c}`).
        const parts = body.split(/(\$\{[^}`]*\})/);
        const min = parts.map((part, i) => (i % 2 ? part : minifyCss(part))).join('');
        return `css\`${min.trim()}\``;
      });
    },
    // A string constant put into a `css` template (a palette colour, which the bundler has written
    // in its place) is written into the template's text: the same text, for `css` (widget/sheet.ts)
    // joins the parts and values as they are.
    renderChunk(code) {
      const folded = code.replace(/\bcss`(?:[^`$\\]|\$\{[^}`]*\})*`/g, (template) =>
        template.replace(/\$\{\s*"([^"\\`$]*)"\s*\}/g, '$1'),
      );
      return folded === code ? null : { code: folded, map: null };
    },
  };
}

/**
 * Collapses every run of whitespace that holds a line break inside the widget's Lit `html` tagged
 * templates to one space: HTML renders such runs as one space anyway (no template has `<pre>` or a
 * `white-space: pre` style), and the indentation Prettier gives templates is a large share of the
 * budgeted initial script. Only the templates' own text changes, found with the TypeScript parser
 * (the expressions inside them, and any other string, are left alone).
 */
function minifyHtmlLiterals(): Plugin {
  return {
    name: 'venue-events:minify-html-literals',
    transform(code, id) {
      if (!/\/widget\/[^/]+\.ts$/.test(id) || !code.includes('html`')) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const texts: ts.Node[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'html') {
          const t = node.template;
          texts.push(...(ts.isNoSubstitutionTemplateLiteral(t) ? [t] : [t.head]));
          if (!ts.isNoSubstitutionTemplateLiteral(t))
            texts.push(...t.templateSpans.map((s) => s.literal));
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      let out = code;
      for (const text of texts.sort((a, b) => b.getStart(source) - a.getStart(source))) {
        const [start, end] = [text.getStart(source), text.getEnd()];
        out =
          out.slice(0, start) + out.slice(start, end).replace(/\s*\n\s*/g, ' ') + out.slice(end);
      }
      return { code: out, map: null };
    },
  };
}

/**
 * Gives each chunk of the widget's strings that counts (a language's, `widget/i18n/es.ts`, or the
 * calendar's) its own copy of the one plural rule, `shared/i18n/plural.ts`: imported as it is by
 * every language's chunk, the module would be a chunk of its own, one more request before a first
 * card in that language (a few dozen bytes a chunk, as when every language wrote its own rule).
 */
function pluralPerTable(): Plugin {
  return {
    name: 'venue-events:plural-per-table',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/widget/i18n/') || !source.endsWith('/shared/i18n/plural.js'))
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // One copy a chunk: a language's table (`es.ts`), or the calendar's three (`calendar.de.ts`).
      const table = /([\w-]+)(\.\w\w)?\.ts$/.exec(importer)?.[1];
      return resolved && `${resolved.id}?in=${table}&lang.ts`;
    },
  };
}

/**
 * `code` with each `h(() => body, [])` that starts with `opening` (`h(()=>import(`) replaced by
 * `body`; the body's end is found by counting brackets (a chunk path or a `.then()` holds no
 * string with a bracket in it). A call of any other shape is left as it is.
 */
function unwrapCalls(code: string, opening: string): string {
  let out = '';
  let from = 0;
  for (let at = code.indexOf(opening); at >= 0; at = code.indexOf(opening, from)) {
    const body = at + opening.length - 'import('.length;
    let depth = 1;
    let i = body;
    while (depth > 0 && i < code.length) {
      i += 1;
      const c = code[i];
      if (c === '(' || c === '[') depth += 1;
      else if (c === ')' || c === ']') depth -= 1;
      else if (c === ',' && depth === 1) break;
    }
    const ok = code.startsWith(',[])', i);
    out += code.slice(from, at) + (ok ? code.slice(body, i) : code.slice(at, i));
    from = ok ? i + ',[])'.length : i;
  }
  return out + code.slice(from);
}

/**
 * Replaces Vite's preload helper with a call of the import itself. The widget's chunks import no
 * CSS and preload nothing (`modulePreload: false`), yet Vite wraps every `import()` in
 * `__vitePreload(() => import(…), deps)`, whose helper costs about 600 bytes gzip of the budgeted
 * initial script (vitejs/vite#13952, #18551). Lost with it: Vite's `vite:preloadError` event,
 * which nothing here listens to; a failed chunk still rejects its `import()`.
 */
function unwrapPreloadHelper(): Plugin {
  return {
    name: 'venue-events:unwrap-preload-helper',
    apply: 'build',
    transform(_code, id) {
      if (id !== '\0vite/preload-helper.js') return null;
      return { code: 'export const __vitePreload = (load) => load();', map: null };
    },
    // What is left of the wrapper, `h(() => import(`./x.js`)…, [])` with `h = (f) => f()`, is a
    // dozen bytes an import: each call becomes its function's body, where the helper is defined
    // and in the chunks that import it (`unwrapImported`).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          const helper =
            chunk.type === 'chunk' && /\b([\w$]+)=([\w$]+)=>\2\(\)/.exec(chunk.code)?.[1];
          if (!helper || chunk.type !== 'chunk') continue;
          chunk.code = unwrapCalls(chunk.code, `${helper}(()=>import(`);
          unwrapImported(chunk, helper, Object.values(bundle));
        }
      },
    },
  };
}

/**
 * The preload helper `helper` of `owner` (`h = (f) => f()`) unwrapped in the chunks that import it
 * (`import{J as e}from"./venue-events.js"`, then `e(() => import(…), [])`), and, once no chunk
 * calls it any more, its export and definition dropped from `owner` (the budgeted initial
 * script). A chunk with a call of another shape keeps its import, and `owner` its helper.
 */
function unwrapImported(owner: Rendered, helper: string, chunks: readonly (Rendered | object)[]) {
  const esc = (name: string) => name.replace(/[.$]/g, '\\$&');
  const exports = /export\{([^}]*)\}/.exec(owner.code);
  const exported = exports?.[1]!.split(',').find((one) => one.startsWith(`${helper} as `));
  // The definition, one of a declaration's list (`…,h=e=>e()`), and no wrapped import left in
  // `owner` (Vite's wrapper is the helper's only use; an inner `h(` is another scope's name).
  const definition = new RegExp(`,${esc(helper)}=([\\w$]+)=>\\1\\(\\)`);
  const called = owner.code.includes(`${helper}(()=>`);
  if (!exports || !exported || !definition.test(owner.code) || called) return;
  const name = exported.slice(`${helper} as `.length);
  const from = new RegExp(`import\\{([^}]*)\\}from"\\./${esc(owner.fileName)}"`);
  const edits: [Rendered, string][] = [];
  for (const chunk of chunks) {
    const names =
      chunk !== owner && 'code' in chunk ? from.exec((chunk as Rendered).code)?.[1] : undefined;
    const alias = names?.split(',').find((one) => one.startsWith(`${name} as `));
    if (!alias) continue;
    const local = alias.slice(`${name} as `.length);
    const code = unwrapCalls((chunk as Rendered).code, `${local}(()=>import(`);
    // A call of another shape: the helper stays where it is, everywhere.
    if (code.includes(`${local}(()=>`)) return;
    const kept = names!.split(',').filter((one) => one !== alias);
    edits.push([
      chunk as Rendered,
      code.replace(from, (all) => all.replace(names!, kept.join(','))),
    ]);
  }
  for (const [chunk, code] of edits) chunk.code = code;
  const kept = exports[1]!.split(',').filter((one) => one !== exported);
  owner.code = owner.code.replace(exports[0], `export{${kept.join(',')}}`).replace(definition, '');
}

/** An output chunk as the hooks see it: its file name and code. */
type Rendered = { fileName: string; code: string };

/**
 * After the bundle is written: a `.br` and a `.gz` beside each file (compressed once here, served
 * as they are), and `manifest.json` with the release's pinned URL path and the entry script's
 * Subresource Integrity hash, which the demo page, the embed builder and this build's output use.
 */
function precompressAndPin(): Plugin {
  let outDir = '';
  /** The table of languages' file (`more`) and each language's, by the widget's table key. */
  let languageFiles: Record<string, string> = {};
  return {
    name: 'venue-events:precompress-and-pin',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // The languages are what `widget/i18n/more.ts` imports, keyed by their tag lowercased
    // (`pt-BR.ts` is `pt-br`, the key the WordPress plugin and the embed builder look up): one
    // list of them, the table's own.
    generateBundle(_options, bundle) {
      const more = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'more');
      if (more?.type !== 'chunk') return;
      languageFiles = { more: more.fileName };
      for (const file of more.dynamicImports) {
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') languageFiles[chunk.name.toLowerCase()] = file;
      }
    },
    closeBundle() {
      for (const name of readdirSync(outDir)) {
        if (!/\.(js|css|json)$/.test(name)) continue;
        const bytes = readFileSync(join(outDir, name));
        writeFileSync(
          join(outDir, `${name}.br`),
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
        );
        writeFileSync(join(outDir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
      }
      const sri = (name: string) =>
        `sha384-${createHash('sha384')
          .update(readFileSync(join(outDir, name)))
          .digest('base64')}`;
      // English first cards need the entry alone (every chunk loads after them); another
      // language's wait for two chunks as well, which `languages` names for preloading.
      const integrity = sri('venue-events.js');
      const dir = `/widget/v${version}/`;
      // The table of languages and each language's chunk: what a page in that language may preload.
      const languages = Object.fromEntries(
        Object.entries(languageFiles).map(([key, name]) => [
          key,
          { path: `${dir}${name}`, integrity: sri(name) },
        ]),
      );
      const manifest = { version, path: `${dir}venue-events.js`, integrity, languages };
      writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      this.info(
        `pinned snippet:\n${[
          '<link rel="preload" as="fetch" href="{origin}/t/{venue}/api/events?page=1" crossorigin="anonymous">',
          `<script type="module" src="{origin}${manifest.path}" integrity="${integrity}" crossorigin="anonymous"></script>`,
        ].join('\n')}`,
      );
    },
  };
}

// The script-tag build: one minified ES module (Lit included) plus the lazily loaded sanitiser
// chunk. An app build with a script entry rather than library mode, because library mode leaves
// ES output unminified.
/**
 * Keeps the entry one file: every module it imports statically is written into it, those the
 * elements' chunks import too among them (the card's template `widget/markup.ts`, the wire
 * reader, the formatters), which the chunks then import from it. Left to itself the bundler
 * moves a module shared with a lazy chunk into a common chunk the entry must load before its
 * first card, once the sharing reaches the card's template (docs/decisions.md "One template per
 * view"); a code-splitting group of the entry's static closure, found once the module graph is
 * known, holds them where they are run first. test/widget-build/size.test.ts fails on a second
 * file.
 */
function entryInOneFile(entry: string): Plugin {
  const closure = new Set<string>();
  return {
    name: 'venue-events:entry-in-one-file',
    apply: 'build',
    buildEnd() {
      const walk = (id: string) => {
        if (closure.has(id)) return;
        closure.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(walk);
      };
      const main = [...this.getModuleIds()].find((id) => id.endsWith(entry));
      if (main) walk(main);
    },
    outputOptions: (options) => ({
      ...options,
      codeSplitting: { groups: [{ name: 'entry', test: (id: string) => closure.has(id) }] },
    }),
  };
}

export default defineConfig({
  plugins: [
    minifyCssLiterals(),
    minifyHtmlLiterals(),
    pluralPerTable(),
    unwrapPreloadHelper(),
    entryInOneFile('widget/script.ts'),
    precompressAndPin(),
  ],
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    modulePreload: false,
    rollupOptions: {
      input: 'widget/script.ts',
      // 'allow-extension', not 'exports-only': a module the entry shares with a lazy chunk (the
      // ticket-office rule, the formatters) stays in the entry, which the chunk imports, instead of
      // moving to a common chunk the entry would have to load too. The exports stay as they are.
      preserveEntrySignatures: 'allow-extension',
      // Every imported constant written where it is used (rolldown's default inlines only those in
      // conditions): the generated parameter names (widget/query-names.generated.ts) cost no byte.
      optimization: { inlineConst: { mode: 'all', pass: 1 } },
      output: {
        entryFileNames: 'venue-events.js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
});
