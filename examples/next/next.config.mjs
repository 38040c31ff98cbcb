import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `npm install venue-events`'s folder, as in a site's project. */
const INSTALLED = new URL('node_modules/venue-events/package.json', import.meta.url);
/** The package folder this repository publishes (built by `npm run build`). */
const PACKAGE = new URL('../../packages/venue-events/', import.meta.url);

/**
 * A site builder's Next.js 15 app (App Router, React 19) with venue-events drawn on the server
 * (docs/widget.md "Server-rendered pages"). `venue-events` resolves as any dependency where it is
 * installed beside the app (test/e2e/next.test.ts installs the packed package there); in this
 * repository, where it is not, to the package folder, as it would from node_modules.
 *
 * @type {import('next').NextConfig}
 */
const config = {
  // The repository's own `npm run lint` covers the example (Next's ESLint preset is not installed).
  eslint: { ignoreDuringBuilds: true },
  webpack(webpackConfig) {
    if (existsSync(INSTALLED)) return webpackConfig;
    // The package's entry as its `exports` name it (webpack reads `exports` in node_modules only).
    const { exports } = JSON.parse(readFileSync(new URL('package.json', PACKAGE), 'utf8'));
    webpackConfig.resolve.alias['venue-events$'] = fileURLToPath(
      new URL(exports['.'].default, PACKAGE),
    );
    return webpackConfig;
  },
};

export default config;
