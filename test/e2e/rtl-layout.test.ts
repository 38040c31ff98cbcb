/**
 * End to end: right to left (docs/widget.md "Elements and attributes", `locale`: Arabic and
 * Hebrew lay the widget out right to left; "Styling"). The demo page, served by the real app
 * (demo venue, frozen clock) in Debian's Chromium, with its `<venue-events>` told `locale="ar"`
 * and `locale="en"`, at 390 and 1280 px. Proves the layout is the English one mirrored about the
 * element's vertical centre line: each card, each card's image, the month grid's weekday columns
 * and the month switch's buttons exactly (within 2 px); the boxes whose width follows their
 * words (the buy control, the filter bar's and view switch's controls, the pagination's
 * previous and next) by the side and the order they sit in. Also that the arrows point the way
 * time runs (the pagination's "next" and the month switch's arrows flipped, `scaleX(-1)`) and
 * that the month grid's ArrowLeft goes to the next day, visually left, in Arabic and Hebrew.
 * Saves its screenshots to test-results/screenshots/ (`rtl-ar-390.png`, `rtl-en-1280.png`, …).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDemoWith, settled, useDemoInChromium } from '../support/demo-in-chromium.js';

const NOW = new Date('2026-12-05T12:00:00Z');
const SCREENSHOTS = 'test-results/screenshots';
/** What a mirrored box may be off by (sub-pixel rounding of `1fr` columns and centred rows). */
const PX = 2;
const e2e = useDemoInChromium(NOW);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the list's parts are, in page pixels; `host` is the `<venue-events>` element's box. */
interface ListLayout {
  host: Box;
  cards: Box[];
  /** Each card's image, null for a card without one. */
  images: (Box | null)[];
  /** Each card's buy control (the link, or the closed office's note), null for a card without. */
  buys: (Box | null)[];
  /** The filter bar's visible controls by `part`, in the bar's DOM (reading) order. */
  filters: { part: string; box: Box }[];
  /** The view switch's buttons: list, calendar. */
  views: Box[];
  /** The pagination's buttons: previous, the pages…, next. */
  pages: Box[];
  /** The computed `transform` of the pagination's "next" arrow. */
  nextArrow: string;
}

/** Where the month grid's parts are; `host` is the `<venue-events>` element's box. */
interface CalendarLayout {
  host: Box;
  weekdays: Box[];
  /** The month switch: previous, next. */
  monthNav: Box[];
  /** The computed `transform` of the month switch's arrows: previous, next. */
  arrows: string[];
}

/** The demo page at `width` px, `attributes` on its element, once `shown` drew (`openDemoWith`). */
const openDemo = (width: number, attributes: string, shown?: string): Promise<Page> =>
  openDemoWith(e2e, NOW, { width, attributes, shown });

/**
 * The list's layout, or null while a part it reads is not drawn yet: the element's shadow root,
 * its cards, the filter bar's and each buy control's shadow roots, the pagination's arrow (run in
 * the page: no closures; polled by `waitForFunction`, so it is read once they are all there).
 */
function listLayout(): ListLayout | null {
  const box = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y + scrollY, width: r.width, height: r.height };
  };
  const host = document.querySelector('venue-events');
  const root = host?.shadowRoot;
  if (!host || !root) return null;
  const cards = [...root.querySelectorAll('article[part~="card"]')];
  const bar = root.querySelector('venue-events-filters')?.shadowRoot;
  const buttons = [...root.querySelectorAll('[part~="pagination"] button')];
  const arrow = buttons.at(-1)?.querySelector('.arrow');
  const buyButtons = [...root.querySelectorAll('venue-buy-button')];
  if (!cards.length || !bar?.querySelector('[part]') || !arrow) return null;
  if (buyButtons.some((b) => !b.shadowRoot)) return null;
  return {
    host: box(host),
    cards: cards.map(box),
    images: cards.map((card) => {
      const img = card.querySelector('[part~="image"]');
      return img ? box(img) : null;
    }),
    buys: cards.map((card) => {
      const control = card
        .querySelector('venue-buy-button')
        ?.shadowRoot?.querySelector('[part~="buy-button"], .closed');
      return control ? box(control) : null;
    }),
    filters: [...bar.querySelectorAll('[part]')]
      .filter((el) => el.checkVisibility())
      .map((el) => ({ part: el.getAttribute('part')!, box: box(el) })),
    views: [...root.querySelectorAll('[part~="view-switch"] button')].map(box),
    pages: buttons.map(box),
    nextArrow: getComputedStyle(arrow).transform,
  };
}

/**
 * The month grid's layout, or null while the grid's weekdays and month switch (with its arrows)
 * are not drawn yet (run in the page: no closures; polled by `waitForFunction`).
 */
function calendarLayout(): CalendarLayout | null {
  const box = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y + scrollY, width: r.width, height: r.height };
  };
  const host = document.querySelector('venue-events');
  const root = host?.shadowRoot?.querySelector('venue-calendar')?.shadowRoot;
  if (!host || !root) return null;
  const nav = [...root.querySelectorAll('[part~="month-nav"]')];
  if (!root.querySelector('[part~="weekday"]') || nav.length < 2) return null;
  if (nav.some((b) => !b.querySelector('.arrow'))) return null;
  return {
    host: box(host),
    weekdays: [...root.querySelectorAll('[part~="weekday"]')].map(box),
    monthNav: nav.map(box),
    arrows: nav.map((b) => getComputedStyle(b.querySelector('.arrow')!).transform),
  };
}

/** `box`'s left edge once mirrored about the vertical centre line of `host`. */
const mirroredX = (box: Box, host: Box) => 2 * host.x + host.width - box.x - box.width;

/** Expects `rtl`'s boxes to be `ltr`'s mirrored about `host`'s centre line, as wide, within PX. */
function expectMirrored(what: string, ltr: Box[], rtl: Box[], host: Box): void {
  expect(rtl.length, what).toBe(ltr.length);
  ltr.forEach((box, i) => {
    expect(Math.abs(rtl[i]!.x - mirroredX(box, host)), `${what} ${i}: x`).toBeLessThanOrEqual(PX);
    expect(Math.abs(rtl[i]!.width - box.width), `${what} ${i}: width`).toBeLessThanOrEqual(PX);
  });
}

/** How far `box` is from `outer`'s inline-start edge: its left edge's, or (`rtl`) its right's. */
const startInset = (box: Box, outer: Box, rtl: boolean) =>
  rtl ? outer.x + outer.width - (box.x + box.width) : box.x - outer.x;

/** Whether `boxes` stand left to right on screen, each clear of the one before (within PX). */
const leftToRight = (boxes: Box[]) =>
  boxes.every((b, i) => i === 0 || boxes[i - 1]!.x + boxes[i - 1]!.width <= b.x + PX);

const boxes = (filters: ListLayout['filters']) => filters.map((f) => f.box);

/** `filters` grouped by row (their tops within PX), each row's parts in the bar's DOM order. */
function rows(filters: ListLayout['filters']): ListLayout['filters'][] {
  const byTop = new Map<number, ListLayout['filters']>();
  for (const f of filters) {
    const top = [...byTop.keys()].find((t) => Math.abs(t - f.box.y) <= PX) ?? f.box.y;
    byTop.set(top, [...(byTop.get(top) ?? []), f]);
  }
  return [...byTop.values()];
}

/**
 * Expects each row of the filter bar read in its DOM order from the inline start (`rtl`: from
 * the right), its first control at the bar's inline start, its last at the inline end.
 */
function expectRowsRead(bar: ListLayout['filters'][], host: Box, rtl: boolean): void {
  for (const row of bar) {
    const [first, last] = [row[0]!, row.at(-1)!];
    const ordered = rtl ? boxes(row).reverse() : boxes(row);
    expect(leftToRight(ordered), `${row.map((f) => f.part).join()} in order`).toBe(true);
    expect(startInset(first.box, host, rtl), `${first.part} at the start`).toBeLessThanOrEqual(PX);
    expect(startInset(last.box, host, !rtl), `${last.part} at the end`).toBeLessThanOrEqual(PX);
  }
}

/** The list and then the month grid (through the view switch), in `locale` at `width` px. */
async function layouts(width: number, locale: string) {
  const page = await openDemo(width, `locale="${locale}"`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/rtl-${locale}-${width}.png` });
  const list = (await (await page.waitForFunction(listLayout)).jsonValue())!;
  await page.locator('venue-events [part~="view-switch"] button').last().click();
  await settled(page, '[part~="weekday"]');
  await page.screenshot({ path: `${SCREENSHOTS}/rtl-${locale}-${width}-calendar.png` });
  const calendar = (await (await page.waitForFunction(calendarLayout)).jsonValue())!;
  await page.close();
  return { list, calendar };
}

describe('right to left (locale="ar") against left to right (locale="en")', () => {
  it.each([390, 1280])('at %i px the Arabic widget is the English one mirrored', async (width) => {
    const [en, ar] = await Promise.all([layouts(width, 'en'), layouts(width, 'ar')]);
    const host = en.list.host;
    // The same place on the page; only its height may differ, with the words.
    expect([ar.list.host.x, ar.list.host.width]).toEqual([host.x, host.width]);

    // The cards, column by column, and their images: mirrored, as wide.
    expect(en.list.cards.length).toBe(12);
    expectMirrored('card', en.list.cards, ar.list.cards, host);
    const images = (l: ListLayout) => l.images.filter((b): b is Box => b !== null);
    expect(images(ar.list).length).toBe(images(en.list).length);
    expect(images(en.list).length).toBeGreaterThan(0);
    expectMirrored('image', images(en.list), images(ar.list), host);

    // The buy control, as wide as its words: at the card's inline start, as far from its edge.
    expect(ar.list.buys.map((b) => b === null)).toEqual(en.list.buys.map((b) => b === null));
    expect(en.list.buys.filter((b) => b !== null).length).toBeGreaterThanOrEqual(10);
    en.list.buys.forEach((buy, i) => {
      if (!buy) return;
      const [enInset, arInset] = [
        startInset(buy, en.list.cards[i]!, false),
        startInset(ar.list.buys[i]!, ar.list.cards[i]!, true),
      ];
      expect(Math.abs(arInset - enInset), `buy control ${i}: its inline start`).toBeLessThanOrEqual(
        PX,
      );
    });

    // The filter bar: the same controls in the same rows, the search field first; each row read
    // from the inline start (the right in Arabic) and filling the bar to its inline end.
    const [enRows, arRows] = [rows(en.list.filters), rows(ar.list.filters)];
    expect(en.list.filters.length).toBeGreaterThanOrEqual(2);
    expect(enRows[0]![0]!.part).toBe('search');
    expect(arRows.map((r) => r.map((f) => f.part))).toEqual(
      enRows.map((r) => r.map((f) => f.part)),
    );
    expectRowsRead(enRows, host, false);
    expectRowsRead(arRows, host, true);

    // The view switch: "List" first, at the inline start.
    expect(startInset(en.list.views[0]!, host, false), '"List" at the left').toBeLessThanOrEqual(
      PX,
    );
    expect(startInset(ar.list.views[0]!, host, true), '"List" at the right').toBeLessThanOrEqual(
      PX,
    );
    expect(leftToRight(en.list.views), 'the view switch from the left').toBe(true);
    expect(leftToRight(ar.list.views.toReversed()), 'the view switch from the right').toBe(true);

    // The pagination: "previous", the pages, "next" read from the right; "next" points left.
    expect(en.list.pages.length).toBeGreaterThanOrEqual(3);
    expect(leftToRight(en.list.pages), 'the pages from the left').toBe(true);
    expect(leftToRight(ar.list.pages.toReversed()), 'the pages from the right').toBe(true);
    expect(en.list.nextArrow).toBe('none');
    expect(ar.list.nextArrow, '"next" points left').toBe('matrix(-1, 0, 0, 1, 0, 0)');

    // The month grid: each weekday column (the first, the week's start, at the right) and the
    // month switch mirrored; its arrows flipped, so "previous" (right) points right.
    expect(ar.calendar.host.x).toBe(en.calendar.host.x);
    expect(ar.calendar.host.width).toBe(en.calendar.host.width);
    expectMirrored('weekday', en.calendar.weekdays, ar.calendar.weekdays, en.calendar.host);
    expectMirrored('month switch', en.calendar.monthNav, ar.calendar.monthNav, en.calendar.host);
    expect(en.calendar.arrows).toEqual(['none', 'none']);
    expect(ar.calendar.arrows).toEqual(['matrix(-1, 0, 0, 1, 0, 0)', 'matrix(-1, 0, 0, 1, 0, 0)']);
  });

  it.each(['ar', 'he'])(
    'in %s the month grid’s ArrowLeft moves to the next day, on its left, and ArrowRight back',
    async (locale) => {
      const page = await openDemo(390, `locale="${locale}" view="calendar"`, '[part~="weekday"]');
      const focused = () =>
        page.evaluate(() => {
          const host = document.querySelector('venue-events')!.shadowRoot!;
          const cell = host.querySelector('venue-calendar')!.shadowRoot!.activeElement;
          return {
            date: cell?.getAttribute('data-date'),
            x: cell?.getBoundingClientRect().x ?? NaN,
          };
        });
      // A Wednesday: its next day is in the same week, whichever day the locale's week starts.
      await page.locator('venue-events td[data-date="2026-12-09"]').focus();
      const wednesday = await focused();
      expect(wednesday.date).toBe('2026-12-09');
      await page.keyboard.press('ArrowLeft');
      const thursday = await focused();
      expect(thursday.date).toBe('2026-12-10');
      expect(thursday.x, 'the next day is drawn left of the day before').toBeLessThan(wednesday.x);
      await page.keyboard.press('ArrowRight');
      expect(await focused()).toEqual(wednesday);
      await page.close();
    },
  );
});
