import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/**
 * Collapses whitespace inside Lit `css` tagged templates of the widget: minifiers keep template
 * literals verbatim, and our stylesheets are a large share of the budgeted initial script.
 */
function minifyCssLiterals(): Plugin {
  return {
    name: 'venue-events:minify-css-literals',
    transform(code, id) {
      if (!/\/widget\/[^/]+\.ts$/.test(id)) return null;
      return code.replace(/\bcss`([^`$]*)`/g, (_match, body: string) => {
        const min = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/:\s+/g, ':') // never before a colon: `.a :is(p)` is a descendant selector
          .replace(/;}/g, '}')
          .trim();
        return `css\`${min}\``;
      });
    },
  };
}

/**
 * After the bundle is written: a `.br` and a `.gz` beside each file (compressed once here, served
 * as they are), and `manifest.json` with the release's pinned URL path and the entry script's
 * Subresource Integrity hash, which the demo page, the embed builder and this build's output use.
 */
function precompressAndPin(): Plugin {
  let outDir = '';
  return {
    name: 'venue-events:precompress-and-pin',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
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
      const entry = readFileSync(join(outDir, 'venue-events.js'));
      const integrity = `sha384-${createHash('sha384').update(entry).digest('base64')}`;
      const manifest = { version, path: `/widget/v${version}/venue-events.js`, integrity };
      writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      this.info(
        `pinned snippet:\n<script type="module" src="{origin}${manifest.path}" integrity="${integrity}" crossorigin="anonymous"></script>`,
      );
    },
  };
}

// The script-tag build: one minified ES module (Lit included) plus the lazily loaded sanitiser
// chunk. An app build with a script entry rather than library mode, because library mode leaves
// ES output unminified.
export default defineConfig({
  plugins: [minifyCssLiterals(), precompressAndPin()],
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    modulePreload: false,
    rollupOptions: {
      input: 'widget/index.ts',
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: 'venue-events.js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
});
