import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE = new URL('../../packages/venue-events/', import.meta.url);
const { exports } = JSON.parse(readFileSync(new URL('package.json', PACKAGE), 'utf8'));

/**
 * A site builder's Next.js 15 app (App Router, React 19) with venue-events drawn on the server
 * (docs/widget.md "Server-rendered pages").  `venue-events` resolves to the package folder this repository publishes (built by
 * `npm run build`), as it would from node_modules.
 *
 * @type {import('next').NextConfig}
 */
const config = {
  // The repository's own `npm run lint` covers the example (Next's ESLint preset is not installed).
  eslint: { ignoreDuringBuilds: true },
  webpack(webpackConfig) {
    // The package's entry as its `exports` name it (webpack reads `exports` in node_modules only).
    webpackConfig.resolve.alias['venue-events$'] = fileURLToPath(
      new URL(exports['.'].default, PACKAGE),
    );
    return webpackConfig;
  },
};

export default config;
