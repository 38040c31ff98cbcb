/**
 * Nothing of a venue's description escapes its card, nothing of the host
 * page's typography leaks in, and the widget works on a page that enforces Trusted Types.
 */
import { expect } from 'chai';
import { cleanup, deepQueryAll, frozen, loaded, mount, waitFor } from './helpers.js';
import type { VenueEvent } from '../../widget/venue-event.js';
import type { VenueEvents } from '../../widget/venue-events.js';

/** The API on another origin than the page: `localhost` ↔ `127.0.0.1`, same port. */
const otherOrigin = () =>
  `${location.protocol}//${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;

async function description(base?: string): Promise<Element> {
  const el = mount<VenueEvent>(
    `<venue-event venue="contained" event-id="500" locale="en" ${base ? `base-url="${base}"` : ''}></venue-event>`,
    (e) => (e.clock = frozen),
  );
  return waitFor(() => el.shadowRoot!.querySelector('[part="description"]'), 'the description');
}

describe('descriptions stay inside the card', () => {
  afterEach(cleanup);

  it('no dialog, popover, slot, template, marquee, form control or inline style survives', async () => {
    const d = await description();
    expect(
      d.querySelectorAll(
        'dialog, [popover], slot, template, marquee, input, button, select, option, textarea, form',
      ).length,
    ).to.equal(0);
    expect(d.querySelectorAll('[style], [id], [class]').length).to.equal(0);
    // The text stays, as text in the card's flow.
    expect(d.textContent).to.contain('Your session expired');
    const cardBox = d.closest('[part="card"]')!.getBoundingClientRect();
    for (const child of d.querySelectorAll('*')) {
      const box = child.getBoundingClientRect();
      expect(box.top, child.tagName).to.be.at.least(cardBox.top);
      expect(box.bottom, child.tagName).to.be.at.most(cardBox.bottom);
    }
    // Harmless structure survives.
    expect(d.querySelector('details summary')!.textContent).to.equal('Summary');
  });
});

describe('relative links resolve against the API origin', () => {
  afterEach(cleanup);

  it('not the host page (or its <base>)', async () => {
    const api = otherOrigin();
    const base = document.createElement('base');
    base.href = 'https://host-page.example/blog/';
    document.head.append(base);
    try {
      const d = await description(api);
      const links = [...d.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(links).to.deep.equal([`${api}/whats-on/x`, 'https://other.example/y', null]);
    } finally {
      base.remove();
    }
  });
});

describe("the page's typography does not leak in", () => {
  afterEach(() => {
    cleanup();
    document.documentElement.style.fontSize = '';
  });

  it('inherited text properties are reset; the font family follows the page', async () => {
    const el = mount<VenueEvents>(
      `<div style="text-indent: 40px; text-shadow: 2px 2px red; font-variant: small-caps;
        word-break: break-all; -webkit-text-fill-color: red; letter-spacing: 3px; font-style: italic;
        font-family: Georgia, serif"><venue-events venue="states" locale="en"></venue-events></div>`,
      (e) => ((e.firstElementChild as VenueEvents).clock = frozen),
    ).firstElementChild as VenueEvents;
    await loaded(el);
    for (const part of ['[part="title"]', '[part="date"]', '[part="buy-button"]']) {
      const node = deepQueryAll(el, part)[0]!;
      const s = getComputedStyle(node);
      expect(s.textIndent, part).to.equal('0px');
      expect(s.textShadow, part).to.equal('none');
      expect(s.fontVariantCaps, part).to.equal('normal');
      expect(s.wordBreak, part).to.equal('normal');
      expect(s.letterSpacing, part).to.equal('normal');
      expect(s.fontStyle, part).to.equal('normal');
      expect(s.webkitTextFillColor, part).to.equal(s.color);
      expect(s.fontFamily, part).to.equal('Georgia, serif');
    }
    const link = deepQueryAll(el, '[part="buy-button"]')[0]!;
    expect(getComputedStyle(link).color).to.equal('rgb(255, 255, 255)');
  });

  it('html { font-size: 10px } keeps cards at a readable width', async () => {
    document.documentElement.style.fontSize = '10px';
    const el = mount<VenueEvents>(
      '<venue-events venue="many" locale="en" style="width: 1280px"></venue-events>',
      (e) => (e.clock = frozen),
    );
    await loaded(el);
    const cards = [...el.shadowRoot!.querySelectorAll('[part="card"]')];
    const columns = new Set(cards.map((c) => Math.round(c.getBoundingClientRect().left))).size;
    expect(columns).to.be.at.most(5);
    expect(cards[0]!.getBoundingClientRect().width).to.be.at.least(240);
  });
});

describe('Trusted Types', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  /**
   * A 900 px iframe enforcing `require-trusted-types-for 'script'` with `trusted-types
   * ${policies}`, the widget loaded in it by `script` (the npm package's `index.ts` or the
   * script tag's `script.ts`, which draws the first paint), `body` its content; `problems` collects every
   * violation, error and unhandled rejection in it; `importHere(url)` is `import(url)` in it.
   */
  function enforcingFrame(policies: string, body: string, script: string) {
    frame = document.createElement('iframe');
    frame.style.width = '900px';
    frame.style.height = '900px';
    frame.srcdoc = `<!doctype html><html lang="en"><head>
      <meta http-equiv="Content-Security-Policy"
        content="require-trusted-types-for 'script'; trusted-types ${policies}">
      <script>
        window.problems = [];
        document.addEventListener('securitypolicyviolation', (e) => problems.push(e.violatedDirective + ' ' + e.sample));
        window.addEventListener('error', (e) => problems.push(String(e.message)));
        window.addEventListener('unhandledrejection', (e) => problems.push(String(e.reason)));
        window.importHere = (url) => import(url);
      </script>
      <script type="module" src="/widget/${script}"></script></head><body>${body}</body></html>`;
    document.body.append(frame);
    const shown = frame;
    return {
      doc: () => shown.contentDocument!,
      problems: () => (shown.contentWindow as Window & { problems: string[] }).problems,
      importHere: (url: string) =>
        (shown.contentWindow as Window & { importHere(url: string): Promise<unknown> }).importHere(
          url,
        ),
      /** The URL of the structured-data chunk (`widget/reach.ts`), once the widget fetched it. */
      reachChunk: () =>
        waitFor(
          () =>
            shown
              .contentWindow!.performance.getEntriesByType('resource')
              .find((entry) => /\/widget\/reach\.[jt]s\b/.test(entry.name))?.name,
          'the structured-data chunk',
          8000,
        ),
      /** The list's first excerpt, once the widget rendered it. */
      excerpt: () =>
        waitFor(
          () =>
            shown
              .contentDocument!.querySelector('venue-events')
              ?.shadowRoot?.querySelector('[part="excerpt"]'),
          'an excerpt in the list',
          8000,
        ),
    };
  }

  for (const script of ['index.ts', 'script.ts']) {
    it(`works on a page with require-trusted-types-for 'script' that allows its policy (${script})`, async () => {
      const { doc, problems, excerpt } = enforcingFrame(
        'venue-events lit-html',
        `<venue-events venue="states"></venue-events>
      <venue-event venue="contained" event-id="500"></venue-event>`,
        script,
      );
      expect((await excerpt()).textContent).to.equal('Trio set. Doors 7pm.');
      const described = await waitFor(
        () =>
          doc().querySelector('venue-event')?.shadowRoot?.querySelector('[part="description"] a'),
        'the sanitised description',
        8000,
      );
      expect(described.textContent).to.equal('relative link');
      // The JSON-LD block is written as a text node: no TrustedScript needed for a data block.
      const ld = await waitFor(
        () => doc().querySelector('venue-events > script[type="application/ld+json"]'),
        'the JSON-LD block',
        8000,
      );
      expect((JSON.parse(ld.textContent!) as unknown[]).length).to.be.greaterThan(0);
      expect(problems()).to.deep.equal([]);
    });

    it(`a page that enforces Trusted Types without allowing the policy gets no JSON-LD block, and no script-text violation (${script})`, async () => {
      const { doc, problems, excerpt, importHere, reachChunk } = enforcingFrame(
        'lit-html',
        '<venue-events venue="states"></venue-events>',
        script,
      );
      expect((await excerpt()).textContent).to.equal('Trio set. Doors 7pm.');
      // The widget asked for the structured-data chunk; the same import here resolves after the
      // widget's (which gave the list its controller and asked for an update), then that update.
      await importHere(await reachChunk());
      await (doc().querySelector('venue-events') as VenueEvents).updateComplete;
      expect(doc().querySelectorAll('script[type="application/ld+json"]')).to.have.length(0);
      // Never script text. (Excerpts' inert parser is reported, then tags are stripped instead.)
      expect(problems().filter((p) => p.includes('HTMLScriptElement'))).to.deep.equal([]);
      // Nor HTML written without the policy (the first paint leaves such a page to Lit).
      expect(problems().filter((p) => p.includes('innerHTML'))).to.deep.equal([]);
      expect(
        problems().filter((p) => p.includes('ld+json') || p.includes('schema.org')),
      ).to.deep.equal([]);
    });
  }
});
