/**
 * Descriptions are cleaned at import (docs/api.md §2.2 "Descriptions are sanitised HTML",
 * docs/decisions.md "Descriptions are cleaned at import"): over the real importer, store and app,
 * a venue file's description and a source's (`applySourceEvents`, the path every `.ics` and CSV
 * sync takes; an Outlook feed's X-ALT-DESC HTML reaches it as it is) come out of
 * `GET /t/{slug}/api/events/{id}` without script, handlers, `style`, frames or
 * `javascript:`/`data:` links, their allowed markup kept. The server's allow-list is the widget's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAttributes, EventResource } from '../../shared/contract.js';
import { sanitizeDescription } from '../../server/lib/sanitize-description.js';
import { applySourceEvents, sourceIdentity } from '../../server/sources/apply.js';
import type { SourceEvent } from '../../server/sources/source-event.js';
import { DESCRIPTION_ATTRIBUTES, DESCRIPTION_TAGS } from '../../shared/description-html.js';
import { expectSingleResponse } from '../support/contract.js';
import { startServer, venueFile, type TestServer } from '../support/server.js';

const NOW = '2026-12-05T12:00:00Z';

/** What an Outlook feed's X-ALT-DESC, or a careless (or hostile) venue file, may carry. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<style>body { display: none }</style>',
  '<p style="position:fixed;inset:0" onclick="alert(1)">Trio set with <strong>special guests</strong>.</p>',
  '<img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example/"></iframe>',
  '<ul><li>Doors 7pm</li><li>Bar open late</li></ul>',
  '<p><a href="javascript:alert(1)">x</a> <a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">d</a> ',
  '<a href="https://example.org/tickets" target="_blank">Tickets</a></p>',
].join('');

/** HOSTILE as the API serves it: the allowed markup, nothing else. */
const CLEAN = [
  '<p>Trio set with <strong>special guests</strong>.</p>',
  '<ul><li>Doors 7pm</li><li>Bar open late</li></ul>',
  '<p><a>x</a> <a>d</a> <a href="https://example.org/tickets">Tickets</a></p>',
].join('');

/** Every part of HOSTILE that must not reach a client. */
const DANGEROUS = [
  '<script',
  'alert(',
  '<style',
  'style=',
  'position:fixed',
  'onclick',
  'onerror',
  '<img',
  '<iframe',
  'evil.example',
  'javascript:',
  'data:',
  'target=',
];

/** `attributes.description` of event `id` at venue `slug`, as the API serves it. */
async function description(server: TestServer, slug: string, id: number): Promise<string> {
  const res = await fetch(`${server.url}/t/${slug}/api/events/${id}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as { data: EventResource };
  expectSingleResponse(body);
  return (body.data.attributes as EventAttributes).description;
}

function expectClean(served: string): void {
  for (const part of DANGEROUS) expect(served, part).not.toContain(part);
  expect(served).toContain('<p>Trio set with <strong>special guests</strong>.</p>');
  expect(served).toContain('<ul><li>Doors 7pm</li><li>Bar open late</li></ul>');
  expect(served).toContain('<a href="https://example.org/tickets">Tickets</a>');
  expect(served).toBe(CLEAN);
}

describe('a venue file whose description carries script', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(
      venueFile([
        { title: 'Hostile Night', date: '2026-12-10', time: '20:00', description: HOSTILE },
        {
          title: 'Plain Night',
          date: '2026-12-11',
          time: '20:00',
          description: '<p>Fish &amp; chips, <em>1 &lt; 2</em>.</p>',
        },
      ]),
      NOW,
    );
  });
  afterAll(() => server.close());

  it('is served without script, handlers, style, frames or javascript:/data: links, its allowed markup kept', async () => {
    expectClean(await description(server, 'test-venue', 1));
  });

  it('leaves a description with only allowed markup as it was', async () => {
    expect(await description(server, 'test-venue', 2)).toBe(
      '<p>Fish &amp; chips, <em>1 &lt; 2</em>.</p>',
    );
  });
});

describe("a source's event whose description carries script (an Outlook feed's X-ALT-DESC)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(venueFile([]), NOW);
  });
  afterAll(() => server.close());

  it('is served clean after the sync applies it', async () => {
    const venue = await server.store.storedVenue('test-venue');
    const events: SourceEvent[] = [
      {
        key: 'outlook-night@example.org',
        event: {
          title: 'Outlook Night',
          status: 'published',
          date: '2026-12-10',
          time: '20:00',
          description: HOSTILE,
        },
      },
    ];
    await applySourceEvents(server.store, venue!, events, new Date(NOW));
    const { id } = sourceIdentity('test-venue', 'outlook-night@example.org', 'Outlook Night');
    expectClean(await description(server, 'test-venue', id));
  });
});

describe('the allow-list', () => {
  // Void elements are written without a closing tag; the rest wrap a word.
  const markup = (tag: string, attributes = '') =>
    ['br', 'hr'].includes(tag) ? `<${tag}${attributes} />` : `<${tag}${attributes}>w</${tag}>`;

  it.each(DESCRIPTION_TAGS.map((tag) => [tag]))(
    'keeps <%s>, as the widget does (shared/description-html.ts)',
    (tag) => {
      const kept = sanitizeDescription(markup(tag));
      expect(kept.startsWith(`<${tag}`)).toBe(true);
    },
  );

  it.each([['form'], ['dialog'], ['img'], ['input'], ['marquee'], ['div'], ['h1']])(
    'drops <%s>, which the widget does not keep either',
    (tag) => {
      expect(sanitizeDescription(markup(tag))).not.toContain(`<${tag}`);
    },
  );

  it('keeps the allowed attributes and only those', () => {
    const attributes = DESCRIPTION_ATTRIBUTES.map((name) => ` ${name}="1"`).join('');
    const kept = sanitizeDescription(`<a${attributes} class="c" style="x" data-x="1">w</a>`);
    for (const name of DESCRIPTION_ATTRIBUTES)
      expect(kept).toContain(name === 'href' ? '<a' : ` ${name}="1"`);
    expect(kept).not.toMatch(/class=|style=|data-x=/);
  });

  it.each([
    ['https://example.org/a?b=1&c=2', '<a href="https://example.org/a?b=1&amp;c=2">l</a>'],
    ['HTTP://example.org/', '<a href="HTTP://example.org/">l</a>'],
    ['mailto:box@example.org', '<a href="mailto:box@example.org">l</a>'],
    ['tel:+441632960000', '<a href="tel:+441632960000">l</a>'],
    ['/t/test-venue/events/x', '<a href="/t/test-venue/events/x">l</a>'],
    ['java&#x09;script:alert(1)', '<a>l</a>'],
    [' JAVASCRIPT:alert(1)', '<a>l</a>'],
    ['vbscript:msgbox(1)', '<a>l</a>'],
    ['data:image/svg+xml,x', '<a>l</a>'],
    ['//evil.example/', '<a>l</a>'],
    ['/\\evil.example/', '<a>l</a>'],
    ['page.html', '<a>l</a>'],
  ])('href %j → %s', (href, expected) => {
    expect(sanitizeDescription(`<a href="${href}">l</a>`)).toBe(expected);
  });

  it('drops the content of script-like elements, keeps the text of other unknown ones', () => {
    expect(
      sanitizeDescription(
        '<div class="x"><h1>Big</h1><form><button>Go</button></form></div>' +
          '<svg><a href="https://x.example/">s</a></svg><template><p>t</p></template>' +
          '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
      ),
    ).toBe('BigGo');
  });

  it('is the same the second time (a re-import changes nothing)', () => {
    const once = sanitizeDescription(HOSTILE);
    expect(sanitizeDescription(once)).toBe(once);
    expect(sanitizeDescription('')).toBe('');
  });
});
