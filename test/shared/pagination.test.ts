import { describe, expect, it } from 'vitest';
import type { ListResponse } from '../../shared/contract.js';
import {
  envelopeJson,
  pageEntriesJson,
  pageWindow,
  parsePage,
} from '../../shared/rules/pagination.js';
import { envelopeLinks, expectListResponse } from '../support/contract.js';

describe('parsePage (docs/decisions.md: a valid integer >= 1, else 1)', () => {
  it.each([
    [undefined, 1],
    ['1', 1],
    ['2', 2],
    ['99', 99],
    ['0', 1],
    ['-1', 1],
    ['abc', 1],
    ['2.5', 1],
    ['02', 1],
    ['', 1],
    [' 2', 1],
    ['1e3', 1],
    [['2', '3'], 1],
    ['9007199254740993', 1],
    ['9007199254740991', 9007199254740991],
  ])('%j → %i', (raw, page) => expect(parsePage(raw)).toBe(page));
});

describe('pageWindow and envelopeJson (docs/api.md §2.5)', () => {
  const path = 'https://x.test/t/v/api/events';
  it('no events: one page, from/to null, page 1 active', () => {
    const { links, meta } = envelopeLinks(path, pageWindow(0, 1), 0);
    expect(links).toEqual({
      first: `${path}?page=1`,
      last: `${path}?page=1`,
      prev: null,
      next: null,
    });
    expect(meta).toMatchObject({
      current_page: 1,
      from: null,
      to: null,
      last_page: 1,
      total: 0,
      per_page: 12,
    });
    expect(meta.links).toEqual([
      { url: null, label: '« Previous', page: null, active: false },
      { url: `${path}?page=1`, label: '1', page: 1, active: true },
      { url: null, label: 'Next »', page: null, active: false },
    ]);
  });
  it('page beyond the last: prev is page−1, nothing active', () => {
    const { links, meta } = envelopeLinks(path, pageWindow(13, 99), 13);
    expect(links.prev).toBe(`${path}?page=98`);
    expect(links.next).toBeNull();
    expect(meta).toMatchObject({ current_page: 99, from: null, to: null, last_page: 2 });
    expect(meta.links.some((l) => l.active)).toBe(false);
    expect(meta.links[0]).toMatchObject({ page: 98 });
  });
  it('keeps Laravel member order in meta', () => {
    const { meta } = envelopeLinks(path, pageWindow(25, 2), 25);
    expect(Object.keys(meta)).toEqual([
      'current_page',
      'from',
      'last_page',
      'links',
      'path',
      'per_page',
      'to',
      'total',
    ]);
    expect(meta).toMatchObject({ from: 13, to: 24, last_page: 3 });
  });
  it.each([
    ['https://x.test/t/v/api/events', 0, 1, ''],
    ['https://x.test/t/v/api/events', 5_000, 1, 'venues=a,b,c'],
    ['https://x.test/t/v/api/events', 5_000, 417, 'categories=live&search=jazz'],
    ['https://x.test/t/v/api/events', 13, 99, ''],
    // The link placeholder the server fills per request starts with a NUL (JSON escapes it), and
    // a base may carry any character a URL can.
    ['\u0000BASE\u0000/t/café/api/events', 30, 2, 'search=a"b\\c'],
  ])(
    'is the JSON a serialiser writes for %s with %i events, page %i, query %j, and what the contract allows',
    (path, total, page, query) => {
      const text = envelopeJson(path, pageWindow(total, page), total, query);
      const envelope = JSON.parse(`{${text}}`) as Pick<ListResponse, 'links' | 'meta'>;
      expect(`{${text}}`).toBe(JSON.stringify(envelope));
      expect(envelope.meta.links).toHaveLength(Math.max(1, Math.ceil(total / 12)) + 2);
      if (path.startsWith('https:')) {
        expectListResponse({ data: [], ...envelope });
      }
    },
  );
});

describe('envelopeJson with the page entries kept (server/listing/feeds.ts)', () => {
  it('is the same text for each page of a list, past the last too, whatever the page numbers', () => {
    const kept = new Map<string, string>();
    const entries = (open: string, last: number) => {
      const key = `${last}|${open}`;
      if (!kept.has(key)) kept.set(key, pageEntriesJson(open, last));
      return kept.get(key)!;
    };
    for (const [path, total, query] of [
      ['https://x.test/api/events', 5_000, 'venues=a,b,c'],
      ['https://x.test/t/v/api/events', 130, 'search=a"page":1,"active":b'],
      ['https://x.test/t/v/api/events', 0, ''],
    ] as const) {
      const last = Math.max(1, Math.ceil(total / 12));
      for (const page of [1, 2, 9, 10, 11, 99, 100, 101, last, last + 1]) {
        const window = pageWindow(total, page);
        const text = envelopeJson(path, window, total, query, entries);
        expect(text, `${query} page ${page}`).toBe(envelopeJson(path, window, total, query));
        const { meta } = JSON.parse(`{${text}}`) as Pick<ListResponse, 'meta'>;
        const active = meta.links.filter((link) => link.active).map((link) => link.page);
        expect(active).toEqual(page <= last ? [page] : []);
      }
    }
    expect(kept.size).toBe(3);
  });
});
