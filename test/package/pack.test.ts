/**
 * The published widget package: `npm pack` of packages/venue-events, installed into a
 * scratch project as a site builder would, brings only the widget's runtime dependencies.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageBuilt, packedProject } from '../support/packed.js';

/** Every package under `node_modules`, scoped ones as `@scope/name`. */
function installed(modules: string): string[] {
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`)
        : [name],
    )
    .sort();
}

describe('npm install venue-events', () => {
  /** The scratch project (under the system's temporary folder), removed after the test. */
  let scratch: string | undefined;
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('installs the elements, their typings and manifest, and only lit and dompurify', () => {
    expect(packageBuilt(), 'run npm run build').toBe(true);
    scratch = packedProject('ve-pack-');

    const modules = join(scratch, 'node_modules');
    const packages = installed(modules);
    // lit's own parts and DOMPurify's optional typings; nothing of the server.
    expect(packages).toEqual(expect.arrayContaining(['venue-events', 'lit', 'dompurify']));
    const allowed =
      /^(venue-events|lit|lit-html|lit-element|@lit\/.+|@lit-labs\/.+|dompurify|@types\/trusted-types)$/;
    expect(packages.filter((name) => !allowed.test(name))).toEqual([]);
    for (const server of ['express', 'better-sqlite3', 'pino', 'vite', 'pg', '@sinclair/typebox']) {
      expect(packages).not.toContain(server);
    }

    const root = join(modules, 'venue-events');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    for (const entry of [
      manifest.exports['.'].default,
      manifest.exports['.'].types,
      'custom-elements.json',
      'jsx.d.ts',
    ]) {
      expect(existsSync(join(root, entry)), entry).toBe(true);
    }
    const elements = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
    const tags = elements.modules.flatMap((m: { declarations?: { tagName?: string }[] }) =>
      (m.declarations ?? []).map((d) => d.tagName).filter(Boolean),
    );
    // The three public elements, the month calendar, and the filter bar `<venue-events>` mounts.
    expect(tags.sort()).toEqual([
      'venue-buy-button',
      'venue-calendar',
      'venue-event',
      'venue-events',
      'venue-events-filters',
    ]);
    // Every import of the shipped modules resolves inside the package or to its dependencies.
    const entry = readFileSync(join(root, manifest.exports['.'].default), 'utf8');
    expect(entry).toMatch(/venue-events\.js/);
  });
});
