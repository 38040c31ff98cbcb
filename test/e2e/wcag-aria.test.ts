/**
 * End to end: WCAG 4.1.2 Name, role, value and 4.1.3 Status messages (docs/accessibility.md).
 * The accessibility tree of each view of test/support/wcag-views.ts (the filter bar is in the
 * list's at 1280 px, the first paint is `widget.html`'s nodes) in English and Arabic, as
 * Playwright's ARIA snapshot writes it (roles, names, states, through the widget's shadow roots),
 * compared with the reviewed snapshot kept in test/fixtures/aria/{view}.{locale}.yml: a lost
 * name, role or state fails here. After a change meant to alter them, write them again with
 * `UPDATE_ARIA_SNAPSHOTS=1 npx vitest run --project sqlite test/e2e/wcag-aria.test.ts` and
 * review the diff before committing it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useDemoInChromium } from '../support/demo-in-chromium.js';
import { openView, viewsIn, type ViewName } from '../support/wcag-views.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const DIR = 'test/fixtures/aria';
const UPDATE = process.env.UPDATE_ARIA_SNAPSHOTS === '1';
const e2e = useDemoInChromium(NOW);
/** Left out: the list's tree holds the filter bar's, and `widget.html`'s the first paint's. */
const SAME_TREE: ViewName[] = ['filters', 'first-paint'];

/**
 * The ARIA snapshot of `view` in `locale` at 1280 × 800 px: of the widget's element on the demo
 * page, else of the page's body; the server's origin and host (`webcal://`) and the script's integrity hash (which every
 * build changes) written as placeholders.
 */
async function treeOf(view: ViewName, locale: string): Promise<string> {
  const page = await openView(e2e, NOW, view, { locale });
  const element = page.locator('main > venue-events, main > venue-event, main > venue-buy-button');
  const target = (await element.count()) ? element : page.locator('body');
  const tree = await target.ariaSnapshot();
  await page.close();
  return `${tree
    .replaceAll(e2e.demo.origin, '{origin}')
    .replaceAll(new URL(e2e.demo.origin).host, '{host}')
    .replace(/sha384-[A-Za-z0-9+/=]+/g, 'sha384-{integrity}')}\n`;
}

describe('WCAG 4.1.2, 4.1.3: the accessibility tree of each view matches its reviewed snapshot', () => {
  it.each(['en', 'ar'])(
    'in %s',
    async (locale) => {
      const differing: string[] = [];
      for (const view of viewsIn(locale).filter((v) => !SAME_TREE.includes(v))) {
        const file = `${DIR}/${view}.${locale}.yml`;
        const tree = await treeOf(view, locale);
        if (UPDATE) {
          mkdirSync(DIR, { recursive: true });
          writeFileSync(file, tree);
        } else if (tree !== readFileSync(file, 'utf8')) {
          differing.push(`${file}:\n${tree}`);
        }
      }
      expect(differing).toEqual([]);
    },
    180_000,
  );
});
