/**
 * End to end: the longest languages fit a phone (docs/widget.md "Elements and attributes",
 * `locale`; "What a visitor sees"; "Styling"). The demo page, served by the real app (demo
 * venue, frozen clock) in Debian's Chromium at 390 px, its `<venue-events>` in German and in
 * Polish (the longest words), and in Arabic (whose weekdays have no short names, and which runs
 * right to left), with the past events offered (`views="past"`): the first page's cards (every
 * state of the buy control: on sale, closing soon, closed by hand and by its closing time with
 * their messages, not sold online, cancelled, few tickets left, a tour), the filter bar folded
 * and unfolded, the view switch, the pagination, the second page (postponed, rescheduled), the
 * past events and their control, and the month grid with a day's events. In each, through every
 * shadow root of the widget, no visible text is cut off (each text's lines inside the element's
 * box, inside the box of the block that holds them and of every ancestor that clips, nothing
 * scrolled in an element that hides its overflow; a field's placeholder and a select's chosen
 * option as wide as the field's room at most) and no two texts overlap (their lines' boxes,
 * `Range.getClientRects`; text hidden for screen readers only is left out).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDemoWith, settled, useDemoInChromium } from '../support/demo-in-chromium.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const e2e = useDemoInChromium(NOW);

/** The demo page at 390 px, its `<venue-events>` given `attributes`, settled (`openDemoWith`). */
const openDemo = (attributes: string): Promise<Page> =>
  openDemoWith(e2e, NOW, { width: 390, attributes });

/**
 * Every visible text of the widget that is cut off or overlaps another, described (run in the
 * page: no closures). Text is visible unless its element is not rendered (`checkVisibility`:
 * `display: none`, a closed `<details>`, `visibility: hidden`) or sits in a clipped box (`clip`,
 * `clip-path`: the visually-hidden text screen readers say). A select's options are drawn by the
 * select itself: `controlProblems` measures them.
 */
function textProblems(): { texts: number; problems: string[] } {
  const host = document.querySelector('venue-events')!;
  const problems: string[] = [];
  const up = (el: Element): Element | null => {
    const root = el.parentNode;
    return root instanceof ShadowRoot ? root.host : el.parentElement;
  };
  const ancestry = (el: Element): Element[] => {
    const chain: Element[] = [];
    for (let a: Element | null = el; a && a !== host; a = up(a)) chain.push(a);
    return chain;
  };
  const name = (el: Element, text: string) => {
    const part = ancestry(el)
      .find((a) => a.hasAttribute('part'))
      ?.getAttribute('part');
    return `“${text.trim().slice(0, 40)}” (${part ? `part=${part}` : el.localName})`;
  };
  const clipped = (el: Element) =>
    ancestry(el).some((a) => {
      const style = getComputedStyle(a);
      return style.clip !== 'auto' || style.clipPath !== 'none';
    });
  const across = (r: DOMRect, outer: DOMRect) =>
    r.left >= outer.left - 1 && r.right <= outer.right + 1;
  const within = (r: DOMRect, outer: DOMRect) =>
    across(r, outer) && r.top >= outer.top - 1 && r.bottom <= outer.bottom + 1;

  // The widget's text nodes, through every shadow root, with their lines' boxes.
  const texts: { el: Element; text: string; rects: DOMRect[] }[] = [];
  const roots: ShadowRoot[] = [host.shadowRoot!];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.shadowRoot) roots.push(node.shadowRoot);
        continue;
      }
      const el = node.parentElement!;
      const text = node.textContent ?? '';
      if (!text.trim() || el.closest('select') || !el.checkVisibility({ visibilityProperty: true }))
        continue;
      if (clipped(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      texts.push({ el, text, rects });
    }
  }

  // Cut off: out of the widget, out of the block holding it, out of a box that clips, scrolled.
  const hostBox = host.getBoundingClientRect();
  for (const { el, text, rects } of texts) {
    const block = ancestry(el).find(
      (a) => !/^(inline|contents)$/.test(getComputedStyle(a).display),
    );
    const clips = ancestry(el).filter((a) => {
      const style = getComputedStyle(a);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible';
    });
    for (const r of rects) {
      if (!within(r, hostBox)) problems.push(`${name(el, text)} runs out of the widget`);
      // Across only: a glyph is taller than a tight line (the month switch's arrows, line-height
      // 1), which shows as long as nothing clips it.
      if (block && !across(r, block.getBoundingClientRect()))
        problems.push(`${name(el, text)} runs out of its ${block.localName}`);
      for (const clip of clips)
        if (!within(r, clip.getBoundingClientRect()))
          problems.push(`${name(el, text)} is cut off by its ${clip.localName}`);
    }
    if (
      clips.includes(el) &&
      (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
    )
      problems.push(`${name(el, text)} scrolls in its ${el.localName}`);
  }

  // Overlapping: two texts' lines sharing more than a pixel each way.
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1))
      if (a.rects.some((ra) => b.rects.some((rb) => overlap(ra, rb))))
        problems.push(`${name(a.el, a.text)} overlaps ${name(b.el, b.text)}`);
  });
  return { texts: texts.length, problems };
}

/**
 * The widget's fields and selects whose own text, a select's chosen option or a field's
 * placeholder or value, is wider than the room the control gives it (run in the page: no
 * closures). Measured in the control's font; a select's arrow takes about 1.25em of its width.
 * A date field's text is the browser's, in the browser's language: left out.
 */
function controlProblems(): string[] {
  const roots: ShadowRoot[] = [document.querySelector('venue-events')!.shadowRoot!];
  const controls: (HTMLInputElement | HTMLSelectElement)[] = [];
  for (const root of roots)
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) roots.push(el.shadowRoot);
      if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) controls.push(el);
    }
  const canvas = new OffscreenCanvas(1, 1).getContext('2d')!;
  return controls.flatMap((control) => {
    const text =
      control instanceof HTMLSelectElement
        ? (control.selectedOptions[0]?.text ?? '')
        : control.value || control.placeholder;
    if (!text || control.type === 'date' || !control.checkVisibility({ visibilityProperty: true }))
      return [];
    const style = getComputedStyle(control);
    canvas.font = style.font;
    const arrow = control instanceof HTMLSelectElement ? parseFloat(style.fontSize) * 1.25 : 0;
    const room =
      control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    const part = control.getAttribute('part');
    return canvas.measureText(text).width > room + 1
      ? [`“${text}” (part=${part}) is wider than its ${control.localName}`]
      : [];
  });
}

/**
 * What `textProblems` and `controlProblems` find in `page` once the widget settled, in `where`,
 * and whether they read at least `least` texts there (a walk that found none would pass).
 */
async function problemsIn(page: Page, where: string, least: number) {
  await settled(page);
  const { texts, problems } = await page.evaluate(textProblems);
  problems.push(...(await page.evaluate(controlProblems)));
  return { where, enough: texts >= least, problems };
}

describe('the longest languages at 390 px', () => {
  it.each(['de', 'pl', 'ar'])(
    'in %s no text is cut off or overlaps another: list, filters, pages, past events, calendar',
    async (locale) => {
      const page = await openDemo(`locale="${locale}" views="past"`);
      const found = [];
      const widget = (selector: string) => page.locator(`venue-events ${selector}`).first();
      found.push(await problemsIn(page, 'first page', 150));
      await widget('[part~="filters-toggle"]').click();
      await widget('[part~="category-filter"]').waitFor();
      found.push(await problemsIn(page, 'first page, filters unfolded', 150));
      await widget('[part~="pagination"] li:last-child button').click();
      await widget('[part~="schedule-status"]').waitFor();
      found.push(await problemsIn(page, 'second page', 30));
      await widget('[part~="past-toggle"]').click();
      await page.waitForFunction(
        () =>
          !document
            .querySelector('venue-events')!
            .shadowRoot!.querySelector('venue-buy-button, [aria-busy="true"]'),
      );
      found.push(await problemsIn(page, 'past events', 25));
      await widget('[part~="view-switch"] button:last-child').click();
      await widget('td[data-date="2026-12-08"]').click();
      await widget('[part~="day-events"] [part~="card"]').waitFor();
      found.push(await problemsIn(page, 'calendar, a day chosen', 80));
      await page.close();
      expect(found).toEqual(found.map(({ where }) => ({ where, enough: true, problems: [] })));
    },
  );
});
