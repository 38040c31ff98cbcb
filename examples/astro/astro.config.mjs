import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

/**
 * A site builder's Astro 5 site, rendered on the server (`output: 'server'`, the Node adapter
 * standalone), with venue-events drawn in each request (docs/widget.md "Server-rendered pages").
 * Build from the repository's root with `npx astro build --root examples/astro`, run with
 * `VENUE_EVENTS_ORIGIN=https://events.example.org node examples/astro/dist/server/entry.mjs`.
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  telemetry: false,
});
