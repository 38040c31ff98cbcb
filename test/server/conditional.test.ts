/** RFC 9110 validators and content codings (server/http/conditional.ts), shared by origin and proxy. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  codedEntityTag,
  encodedBody,
  entityTag,
  matchesIfNoneMatch,
  maxAgeSeconds,
  type Representation,
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

describe('encodedBody: a kept copy at a level worth keeping, one sent once at the fastest', () => {
  // A merged list's envelope (docs/api.md §2.5): one link a page, each naming the venues.
  const links = Array.from(
    { length: 417 },
    (_, i) => `{"url":"https://x.example/api/events?venues=a,b,c,d&page=${i + 1}","page":${i + 1}}`,
  );
  const body = Buffer.from(`{"meta":{"links":[${links.join(',')}]}}`);
  const etag = entityTag(body);

  it('the same bytes once decoded, in either coding, whichever the level', () => {
    const kept: Representation = { body, etag };
    const once: Representation = { body, etag, transient: true };
    for (const representation of [kept, once]) {
      expect(brotliDecompressSync(encodedBody(representation, 'br')).equals(body)).toBe(true);
      expect(gunzipSync(encodedBody(representation, 'gzip')).equals(body)).toBe(true);
    }
    // Kept with the representation: the same copy for the next request.
    expect(encodedBody(kept, 'br')).toBe(kept.encoded?.br);
    // Compressed at another level: other bytes, the same text.
    expect(encodedBody(once, 'br').equals(encodedBody(kept, 'br'))).toBe(false);
  });
});
