import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The example imports `venue-events` as a site builder would; here it resolves to the package
// folder this repository publishes (built by `npm run build`).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: {
      'venue-events': fileURLToPath(new URL('../../packages/venue-events', import.meta.url)),
    },
  },
  build: { emptyOutDir: true },
});
