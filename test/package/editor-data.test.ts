/**
 * Editor support shipped in the published package (`npm run build:package`, scripts/editor-data.mjs):
 * VS Code's custom data and JetBrains' web-types, generated from the Custom Elements Manifest, name
 * the public elements with their attributes, so typing `<venue-events ` in an editor offers `venue`,
 * `base-url`, `locale`…; the package's package.json points at both and ships them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGE = resolve('packages/venue-events');
const json = (name: string) => JSON.parse(readFileSync(join(PACKAGE, name), 'utf8')) as unknown;

interface Tag {
  name: string;
  description?: string;
  attributes?: { name: string; values?: { name: string }[] }[];
}
const VSCODE = 'vscode.html-custom-data.json';
const WEB_TYPES = 'web-types.json';
/** Attributes a site builder writes on `<venue-events>` (docs/widget.md). */
const LIST_ATTRIBUTES = ['venue', 'base-url', 'locale', 'page', 'category', 'no-filters', 'layout'];

describe('the package’s editor data', () => {
  it('is built beside the manifest and shipped: package.json points at both files', () => {
    for (const name of [VSCODE, 'vscode.css-custom-data.json', WEB_TYPES])
      expect(existsSync(join(PACKAGE, name)), `${name}: run npm run build`).toBe(true);
    const manifest = json('package.json') as {
      files: string[];
      customData: { html: string[]; css: string[] };
      'web-types': string;
    };
    expect(manifest.customData.html).toEqual([`./${VSCODE}`]);
    expect(manifest['web-types']).toBe(`./${WEB_TYPES}`);
    expect(manifest.files).toEqual(expect.arrayContaining([VSCODE, WEB_TYPES]));
  });

  it('VS Code custom data lists the public elements, <venue-events> with its attributes', () => {
    const { tags } = json(VSCODE) as { tags: Tag[] };
    expect(tags.map((t) => t.name).sort()).toEqual([
      'venue-buy-button',
      'venue-calendar',
      'venue-event',
      'venue-events',
    ]);
    const list = tags.find((t) => t.name === 'venue-events')!;
    expect(list.attributes!.map((a) => a.name)).toEqual(expect.arrayContaining(LIST_ATTRIBUTES));
    // Lit's reactive state (`filters`, `state: true`) has no attribute: an editor must not offer it.
    expect(list.attributes!.map((a) => a.name)).not.toContain('filters');
    expect(list.description).toContain("a venue's upcoming events");
    const buy = tags.find((t) => t.name === 'venue-buy-button')!;
    expect(buy.attributes!.map((a) => a.name)).toEqual(expect.arrayContaining(['event-id']));
  });

  it('web-types name the package and list <venue-events> with its attributes', () => {
    const types = json(WEB_TYPES) as {
      name: string;
      version: string;
      contributions: { html: { elements: Tag[] } };
    };
    const pkg = json('package.json') as { name: string; version: string };
    expect([types.name, types.version]).toEqual([pkg.name, pkg.version]);
    const list = types.contributions.html.elements.find((e) => e.name === 'venue-events')!;
    expect(list.attributes!.map((a) => a.name)).toEqual(expect.arrayContaining(LIST_ATTRIBUTES));
    expect(types.contributions.html.elements.map((e) => e.name)).not.toContain(
      'venue-events-filters',
    );
  });
});
