/**
 * End to end: WCAG 2.2 AA where a test can decide it (docs/accessibility.md names each test by
 * its criterion), in Debian's Chromium driven by playwright-core, against the real app (demo
 * venue, frozen clock, the built widget). The views of test/support/wcag-views.ts (the widget's
 * list, filters, compact layout, month grid, saved nights, single event, buy control and first
 * paint; `widget.html`; the listing, month, past and event pages; the embed builder) in English,
 * German and Arabic: reflow at 320 CSS px, text spacing, 200 % zoom, target size, keyboard (every
 * control reached in order, no trap, the focus drawn and not hidden), the month grid's and the
 * menus' keys, no motion under reduced motion, the closing time never announced each second, the
 * language of the widget's words and of the venue's text; 4.1.2 Name, role, value and 4.1.3
 * Status messages: the accessibility tree of each view in English and Arabic, as Playwright's ARIA
 * snapshot writes it, compared with the reviewed one in test/fixtures/aria/{view}.{locale}.yml
 * (after a change meant to alter them: `UPDATE_ARIA_SNAPSHOTS=1 npx vitest run --project sqlite
 * test/e2e/wcag.test.ts -t "every view"`, then review the diff). One browser, one server, one page per view with
 * many checks: each check reads the page through every shadow root (test/support/wcag-checks.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDemoInChromium } from '../support/demo-in-chromium.js';
import {
  applyTextSpacing,
  focusedElement,
  focusFromTop,
  languages,
  layoutProblems,
  motionNow,
  tabbableNames,
  targetProblems,
  type Focused,
} from '../support/wcag-checks.js';
import { openView, treeProblems, viewsIn } from '../support/wcag-views.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const e2e = useDemoInChromium(NOW);

/**
 * Tabs through `page` from its top until the focus leaves it (at most `limit` presses): the
 * elements focused, in order. Reaching the end proves no trap (WCAG 2.1.2).
 */
async function tabThrough(page: Page, limit = 150): Promise<{ order: Focused[]; left: boolean }> {
  const order: Focused[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(focusedElement);
    if (!focused) return { order, left: true };
    // A date field's day, month and year are one field's stops.
    if (order.at(-1)?.name !== focused.name) order.push(focused);
  }
  return { order, left: false };
}

/** What the keyboard checks found in a view: `tabbable` in its order, and what Tab did. */
async function keyboardProblems(page: Page): Promise<string[]> {
  await page.evaluate(focusFromTop);
  const tabbable = await page.evaluate(tabbableNames);
  const { order, left } = await tabThrough(page);
  const names = order.map((f) => f.name);
  const problems: string[] = [];
  if (!tabbable.length) problems.push('nothing to Tab to');
  if (!left) problems.push('Tab never leaves the page (2.1.2)');
  if (names.join('\n') !== tabbable.join('\n'))
    problems.push(
      `Tab goes ${JSON.stringify(names)}, the page reads ${JSON.stringify(tabbable)} (2.1.1, 2.4.3)`,
    );
  for (const f of order) {
    if (!f.visible) problems.push(`${f.name}: no focus ring (2.4.7)`);
    if (!f.shown) problems.push(`${f.name}: focused out of sight or under another part (2.4.11)`);
  }
  return problems;
}

/** A check's problems, each prefixed with the criterion and the size it was found at. */
const tagged = (where: string, { problems }: { problems: string[] }) =>
  problems.map((problem) => `${where}: ${problem}`);

/**
 * Every check of `locale`'s views, one page per view resized between them: at 320 × 256 px
 * (1280 × 1024 at 400 %) reflow, target size and, when `keys`, the keyboard; at 640 × 400 (200 %)
 * reflow; at 1280 × 800 target size and the accessibility tree (`treeProblems`); at 390 × 800
 * with the text spacing put on, reflow. What each found wrong, by view; every view checked some
 * texts and targets.
 */
async function everyCheck(locale: string, keys: boolean) {
  const found = [];
  for (const view of viewsIn(locale)) {
    const page = await openView(e2e, NOW, view, { locale, width: 320, height: 256 });
    const problems: string[] = [];
    // 3.1.1: our pages speak the language asked for; 3.1.2: the widget marks its words with its
    // own, on the demo page (English) too.
    const { page: pageLang, widget } = await page.evaluate(languages);
    const ours = view === 'embed' ? 'en' : locale;
    if (widget === null ? pageLang !== ours : widget !== ours)
      problems.push(`3.1.1/3.1.2: marked ${widget ?? pageLang}, not ${ours}`);
    const reflow = await page.evaluate(layoutProblems);
    const targets = await page.evaluate(targetProblems);
    problems.push(...tagged('1.4.10 at 320 px', reflow), ...tagged('2.5.8 at 320 px', targets));
    if (keys) problems.push(...(await keyboardProblems(page)));
    await page.setViewportSize({ width: 640, height: 400 });
    problems.push(...tagged('1.4.4 at 200 %', await page.evaluate(layoutProblems)));
    await page.setViewportSize({ width: 1280, height: 800 });
    problems.push(...tagged('2.5.8 at 1280 px', await page.evaluate(targetProblems)));
    problems.push(...(await treeProblems(e2e, page, view, locale)));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.evaluate(applyTextSpacing);
    problems.push(...tagged('1.4.12 at 390 px', await page.evaluate(layoutProblems)));
    found.push({ view, checked: reflow.checked > 0 && targets.checked > 0, problems });
    await page.close();
  }
  return found;
}

describe('WCAG 2.2 AA, every view', () => {
  // The keyboard in English: Arabic's controls are the same, in the same order, mirrored
  // (rtl-layout.test.ts); German is here for its long words. The three languages at once: each
  // page has a browser context of its own (`openView`), and most of their time is waiting on
  // the pages, not the two cores.
  it.concurrent.for([
    ['en', true],
    ['de', false],
    ['ar', false],
  ] as const)(
    'in %s (keyboard: %s): 3.1.1 and 3.1.2 the language marked, 1.4.10 reflow at 320 px, 1.4.4 at 200 percent, 1.4.12 text spacing (no sideways scrolling, no text cut off or overlapping), 2.5.8 targets of 24 px or room around them, the keyboard: 2.1.1 every control reached in reading order (2.4.3), 2.1.2 Tab leaves the page, 2.4.7 the focus ring drawn, 2.4.11 not hidden; and 4.1.2, 4.1.3 the accessibility tree of each view matches its reviewed snapshot (en, ar)',
    { timeout: 300_000 },
    async ([locale, keys], { expect }) => {
      const found = await everyCheck(locale, keys);
      expect(found).toEqual(found.map(({ view }) => ({ view, checked: true, problems: [] })));
    },
  );
});

describe('WCAG 2.1.1 Keyboard: the month grid and the menus', () => {
  it('the month grid is one Tab stop whose arrow keys move the day, and Tab leaves it', async () => {
    const page = await openView(e2e, NOW, 'calendar', { locale: 'en', width: 390, height: 800 });
    const day = page.locator('td[data-date="2026-12-08"]');
    await day.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(focusedElement)).toMatchObject({ visible: true, shown: true });
    const focusedDate = () =>
      page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el?.getAttribute('data-date');
      });
    expect(await focusedDate()).toBe('2026-12-09');
    await page.keyboard.press('ArrowDown');
    expect(await focusedDate()).toBe('2026-12-16');
    await page.keyboard.press('Tab');
    expect(await focusedDate()).toBeFalsy();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedDate()).toBe('2026-12-16');
    await page.close();
  }, 120_000);

  it('"Add to calendar" opens with Enter, Tab reaches its options, and Enter on it closes it again', async () => {
    const page = await openView(e2e, NOW, 'list', { locale: 'en', width: 390, height: 800 });
    const summary = page.locator('summary[part~="calendar-link"]').first();
    const option = page.locator('[part~="calendar-option"]').first();
    await summary.focus();
    await page.keyboard.press('Enter');
    await option.waitFor();
    await page.keyboard.press('Tab');
    expect((await page.evaluate(focusedElement))?.name).toMatch(/^a part=calendar-option/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await option.waitFor({ state: 'hidden' });
    expect((await page.evaluate(focusedElement))?.name).toMatch(/^summary part=calendar-link/);
    await page.close();
  }, 120_000);
});

describe('WCAG 2.3.3 Animation from interactions, 2.2.2 Pause, stop, hide', () => {
  it('under prefers-reduced-motion nothing moves: loading, switching view, unfolding filters, paging', async () => {
    const moving: string[] = [];
    for (const reducedMotion of [true, false]) {
      const page = await openView(e2e, NOW, 'list', {
        locale: 'en',
        width: 390,
        height: 800,
        reducedMotion,
      });
      moving.push(...(await page.evaluate(motionNow)));
      await page.locator('[part~="filters-toggle"]').click();
      moving.push(...(await page.evaluate(motionNow)));
      await page.locator('[part~="view-switch"] button').last().click();
      await page.locator('td[data-date]').first().waitFor();
      moving.push(...(await page.evaluate(motionNow)));
      await page.close();
    }
    // Nothing moves even without the preference: so nothing the preference must stop.
    expect(moving).toEqual([]);
  }, 120_000);
});

describe('the accessibility statement', () => {
  it('the embed builder links the conformance report with the model statement a venue adapts', async () => {
    const builder = await (await fetch(`${e2e.demo.origin}/embed`)).text();
    const href = /<a href="([^"]+)">Accessibility statement</.exec(builder)?.[1];
    expect(href).toBe('/embed/accessibility.md');
    const res = await fetch(`${e2e.demo.origin}${href}`);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await res.text();
    expect(text).toContain('## Accessibility statement (model for venues)');
    expect(text).toContain('**Feedback and contact information.**');
  });
});
