import { defineConfig } from 'vite';

// The script-tag build: one minified ES module (Lit included) plus the lazily loaded sanitiser
// chunk. An app build with a script entry rather than library mode, because library mode leaves
// ES output unminified.
export default defineConfig({
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
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
