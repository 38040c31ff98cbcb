import { describe, expect, it } from 'vitest';
import { MAX_AGE_SECONDS } from '../../shared/contract.js';
import {
  closureInstants,
  freshUntil,
  revalidatedPolicy,
  storability,
  upstreamPolicy,
} from '../../server/proxy/freshness.js';

const NOW = Date.parse('2026-12-05T12:00:00Z');
const lifetimeOf = (headers: Record<string, string>, status = 200) =>
  storability(upstreamPolicy('/t/v/api/events?page=1', status, headers));

describe('storability (Cache-Control through http-cache-semantics, as a shared cache)', () => {
  it.each([
    [{ 'cache-control': 'public, max-age=30' }, { storable: true, lifetimeMs: 30_000 }],
    [{ 'cache-control': 'max-age=30, s-maxage=10' }, { storable: true, lifetimeMs: 10_000 }],
    [{ 'cache-control': 'no-cache, max-age=30' }, { storable: true, lifetimeMs: 0 }],
    [{ 'cache-control': 'no-store' }, { storable: false, lifetimeMs: 0 }],
    [{ 'cache-control': 'private, max-age=30' }, { storable: false, lifetimeMs: 0 }],
    [{ 'cache-control': 'public, MAX-AGE=20' }, { storable: true, lifetimeMs: 20_000 }],
    [{}, { storable: true, lifetimeMs: 0 }],
  ])('%j → %j', (headers, expected) => expect(lifetimeOf(headers)).toEqual(expected));

  it('no heuristic lifetime from Last-Modified alone', () => {
    expect(
      lifetimeOf({
        date: 'Sat, 05 Dec 2026 12:00:00 GMT',
        'last-modified': 'Sat, 01 Jan 2000 00:00:00 GMT',
      }).lifetimeMs,
    ).toBe(0);
  });

  it('an Age header uses up part of the lifetime', () => {
    expect(lifetimeOf({ 'cache-control': 'max-age=30', age: '25' }).lifetimeMs).toBe(5000);
    expect(lifetimeOf({ 'cache-control': 'max-age=30', age: '90' }).lifetimeMs).toBe(0);
  });

  it('stale-if-error is not freshness', () => {
    expect(lifetimeOf({ 'cache-control': 'max-age=5, stale-if-error=600' }).lifetimeMs).toBe(5000);
  });
});

describe('freshUntil', () => {
  it(`never more than MAX_AGE_SECONDS (${MAX_AGE_SECONDS} s)`, () => {
    expect(freshUntil(3_600_000, [], NOW)).toBe(NOW + MAX_AGE_SECONDS * 1000);
  });

  it("the upstream's shorter lifetime wins", () => {
    expect(freshUntil(10_000, [], NOW)).toBe(NOW + 10_000);
    expect(freshUntil(0, [], NOW)).toBe(NOW);
  });

  it('never past the next UTC quarter hour (some venue’s midnight)', () => {
    const before = Date.parse('2026-12-05T23:59:30Z');
    expect(freshUntil(60_000, [], before)).toBe(Date.parse('2026-12-06T00:00:00Z'));
    const offHour = Date.parse('2026-12-05T12:44:50Z');
    expect(freshUntil(60_000, [], offHour)).toBe(Date.parse('2026-12-05T12:45:00Z'));
  });

  it('never past a pending closure; past closures do not count', () => {
    expect(freshUntil(60_000, [NOW + 5000, NOW + 20_000], NOW)).toBe(NOW + 5000);
    expect(freshUntil(60_000, [NOW - 1000, NOW], NOW)).toBe(NOW + 60_000);
  });

  it('a page with very many closures does not overflow the stack', () => {
    const many = Array.from({ length: 500_000 }, (_, i) => NOW + 1000 + i);
    expect(freshUntil(60_000, many, NOW)).toBe(NOW + 1000);
  });
});

describe('closureInstants', () => {
  const event = (closesAt: unknown) => ({ attributes: { ticket_office: { closes_at: closesAt } } });

  it('reads every closes_at of a list and of a single event', () => {
    expect(
      closureInstants({
        data: [event('2026-12-05T18:00:00.000000Z'), event(null), event('2026-12-04T00:00:00Z')],
      }),
    ).toEqual([Date.parse('2026-12-05T18:00:00Z'), Date.parse('2026-12-04T00:00:00Z')]);
    expect(closureInstants({ data: event('2026-12-05T18:00:00.000000Z') })).toEqual([
      Date.parse('2026-12-05T18:00:00Z'),
    ]);
  });

  it('ignores the earlier shape, garbage and non-objects', () => {
    expect(closureInstants({ data: [{ attributes: { title: 'x' } }] })).toEqual([]);
    expect(closureInstants({ data: [event('soon'), event(42), null, 'x'] })).toEqual([]);
    expect(closureInstants(null)).toEqual([]);
    expect(closureInstants({ data: [] })).toEqual([]);
  });
});

describe('revalidatedPolicy', () => {
  it("a 304's Cache-Control renews the lifetime", () => {
    const stored = upstreamPolicy('/p', 200, { 'cache-control': 'max-age=30', etag: '"v1"' });
    const renewed = revalidatedPolicy(stored, '/p', {
      'cache-control': 'Max-Age=45',
      etag: '"v1"',
    });
    expect(storability(renewed)).toEqual({ storable: true, lifetimeMs: 45_000 });
  });
  it('a bare 304 keeps the stored directives', () => {
    const stored = upstreamPolicy('/p', 200, { 'cache-control': 'max-age=30', etag: '"v1"' });
    expect(storability(revalidatedPolicy(stored, '/p', { etag: '"v1"' })).lifetimeMs).toBe(30_000);
  });
});
