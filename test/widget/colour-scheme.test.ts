/**
 * The widget's colours follow the host page's `color-scheme`, as native form controls do, not the
 * visitor's `prefers-color-scheme` (docs/widget.md "Styling"): a visitor in dark mode sees a
 * light widget on a page that declares nothing, and the dark one on a page that says it is dark
 * or that it takes both.
 */
import { expect } from 'chai';
import { emulateMedia } from '@web/test-runner-commands';
import { DARK, LIGHT, type Palette } from '../../shared/palette.js';
import { cleanup, frozen, loaded, mount } from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';

/** `#rrggbb` as the `rgb(r, g, b)` that `getComputedStyle` gives. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** How the page declares its scheme: nothing, `<meta name="color-scheme">` or its root's CSS. */
const pages: Record<string, () => () => void> = {
  'a light page (nothing declared)': () => () => {},
  'a "light dark" page (<meta name="color-scheme">)': () => {
    const meta = document.createElement('meta');
    meta.name = 'color-scheme';
    meta.content = 'light dark';
    document.head.append(meta);
    return () => meta.remove();
  },
  'a dark page (:root { color-scheme: dark })': () => {
    document.documentElement.style.colorScheme = 'dark';
    return () => document.documentElement.style.removeProperty('color-scheme');
  },
};

/** The palette the card should show for each page, the visitor in light mode and in dark. */
const expected: Record<string, { light: Palette; dark: Palette }> = {
  'a light page (nothing declared)': { light: LIGHT, dark: LIGHT },
  'a "light dark" page (<meta name="color-scheme">)': { light: LIGHT, dark: DARK },
  'a dark page (:root { color-scheme: dark })': { light: DARK, dark: DARK },
};

describe("the widget's colours follow the host page", () => {
  let undo = () => {};
  afterEach(async () => {
    cleanup();
    undo();
    undo = () => {};
    await emulateMedia({ colorScheme: 'light' });
  });

  for (const [page, declare] of Object.entries(pages)) {
    for (const visitor of ['light', 'dark'] as const) {
      it(`${page}, the visitor in ${visitor} mode: the cards are ${expected[page]![visitor] === LIGHT ? 'light' : 'dark'}`, async () => {
        undo = declare();
        await emulateMedia({ colorScheme: visitor });
        const el = mount<VenueEvents>('<venue-events venue="states"></venue-events>', (e) => {
          e.clock = frozen;
        });
        await loaded(el);
        const cardEl = el.shadowRoot!.querySelector('[part="card"]')!;
        const style = getComputedStyle(cardEl);
        const want = expected[page]![visitor];
        expect([style.backgroundColor, style.color]).to.deep.equal([
          rgb(want.background),
          rgb(want.text),
        ]);
      });
    }
  }

  it('a --venue-events-* property still wins, in either scheme', async () => {
    undo = pages['a dark page (:root { color-scheme: dark })']!();
    const el = mount<VenueEvents>(
      '<venue-events venue="states" style="--venue-events-card-background: #fffaf3; --venue-events-color: #222222"></venue-events>',
      (e) => {
        e.clock = frozen;
      },
    );
    await loaded(el);
    const style = getComputedStyle(el.shadowRoot!.querySelector('[part="card"]')!);
    expect([style.backgroundColor, style.color]).to.deep.equal([rgb('#fffaf3'), rgb('#222222')]);
  });
});
