import { defineConfig, type Plugin } from 'vite';

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

// The script-tag build: one minified ES module (Lit included) plus the lazily loaded sanitiser
// chunk. An app build with a script entry rather than library mode, because library mode leaves
// ES output unminified.
export default defineConfig({
  plugins: [minifyCssLiterals()],
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
