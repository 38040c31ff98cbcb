/**
 * docs/widget.md "Server-rendered pages" shows the framework examples' own code: each snippet
 * marked `<!-- snippet: examples/… -->` is exactly a part of that file, so a change to an example
 * (which test/e2e/next.test.ts, astro.test.ts and eleventy.test.ts build and open in Chromium)
 * fails here until the documentation says the same.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DOC = readFileSync('docs/widget.md', 'utf8');
const SNIPPET = /<!-- snippet: (\S+) -->\n\n```[a-z]*\n([\s\S]*?)```\n/g;
const snippets = [...DOC.matchAll(SNIPPET)].map(([, path, code]) => ({ path: path!, code: code! }));

describe('docs/widget.md "Server-rendered pages" snippets', () => {
  it('shows the files a site builder writes in each framework', () => {
    expect(snippets.map((s) => s.path)).toEqual([
      'examples/next/app/drawn-events.ts',
      'examples/next/app/(tag)/events/page.tsx',
      'examples/next/app/(tag)/layout.tsx',
      'examples/next/app/(package)/package/elements.tsx',
      'examples/astro/src/layouts/Layout.astro',
      'examples/astro/src/pages/events.astro',
      'examples/eleventy/_data/venueEvents.js',
    ]);
  });

  it.each(snippets)('$path: the snippet is the example’s text, verbatim', ({ path, code }) => {
    expect(readFileSync(path, 'utf8')).toContain(code);
  });
});
