/**
 * The element drawn on the server (`GET /t/{slug}/widget.html`, docs/api.md §10.17, docs/widget.md
 * "Server-rendered pages") as a host page includes it: with scripts off its cards show; its
 * markup is the script's first paint's; with the script the element takes the drawn cards over
 * with no request for the page, no card moved and the focus kept.
 */
import { expect } from 'chai';
import { firstPaint } from '../../widget/first-paint.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import { canonicalTree, cardLayout, cards, FROZEN_MS, listRequests } from './drawn.js';

const frozen = () => FROZEN_MS;
const layout = cardLayout;

/** The fragment a site builder's server includes. */
const fragment = async (venue: string, query = '') => {
  const slugs = venue.split(' ');
  const res = await fetch(
    slugs.length > 1
      ? `/widget.html?venues=${slugs.join(',')}${query.replace('?', '&')}`
      : `/t/${venue}/widget.html${query}`,
  );
  expect(res.status).to.equal(200);
  return res.text();
};

/**
 * `html` in a fixed-width box: parsed as a page's HTML is (declarative shadow roots attached), or,
 * `viaInnerHTML`, inserted as a client renderer inserts it (React's `dangerouslySetInnerHTML`, on
 * a client-side navigation), which leaves each `<template shadowrootmode>` an inert child.
 */
function include(html: string, viaInnerHTML = false): HTMLElement {
  const box = document.createElement('div');
  box.style.width = '900px';
  document.body.append(box);
  if (viaInnerHTML) box.innerHTML = html;
  else (box as unknown as { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(html);
  const el = box.firstElementChild as HTMLElement;
  (el as unknown as { clock: () => number }).clock = frozen;
  return el;
}

/**
 * `html` in a page that runs no script at all, in a frame `width` px wide (a sandbox without
 * `allow-scripts`: JavaScript is off there, `(scripting: none)` matches); same origin, so the
 * test can look in. Resolves with the frame's `<venue-events>`; the caller removes the frame.
 */
async function withoutScripts(html: string, width: number): Promise<Element> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.style.width = `${width}px`;
  frame.style.height = '600px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.srcdoc = `<!doctype html><html lang="en"><body style="margin:0">${html}</body></html>`;
  document.body.append(frame);
  await loaded;
  expect(frame.contentWindow!.matchMedia('(scripting: none)').matches, 'scripts off').to.equal(
    true,
  );
  return frame.contentDocument!.querySelector('venue-events')!;
}

/** How far below the element's top its first card starts (px): the band above the cards. */
const band = (el: Element) =>
  cards(el)[0]!.getBoundingClientRect().top - el.getBoundingClientRect().top;

/**
 * Whether a watched shadow root ever held the list's skeleton, until `done()`: MutationObservers
 * record every node added or removed, so a skeleton replaced before the next frame counts too.
 * Watches `el`'s root, any root the page's parser attaches later when given to `watch`, and every
 * root attached by `attachShadow` meanwhile (observed, then called unchanged).
 */
function watchSkeletons(el?: Element) {
  const observers: MutationObserver[] = [];
  let seen = false;
  const check = (records: MutationRecord[]) => {
    for (const r of records)
      for (const n of [...r.addedNodes, ...r.removedNodes])
        if (n instanceof Element && (n.matches('.skeleton') || n.querySelector('.skeleton')))
          seen = true;
  };
  const watch = (root: ShadowRoot | null) => {
    if (!root) return;
    if (root.querySelector('.skeleton')) seen = true;
    const observer = new MutationObserver(check);
    observer.observe(root, { childList: true, subtree: true });
    observers.push(observer);
  };
  watch(el?.shadowRoot ?? null);
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    watch(root);
    return root;
  };
  return {
    watch,
    done: () => {
      Element.prototype.attachShadow = attach;
      for (const o of observers) check(o.takeRecords());
      observers.forEach((o) => o.disconnect());
      return seen;
    },
  };
}

/** Resolves with the next `venue-events-load` from `el` (after its page's request, if any, ended). */
const loaded = (el: EventTarget) =>
  new Promise((resolve) => el.addEventListener('venue-events-load', resolve, { once: true }));

/** Resolves once `el` and the buy controls of its cards have rendered. */
async function rendered(el: VenueEvents): Promise<void> {
  await el.updateComplete;
  const buttons = el.shadowRoot!.querySelectorAll<VenueEvents>('venue-buy-button');
  await Promise.all([...buttons].map((b) => b.updateComplete));
}

/**
 * `node`'s tree as the browser holds it, without the styles and the data block, which only the
 * server's root carries; with `skipExcerpts`, excerpts stand for themselves (odd markup's text
 * differs between html-to-text and DOMParser: checked as text below).
 */
const canonical = (node: Node, skipExcerpts: boolean): string =>
  canonicalTree(node, {
    instead: (el) =>
      el.localName === 'style' || el.localName === 'script'
        ? ''
        : el.getAttribute('part') === 'excerpt' && skipExcerpts
          ? '<p excerpt>'
          : el.localName === 'venue-buy-button'
            ? buyControl(el, skipExcerpts)
            : undefined,
  });

/**
 * A buy control as one string however it is drawn: the first paint draws it in the button's own
 * root, the server in the card's (one stylesheet for all, docs/api.md §10.17); the nodes are the
 * same.
 */
function buyControl(el: Element, skipExcerpts: boolean): string {
  const content = [...(el.shadowRoot ?? el).childNodes].map((n) => canonical(n, skipExcerpts));
  return canonicalTree(el.cloneNode(false)).replace(
    /(<\/venue-buy-button>)$/,
    `${content.join('')}$1`,
  );
}

describe('the element drawn on the server', () => {
  after(() => document.body.replaceChildren());

  it('shows its cards with scripts off', async () => {
    const el = await withoutScripts(await fragment('many'), 900);
    expect(cards(el)).to.have.length(12);
    const first = cards(el)[0] as HTMLElement;
    expect(first.getBoundingClientRect().height).to.be.greaterThan(100);
    expect(first.querySelector('[part="title"]')!.textContent).to.equal('Gig 1');
    // The buy control, drawn in the card's root, styled by its one stylesheet: not a bare link.
    const buy = first.querySelector<HTMLElement>('venue-buy-button [part="buy-button"]')!;
    expect(buy.innerText).to.equal('Buy tickets');
    const style = getComputedStyle(buy);
    expect(style.display).to.equal('inline-flex');
    expect(style.minHeight).to.equal('44px');
    expect(style.textDecorationLine).to.equal('none');
    expect(style.backgroundColor).to.equal('rgb(26, 86, 219)'); // the palette's accent
    expect(style.color).to.equal('rgb(255, 255, 255)');
    const closed = el.shadowRoot!.querySelector<HTMLElement>(
      'venue-buy-button [part="buy-status"]',
    );
    if (closed) expect(getComputedStyle(closed).borderStyle).to.not.equal('none');
    // The fallback link is light DOM: crawlers read it, visitors see the cards instead.
    const fallback = el.querySelector('a')!;
    expect(fallback.getBoundingClientRect().height).to.equal(0);
    el.ownerDocument.defaultView!.frameElement!.remove();
  });

  // Issue 39: the room kept for the filter bar and the view switch (which only the script fills)
  // was an empty band above the cards without scripts; with scripts it is kept from the start.
  for (const width of [390, 800, 1280])
    for (const query of ['', '?layout=compact'])
      it(`with scripts off, its first card is right under its top: no room kept for the filter bar (${width} px${query && ', compact'})`, async () => {
        const html = await fragment('many', query);
        const el = await withoutScripts(html, width);
        expect(cards(el)).to.have.length(12);
        expect(band(el), 'the band above the first card (px)').to.be.below(40);
        expect(band(el)).to.equal(0);
        const bar = el.shadowRoot!.querySelector('venue-events-filters, .view-switch')!;
        expect(bar.checkVisibility(), 'the place of the filter bar').to.equal(false);
        if (query) {
          const first = cards(el)[0]!;
          expect(first.getBoundingClientRect().height, 'a line or two').to.be.below(140);
          expect(first.querySelector('.meta')!.checkVisibility()).to.equal(false);
        }
        el.ownerDocument.defaultView!.frameElement!.remove();
        // Where scripts run (this page) the room is kept, so no card moves when the bar arrives.
        const box = document.createElement('div');
        box.style.width = `${width}px`;
        (box as unknown as { setHTMLUnsafe(html: string): void }).setHTMLUnsafe(html);
        document.body.append(box);
        expect(band(box.firstElementChild!), 'the room kept with scripts on').to.be.at.least(40);
        box.remove();
      });

  /*
   * The excerpts of descriptions with odd markup (the hostile and contained venues') differ: the
   * browser's (`textContent` of an inert document) keeps the text of <script> and <style> and
   * drops a <template>'s, the server's (html-to-text) the other way round. Those are checked to be
   * plain text only; ordinary descriptions' excerpts are compared with the rest.
   */
  /**
   * The fragment of `venue` with the query `query` and the first paint of an element with the same
   * attributes (`attrs`, the query written as attributes) draw the same tree: the parameters are
   * the attributes, read alike (`readListAttributes`).
   */
  async function expectSameDrawing(venue: string, query: string, attrs: string) {
    const drawn = include(await fragment(venue, query));
    const host = document.createElement('div');
    host.innerHTML = `<div venue="${venue}" ${attrs} base-url="${location.origin}"></div>`;
    const painted = host.firstElementChild as HTMLElement;
    (painted as unknown as { clock: () => number }).clock = frozen;
    document.body.append(host);
    await firstPaint(painted);
    expect(cards(painted).length).to.be.greaterThan(0);
    const skipExcerpts = venue === 'hostile' || venue === 'contained';
    const tree = (el: Element) =>
      [...el.shadowRoot!.childNodes].map((n) => canonical(n, skipExcerpts)).join('');
    const [a, b] = [tree(drawn), tree(painted)];
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    // Where they part, if they do (a whole list is too long for the failure message).
    expect(a.slice(Math.max(0, at - 80), at + 160)).to.equal(
      b.slice(Math.max(0, at - 80), at + 160),
    );
    expect(a).to.equal(b);
    if (skipExcerpts) {
      const excerpt = drawn.shadowRoot!.querySelector('[part="excerpt"]')!;
      expect(excerpt.children).to.have.length(0);
      expect(excerpt.textContent).to.have.length.greaterThan(0);
    }
    drawn.parentElement!.remove();
    host.remove();
  }

  /*
   * The excerpts of descriptions with odd markup (the hostile and contained venues') differ: the
   * browser's (`textContent` of an inert document) keeps the text of <script> and <style> and
   * drops a <template>'s, the server's (html-to-text) the other way round. Those are checked to be
   * plain text only; ordinary descriptions' excerpts are compared with the rest.
   */
  for (const [venue, locale] of [
    ['contained', 'en'],
    ['states', 'en'],
    ['states', 'de'],
    ['hostile', 'en'],
    ['reach', 'en'],
    ['nights', 'fr'],
    // Postponed and rescheduled nights, doors, age limits (docs/api.md §10.20).
    ['plans', 'en'],
    ['plans', 'de'],
    ['harbour-hall blue-cellar night-owl', 'en'],
  ] as const) {
    it(`is the first paint's markup for the same page ("${venue}", ${locale})`, async () => {
      await expectSameDrawing(venue, `?locale=${locale}`, `locale="${locale}"`);
    });
  }

  // Each parameter read as the attribute of its name: `layout` other than "compact" is the cards
  // (the first paint once took any `layout` for compact), `views` other than "list" or "calendar"
  // fixes no view, flags are present, a heading level, a start page, a preset category.
  // (`locale` given: the server has no page or browser language to fall back on.)
  for (const [venue, query, attrs] of [
    ['states', 'layout=grid', 'layout="grid"'],
    ['states', 'layout=cards&views=both', 'layout="cards" views="both"'],
    ['states', 'views=list&heading-level=4', 'views="list" heading-level="4"'],
    ['states', 'no-share&no-filters', 'no-share no-filters'],
    ['states', 'no-share=true&category=Jazz', 'no-share category="Jazz"'],
    ['many', 'page=2&locale=fr', 'page="2" locale="fr"'],
    // The compact layout: the same cards, one line each (issue 39).
    ['states', 'layout=compact', 'layout="compact"'],
    ['facts', 'layout=compact&no-filters&locale=de', 'layout="compact" no-filters locale="de"'],
    ['harbour-hall blue-cellar night-owl', 'layout=compact', 'layout="compact"'],
  ] as const) {
    it(`reads ?${query} as the first paint reads ${attrs} ("${venue}")`, async () => {
      const locale = query.includes('locale') ? '' : '&locale=en';
      await expectSameDrawing(venue, `?${query}${locale}`, `${attrs}${locale && ' locale="en"'}`);
    });
  }

  it('is taken over by the element with no request for its page, no card moved and the focus kept', async () => {
    expect(customElements.get('venue-events')).to.equal(undefined);
    const html = await fragment('many');
    const el = include(html) as VenueEvents;
    // The same fragment inserted by a client renderer before the script ran: an inert template.
    const inserted = include(html, true) as VenueEvents;
    expect(inserted.shadowRoot === null, 'no root attached').to.equal(true);
    // A sidebar's compact layout (issue 39): drawn too, one line per event.
    const compact = include(await fragment('many', '?layout=compact')) as VenueEvents;
    compact.parentElement!.style.width = '300px';
    const compactBefore = layout(compact);
    expect(compactBefore).to.have.length(12);
    expect(compactBefore[0]!.height, 'a line or two, not a card').to.be.below(140);
    expect(!!inserted.querySelector(':scope > template[shadowrootmode]')).to.equal(true);
    const before = layout(el);
    expect(before).to.have.length(12);
    const link = cards(el)[2]!.querySelector<HTMLElement>('venue-buy-button [part="buy-button"]')!;
    link.focus();
    const label = link.getAttribute('aria-label');
    expect(label).to.equal('Buy tickets for Gig 3');
    performance.clearResourceTimings();
    const skeletons = watchSkeletons(el);
    skeletons.watch(compact.shadowRoot);

    // The script's entry draws neither (the server did), then the elements take both over.
    expect(firstPaint(el)).to.equal(undefined);
    expect(firstPaint(inserted)).to.equal(undefined);
    expect(inserted.shadowRoot === null, 'the entry drew nothing into the inert one').to.equal(
      true,
    );
    expect(firstPaint(compact)).to.equal(undefined);
    const pages = Promise.all([loaded(el), loaded(inserted), loaded(compact)]);
    await import('../../widget/elements.js');
    await pages;
    await Promise.all([rendered(el), rendered(inserted), rendered(compact)]);

    expect(skeletons.done(), 'a skeleton was drawn').to.equal(false);
    expect(listRequests('/t/many'), 'requests for the list').to.equal(0);
    expect(layout(el)).to.deep.equal(before);
    expect(layout(inserted), 'the inserted one shows the same cards').to.deep.equal(before);
    expect(layout(compact), 'the compact cards, unmoved').to.deep.equal(compactBefore);
    for (const taken of [el, inserted, compact]) {
      expect(!!taken.shadowRoot!.querySelector('script, style'), 'drawn nodes left').to.equal(
        false,
      );
      expect(!!taken.querySelector('script[data-venue-events-drawn]'), 'JSON-LD left').to.equal(
        false,
      );
    }
    let active = el.shadowRoot!.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    expect(active?.getAttribute('aria-label')).to.equal(label);
    expect(active).not.to.equal(link);
    el.parentElement!.remove();
    inserted.parentElement!.remove();
    compact.parentElement!.remove();
  });

  // A client-side navigation back to a page with the element, the script long loaded: React
  // inserts the server's HTML with `innerHTML` (inert templates), Astro's view transitions parse it
  // (attached roots). Either way the element is upgraded as it is inserted.
  for (const viaInnerHTML of [true, false])
    it(`is taken over once the elements are defined, inserted ${viaInnerHTML ? 'with innerHTML (inert templates)' : 'parsed (attached roots)'}: no list request, no skeleton`, async () => {
      expect(customElements.get('venue-events')).not.to.equal(undefined);
      const html = await fragment('many');
      const parsed = include(html) as VenueEvents;
      await rendered(parsed);
      const expected = layout(parsed);
      parsed.parentElement!.remove();
      performance.clearResourceTimings();
      const skeletons = watchSkeletons();
      const page = loaded(document);

      const el = include(html, viaInnerHTML) as VenueEvents;
      // Upgraded as it was inserted; rendered in a microtask from now.
      if (!viaInnerHTML) skeletons.watch(el.shadowRoot);
      await page;
      await rendered(el);

      expect(skeletons.done(), 'a skeleton was drawn').to.equal(false);
      expect(listRequests('/t/many'), 'requests for the list').to.equal(0);
      expect(layout(el)).to.deep.equal(expected);
      expect(!!el.querySelector('script[data-venue-events-drawn]'), 'JSON-LD left').to.equal(false);
      el.parentElement!.remove();
    });

  it('is taken over by the element reading its attributes alike: layout="grid" is the cards, heading-level, views="list", no-share', async () => {
    // The elements are defined by now (the test above): each renders its page itself.
    const { waitFor } = await import('./helpers.js');
    const takenOver = async (query: string) => {
      const el = include(await fragment('many', `?locale=en&${query}`)) as VenueEvents;
      await waitFor(() => cards(el).length === 12 && !el.shadowRoot!.querySelector('style'), query);
      await el.updateComplete;
      const buttons = el.shadowRoot!.querySelectorAll<VenueEvents>('venue-buy-button');
      await Promise.all([...buttons].map((b) => b.updateComplete));
      return el;
    };
    const attrs = 'views=list&heading-level=3&no-share';
    const [cardsLayout, grid, compact] = await Promise.all([
      takenOver(attrs),
      takenOver(`${attrs}&layout=grid`),
      takenOver(`${attrs}&layout=compact`),
    ]);
    expect(layout(grid)).to.have.length(12);
    expect(layout(grid), 'the cards, as without a layout').to.deep.equal(layout(cardsLayout));
    expect(grid.shadowRoot!.querySelectorAll('h3[part="title"]')).to.have.length(12);
    expect(grid.shadowRoot!.querySelector('.view-switch, [part="share-button"]')).to.equal(null);
    await compact.updateComplete;
    const one = (el: Element) => cards(el)[0]!.getBoundingClientRect().height;
    expect(one(compact), 'compact: one line per event').to.be.lessThan(one(grid) / 2);
    for (const el of [cardsLayout, grid, compact]) el.parentElement!.remove();
  });
});
