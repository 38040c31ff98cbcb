import { describe, expect, it } from 'vitest';
import { fillBase } from '../../server/http/public-base.js';
import { linkTemplate, rewriteUrls } from '../../server/proxy/rewrite.js';

const UP = 'http://10.0.0.5:8080';
const list = () => ({
  data: [
    {
      type: 'events',
      id: '1',
      attributes: {
        title: `See ${UP}/t/v/api/events/1 for more`,
        description: `<a href="${UP}/x">link</a>`,
        small_image_path: `${UP}/storage/1.jpg`,
      },
      links: { self: `${UP}/t/v/api/events/1` },
    },
  ],
  links: {
    first: `${UP}/t/v/api/events?page=1`,
    last: `${UP}/t/v/api/events?page=2`,
    prev: null,
    next: `${UP}/t/v/api/events?page=2`,
  },
  meta: {
    current_page: 1,
    path: `${UP}/t/v/api/events`,
    links: [
      { url: null, label: '« Previous', page: null, active: false },
      { url: `${UP}/t/v/api/events?page=1`, label: '1', page: 1, active: true },
    ],
  },
});

describe('rewriteUrls', () => {
  it('rebases links.self, links.*, meta.path and meta.links[].url', () => {
    const out = rewriteUrls(list(), UP, 'https://events.example');
    expect(out.data[0]!.links.self).toBe('https://events.example/t/v/api/events/1');
    expect(out.links).toEqual({
      first: 'https://events.example/t/v/api/events?page=1',
      last: 'https://events.example/t/v/api/events?page=2',
      prev: null,
      next: 'https://events.example/t/v/api/events?page=2',
    });
    expect(out.meta.path).toBe('https://events.example/t/v/api/events');
    expect(out.meta.links.map((l) => l.url)).toEqual([
      null,
      'https://events.example/t/v/api/events?page=1',
    ]);
  });

  it('never touches attributes (titles, descriptions, image paths)', () => {
    const before = list().data[0]!.attributes;
    expect(rewriteUrls(list(), UP, 'https://events.example').data[0]!.attributes).toEqual(before);
  });

  it('rebases only URLs on the upstream base, not look-alikes', () => {
    const body = {
      data: {
        links: {
          self: `${UP}/t/v/api/events/1`,
          other: `${UP}0/t/v/api/events/1`,
          foreign: 'https://elsewhere.example/t/v/api/events/1',
          exact: UP,
        },
      },
    };
    expect(rewriteUrls(body, UP, 'https://p.example').data.links).toEqual({
      self: 'https://p.example/t/v/api/events/1',
      other: `${UP}0/t/v/api/events/1`,
      foreign: 'https://elsewhere.example/t/v/api/events/1',
      exact: 'https://p.example',
    });
  });

  it('a single-event body, and bodies of odd shapes, are handled without throwing', () => {
    const one = rewriteUrls({ data: { links: { self: `${UP}/t/v/api/events/1` } } }, UP, 'P');
    expect(one.data.links.self).toBe('P/t/v/api/events/1');
    for (const odd of [
      null,
      'x',
      [],
      { data: null },
      { data: [null, 1] },
      { meta: { links: 'x' } },
    ]) {
      expect(() => rewriteUrls(odd, UP, 'P')).not.toThrow();
    }
  });
});

describe('linkTemplate and fillBase', () => {
  it('filling a template equals rewriting to that base', () => {
    const template = linkTemplate(list(), UP);
    for (const base of ['https://events.example', 'http://127.0.0.1', 'http://127.0.0.1:8080']) {
      expect(JSON.parse(fillBase(template, base))).toEqual(rewriteUrls(list(), UP, base));
    }
  });

  it('a body without links is one piece', () => {
    const template = linkTemplate({ data: [] }, UP);
    expect(template).toHaveLength(1);
    expect(fillBase(template, 'https://x.example')).toBe('{"data":[]}');
  });

  it('text in the body cannot forge a cut', () => {
    const body = list();
    body.data[0]!.attributes.title = 'venue-events-base-00000000-0000-0000-0000-000000000000';
    const filled = JSON.parse(fillBase(linkTemplate(body, UP), 'https://e.example'));
    expect(filled.data[0].attributes.title).toBe(body.data[0]!.attributes.title);
  });

  it('a base is JSON-escaped where it goes', () => {
    const filled = fillBase(linkTemplate(list(), UP), 'http://a"b');
    expect(JSON.parse(filled).links.first).toBe('http://a"b/t/v/api/events?page=1');
  });

  it('a body too deep to serialise throws (the caller answers 502)', () => {
    const deep = JSON.parse(`{"data":${'['.repeat(300_000)}${']'.repeat(300_000)}}`);
    expect(() => linkTemplate(deep, UP)).toThrow(RangeError);
  });
});
