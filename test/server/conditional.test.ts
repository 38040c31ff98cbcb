/** RFC 9110 validators and content codings (server/http/conditional.ts), shared by origin and proxy. */
import { describe, expect, it } from 'vitest';
import {
  codedEntityTag,
  entityTag,
  matchesIfNoneMatch,
  maxAgeSeconds,
} from '../../server/http/conditional.js';

describe('matchesIfNoneMatch (RFC 9110 §13.1.2)', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['', false],
    ['*', true],
    [' * ', true],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    ['"abcd"', false],
    ['abc', false],
    ['"ABC"', false],
  ])('%j → %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});

describe('entity tags', () => {
  it('a strong tag of the bytes: equal bytes, equal tags; other bytes, other tags', () => {
    const a = entityTag(Buffer.from('{"data":[]}'));
    expect(a).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(entityTag(Buffer.from('{"data":[]}'))).toBe(a);
    expect(entityTag(Buffer.from('{"data":[1]}'))).not.toBe(a);
  });

  it('each coding is its own representation', () => {
    expect(codedEntityTag('"abc"', 'br')).toBe('"abc-br"');
    expect(codedEntityTag('"abc"', 'gzip')).toBe('"abc-gzip"');
    expect(codedEntityTag('"abc"', undefined)).toBe('"abc"');
  });
});

describe('maxAgeSeconds (decisions.md "Caching")', () => {
  it.each([
    [120_000, 60],
    [60_000, 60],
    [59_999, 59],
    [1_500, 1],
    [999, 0],
    [-5_000, 0],
  ])('valid for %i ms more → max-age=%i', (left, expected) => {
    expect(maxAgeSeconds(1_000_000 + left, 1_000_000)).toBe(expected);
  });
});
