/**
 * The embed builder's script (server/web/embed/embed.js) is served as it is and cannot import
 * TypeScript: the names it spells are checked here against their one definition (issue 40) —
 * each attribute it writes on an element is one that element reads (the npm package's
 * custom-elements.json, generated from widget/), and each query parameter it writes is one of
 * shared/queries.ts. The venue-list rule's pattern and limit reach it through its page
 * (test/shared/venue-list.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PageQuery, parameterNames, TextQuery, VenuesQuery } from '../../shared/queries.js';

const EMBED = readFileSync('server/web/embed/embed.js', 'utf8');

/** Each element's attributes, from the manifest the package build writes (`cem analyze`). */
function attributesOf(tag: string): string[] {
  const manifest = JSON.parse(
    readFileSync('packages/venue-events/custom-elements.json', 'utf8'),
  ) as { modules: { declarations?: { tagName?: string; attributes?: { name: string }[] }[] }[] };
  const element = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .find((d) => d.tagName === tag);
  return (element?.attributes ?? []).map((a) => a.name);
}

describe("the embed builder's spelled names", () => {
  it('writes only attributes the elements read', () => {
    const body = /function attributes\(o\) \{[\s\S]*?\n\}/.exec(EMBED)?.[0] ?? '';
    const written = [...body.matchAll(/\['([a-z-]+)', /g)].map((m) => m[1]!);
    expect(new Set(written)).toEqual(
      new Set(['venue', 'event-id', 'locale', 'view', 'layout', 'no-filters', 'category']),
    );
    const read = new Set([...attributesOf('venue-events'), ...attributesOf('venue-event')]);
    for (const name of written) expect(read, name).toContain(name);
  });

  it('writes only query parameters the API reads', () => {
    const written = [...EMBED.matchAll(/[`'?&]([a-z_]+)=(?:\$\{|\d)/g)].map((m) => m[1]!);
    // `locale`: a snippet in a language preloads the first page as the widget asks it (§10.24).
    expect(new Set(written)).toEqual(new Set(['venues', 'page', 'locale']));
    const read = [
      ...parameterNames(VenuesQuery),
      ...parameterNames(PageQuery),
      ...parameterNames(TextQuery),
    ];
    for (const name of written) expect(read, name).toContain(name);
  });
});
