/**
 * Access information and saved nights in the widget (docs/widget.md "Access information" and
 * "Saved nights"), over the fixture venue `nights` (clock at 5 Dec 2026): each event's provisions
 * as text, the bar's "Access" filter (origin mode: the proxy has no access data), and the "Save"
 * toggles kept in this page's `localStorage`.
 */
import { expect } from 'chai';
import { emulateMedia, executeServerCommand, sendKeys } from '@web/test-runner-commands';
import {
  axeViolations,
  barPart,
  barRoot,
  cleanup,
  contrasts,
  deepQueryAll,
  frozen,
  loaded,
  mount,
  waitFor,
} from './helpers.js';
import type { VenueEvents } from '../../widget/venue-events.js';
import { pack as es } from '../../widget/i18n/es.js';

async function list(attrs = 'locale="en"') {
  const el = mount<VenueEvents>(`<venue-events venue="nights" ${attrs}></venue-events>`, (e) => {
    e.clock = frozen;
  });
  await loaded(el);
  return el;
}

/** The list's part `name`, or its filter bar's. */
const part = <T extends Element = HTMLElement>(el: Element, name: string) =>
  el.shadowRoot!.querySelector<T>(`[part~="${name}"]`) ?? barPart<T>(el, name);
const titles = (el: Element) =>
  [...el.shadowRoot!.querySelectorAll('[part="title"]')].map((t) => t.textContent!.trim());
const card = (el: Element, title: string) =>
  [...el.shadowRoot!.querySelectorAll('[part="card"]')].find(
    (c) => c.querySelector('[part="title"]')!.textContent!.trim() === title,
  )!;
const access = (c: Element) =>
  [...c.querySelectorAll('[part="access"] li')].map((li) => li.textContent!.trim());
const saveButton = (c: Element) => c.querySelector<HTMLButtonElement>('[part="save"]');
const bar = (el: Element) => waitFor(() => barRoot(el)?.querySelector('.bar'), 'the bar');
const waitTitles = (el: Element, expected: string[]) =>
  waitFor(
    () => JSON.stringify(titles(el)) === JSON.stringify(expected),
    `cards ${expected.join(', ')}`,
  );
/** The proxy has no access data: its `/api/access` is empty, and so is its bar's filter. */
const viaProxy = async () =>
  ((await (await fetch('/t/nights/api/access')).json()) as { data: unknown[] }).data.length === 0;
const ALL = ['Captioned Play', 'Relaxed Matinee', 'Plain Gig', 'Nights Called Off', 'Access Tour'];

describe('access information', () => {
  afterEach(cleanup);

  it('each event lists its provisions as text, in the vocabulary order; a tour its next stop’s', async () => {
    const el = await list();
    expect(titles(el)).to.deep.equal(ALL);
    expect(access(card(el, 'Captioned Play'))).to.deep.equal([
      'Wheelchair accessible',
      'Captioned',
    ]);
    expect(access(card(el, 'Relaxed Matinee'))).to.deep.equal([
      'Step-free access',
      'Relaxed performance',
      'Quiet space',
    ]);
    expect(access(card(el, 'Access Tour'))).to.deep.equal([
      'Wheelchair accessible',
      'Hearing loop',
    ]);
    expect(card(el, 'Plain Gig').querySelector('[part="access"]')).to.equal(null);
    const named = card(el, 'Captioned Play').querySelector('[part="access"]')!;
    expect(named.getAttribute('aria-label')).to.equal('Access');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('the structured data carries them: the place’s amenities, the performance’s features', async () => {
    const el = await list();
    const block = await waitFor(
      () => el.querySelector('script[type="application/ld+json"]'),
      'the JSON-LD block',
    );
    const items = JSON.parse(block.textContent!) as Record<string, unknown>[];
    const play = JSON.stringify(items.find((e) => e.name === 'Captioned Play'));
    expect(play).to.contain('"amenityFeature"');
    expect(play).to.contain('"accessibilityFeature":["captions"]');
    const plain = JSON.stringify(items.find((e) => e.name === 'Plain Gig'));
    expect(plain).to.not.contain('amenityFeature');
    expect(plain).to.not.contain('accessibilityFeature');
  });

  it('the structured data names the place’s amenities in the element’s language, as its cards do', async () => {
    const el = await list('locale="es"');
    const block = await waitFor(
      () => el.querySelector('script[type="application/ld+json"]'),
      'the JSON-LD block',
    );
    const items = JSON.parse(block.textContent!) as { name: string; location: unknown }[];
    const play = JSON.stringify(items.find((e) => e.name === 'Captioned Play')!.location);
    const wheelchair = es.core.accessLabels.wheelchair;
    expect(access(card(el, 'Captioned Play'))[0]).to.equal(wheelchair);
    expect(play).to.contain(`"name":"${wheelchair}"`);
    expect(play).to.not.contain('Wheelchair');
  });

  it('in German and French', async () => {
    const de = await list('locale="de"');
    await waitFor(() => access(card(de, 'Captioned Play'))[1] === 'Mit Untertiteln', 'German');
    cleanup();
    const fr = await list('locale="fr"');
    await waitFor(() => access(card(fr, 'Captioned Play'))[1] === 'Sous-titré', 'French');
    expect(access(card(fr, 'Captioned Play'))[0]).to.equal('Accessible en fauteuil roulant');
  });

  it('the bar’s "Access" filter lists what the venue offers and asks the API for it (origin mode)', async () => {
    const el = await list();
    await bar(el);
    if (await viaProxy()) {
      await new Promise((r) => setTimeout(r, 200));
      expect(part(el, 'access-filter'), 'no access data through the proxy').to.equal(null);
      return;
    }
    const select = await waitFor(() => part<HTMLSelectElement>(el, 'access-filter'), 'the select');
    expect([...select.options].map((o) => o.text)).to.deep.equal([
      'Any access',
      'Wheelchair accessible',
      'Step-free access',
      'Hearing loop',
      'Captioned',
      'Relaxed performance',
      'Quiet space',
    ]);
    select.value = 'hearing_loop';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitTitles(el, ['Access Tour']);
    select.value = 'wheelchair';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitTitles(el, ['Captioned Play', 'Access Tour']);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});

describe('saved nights', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('Save keeps the event in this page’s localStorage (no request), and a new element shows it saved', async () => {
    const el = await list();
    const save = await waitFor(() => saveButton(card(el, 'Captioned Play')), 'the toggle');
    expect(save.getAttribute('aria-pressed')).to.equal('false');
    expect(save.getAttribute('aria-label')).to.equal('Save: Captioned Play');
    const requests = performance.getEntriesByType('resource').length;
    save.click();
    await waitFor(() => save.getAttribute('aria-pressed') === 'true', 'pressed');
    expect(performance.getEntriesByType('resource').length, 'nothing sent').to.equal(requests);
    expect(document.cookie).to.equal('');
    const key = `venue-events:saved:${location.origin}:nights`;
    expect(JSON.parse(localStorage.getItem(key)!)).to.deep.equal([
      { id: '800', until: '2026-12-10' },
    ]);
    cleanup();
    const again = await list();
    const kept = await waitFor(() => saveButton(card(again, 'Captioned Play')), 'the toggle');
    expect(kept.getAttribute('aria-pressed')).to.equal('true');
    expect(saveButton(card(again, 'Plain Gig'))!.getAttribute('aria-pressed')).to.equal('false');
  });

  it('by keyboard; a second element of the venue follows at once; German', async () => {
    const one = await list();
    const two = await list('locale="de"');
    const save = await waitFor(() => saveButton(card(one, 'Plain Gig')), 'the toggle');
    save.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => save.getAttribute('aria-pressed') === 'true', 'pressed');
    // The toggle keeps its node, and the focus, as it changes (the card's markup is not redrawn).
    expect(one.shadowRoot!.activeElement).to.equal(save);
    const other = await waitFor(() => saveButton(card(two, 'Plain Gig')), 'the other toggle');
    await waitFor(() => other.getAttribute('aria-pressed') === 'true', 'the second element');
    expect(other.textContent!.trim()).to.contain('Merken');
    other.click();
    await waitFor(() => save.getAttribute('aria-pressed') === 'false', 'back in the first');
  });

  it('<venue-event> has the toggle too, in step with the list', async () => {
    const el = await list();
    const single = mount<HTMLElement & { clock: () => number }>(
      '<venue-event venue="nights" event-id="801" locale="en"></venue-event>',
      (e) => (e.clock = frozen),
    );
    await import('../../widget/venue-event.js');
    const own = await waitFor(
      () => single.shadowRoot?.querySelector<HTMLButtonElement>('[part="save"]'),
      'its toggle',
    );
    own.click();
    const inList = await waitFor(
      () => saveButton(card(el, 'Relaxed Matinee')),
      'the list’s toggle',
    );
    await waitFor(() => inList.getAttribute('aria-pressed') === 'true', 'the list following');
    expect(await axeViolations(single)).to.deep.equal([]);
  });

  it('past events drop out of the list by themselves', async () => {
    const key = `venue-events:saved:${location.origin}:nights`;
    localStorage.setItem(
      key,
      JSON.stringify([
        { id: '800', until: '2026-12-10' },
        { id: '999', until: '2026-11-30' },
      ]),
    );
    const el = await list();
    await bar(el);
    const filter = await waitFor(() => part(el, 'saved-filter'), 'Saved (n)');
    expect(filter.textContent!.trim()).to.equal('Saved (1)');
  });

  it('the "Saved" filter lists the saved tour and cancelled event only, and downloads them as one calendar', async () => {
    const el = await list();
    for (const title of ['Access Tour', 'Nights Called Off', 'Captioned Play']) {
      const save = await waitFor(() => saveButton(card(el, title)), title);
      save.click();
    }
    await bar(el);
    const filter = await waitFor(
      () =>
        part(el, 'saved-filter')?.textContent!.trim() === 'Saved (3)' &&
        part<HTMLButtonElement>(el, 'saved-filter'),
      'Saved (3)',
    );
    expect(filter.getAttribute('aria-pressed')).to.equal('false');
    filter.click();
    await waitTitles(el, ['Captioned Play', 'Nights Called Off', 'Access Tour']);
    expect(part(el, 'saved-filter')!.getAttribute('aria-pressed')).to.equal('true');
    expect(card(el, 'Nights Called Off').querySelector('[part="cancelled"]')).to.not.equal(null);
    expect(card(el, 'Access Tour').querySelector('[part="stops"]')).to.not.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);

    const download = part<HTMLAnchorElement>(el, 'saved-calendar')!;
    expect(download.textContent!.trim()).to.equal('Add saved to calendar');
    expect(download.hasAttribute('download')).to.equal(true);
    const ics = await (await fetch(download.href)).text();
    const summaries = [...ics.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim());
    expect(new Set(summaries)).to.deep.equal(
      new Set(['Captioned Play', 'Nights Called Off', 'Access Tour']),
    );

    // Taken out while the saved events are shown: it leaves the list.
    saveButton(card(el, 'Nights Called Off'))!.click();
    await waitTitles(el, ['Captioned Play', 'Access Tour']);
    expect(part(el, 'saved-filter')!.textContent!.trim()).to.equal('Saved (2)');

    part(el, 'saved-filter')!.click();
    await waitTitles(el, ALL);
  });

  it('storage blocked (faked: a sandboxed frame’s SecurityError): no toggle, no filter, the list works', async () => {
    const real = Object.getOwnPropertyDescriptor(window, 'localStorage');
    expect(real, 'localStorage is an own property of window').to.not.equal(undefined);
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      const el = await list();
      await bar(el);
      await new Promise((r) => setTimeout(r, 100));
      expect(titles(el)).to.deep.equal(ALL);
      expect(deepQueryAll(el, '[part="save"]')).to.have.length(0);
      expect(part(el, 'saved-filter')).to.equal(null);
    } finally {
      Object.defineProperty(window, 'localStorage', real!);
    }
  });
});

describe('access and saved nights: colour schemes, forced colours, right-to-left', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    await emulateMedia({ colorScheme: 'light' });
    await executeServerCommand('emulate-forced-colors', { value: 'none' });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: the provisions, the toggles (one pressed) and the bar meet 4.5:1`, async () => {
      await emulateMedia({ colorScheme });
      const el = await list();
      (await waitFor(() => saveButton(card(el, 'Captioned Play')), 'the toggle')).click();
      await bar(el);
      await waitFor(() => part(el, 'saved-filter'), 'Saved (n)');
      const worst = contrasts(el)[0]!;
      expect(worst.ratio, `"${worst.text}"`).to.be.at.least(4.5);
    });
  }

  it('forced colours: a pressed toggle differs by more than colour (its star and weight)', async () => {
    await executeServerCommand('emulate-forced-colors', { value: 'active' });
    const el = await list();
    const on = await waitFor(() => saveButton(card(el, 'Captioned Play')), 'the toggle');
    on.click();
    await waitFor(() => on.getAttribute('aria-pressed') === 'true', 'pressed');
    const off = saveButton(card(el, 'Plain Gig'))!;
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    expect(on.textContent!.trim()).to.not.equal(off.textContent!.trim());
    expect(getComputedStyle(on).fontWeight).to.not.equal(getComputedStyle(off).fontWeight);
  });

  it('right-to-left: the toggle sits at the row’s inline end, the provisions read from the right', async () => {
    const host = mount<HTMLDivElement>(
      '<div dir="rtl"><venue-events venue="nights" locale="en"></venue-events></div>',
    );
    const el = host.querySelector('venue-events')!;
    el.clock = frozen;
    await loaded(el);
    const c = card(el, 'Captioned Play');
    const save = await waitFor(() => saveButton(c), 'the toggle');
    const row = c.querySelector('.meta')!.getBoundingClientRect();
    expect(save.getBoundingClientRect().left - row.left).to.be.below(2);
    const [first, second] = [...c.querySelectorAll('[part="access"] li')];
    expect(first!.getBoundingClientRect().left).to.be.above(second!.getBoundingClientRect().left);
    expect(await axeViolations(host)).to.deep.equal([]);
  });
});
