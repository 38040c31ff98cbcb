/**
 * The one venue-list rule (docs/api.md §10.16, docs/decisions.md "Several venues"):
 * `readVenueList` of shared/rules/venue-list.ts, the API's `?venues=` reader `parseVenues` over
 * it, and the embed builder's copy in server/web/embed/embed.js (a file served as it is, which
 * cannot import the rule): the same lists taken, the same refused with the same words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SLUG } from '../../shared/patterns.js';
import { FilterError } from '../../shared/rules/filters.js';
import {
  MAX_VENUES,
  parseVenues,
  readVenueList,
  type VenueList,
} from '../../shared/rules/venues.js';

const rooms = (n: number) => Array.from({ length: n }, (_, i) => `room-${i + 1}`);

describe('readVenueList', () => {
  it('drops a slug given twice: the first kept, in the order given', () => {
    expect(readVenueList(['b', 'a', 'b', 'c', 'a'])).toEqual({ slugs: ['b', 'a', 'c'] });
    expect(readVenueList(['a', 'a'])).toEqual({ slugs: ['a'] });
  });

  it('takes 1 to 20 venues; 21 are refused, never cut', () => {
    expect(MAX_VENUES).toBe(20);
    expect(readVenueList(['blue-room'])).toEqual({ slugs: ['blue-room'] });
    expect(readVenueList(rooms(20))).toEqual({ slugs: rooms(20) });
    // Twenty different ones with duplicates is twenty.
    expect(readVenueList([...rooms(20), 'room-1', 'room-20'])).toEqual({ slugs: rooms(20) });
    expect(readVenueList(rooms(21))).toEqual({
      problem: 'One list shows at most 20 venues; this names 21.',
    });
  });

  it('refuses none, and a slug that is not one, naming it', () => {
    expect(readVenueList([])).toEqual({ problem: 'Name at least one venue slug.' });
    for (const bad of ['Night_Owl', 'blue--room', '-x', 'x-', '', 'ö']) {
      expect(readVenueList(['harbour-hall', bad]), bad).toEqual({
        problem: `“${bad}” is not a slug: a slug has lowercase letters, digits and single hyphens only.`,
      });
    }
  });

  it('never throws', () => {
    expect(() => readVenueList(['x'.repeat(10_000), ...rooms(1000)])).not.toThrow();
  });
});

describe('parseVenues (the API’s ?venues=a,b,c)', () => {
  const refusal = (raw: unknown) => {
    try {
      parseVenues(raw);
    } catch (error) {
      expect(error).toBeInstanceOf(FilterError);
      expect((error as FilterError).parameter).toBe('venues');
      return (error as FilterError).message;
    }
    throw new Error(`${String(raw)} was taken`);
  };

  it('is the rule over comma-separated slugs, each trimmed', () => {
    expect(parseVenues('a,a,b')).toEqual(['a', 'b']);
    expect(parseVenues(' b , a,b')).toEqual(['b', 'a']);
    expect(parseVenues('a')).toEqual(['a']);
  });

  it('refuses with the rule’s words, naming venues', () => {
    expect(refusal(rooms(21).join(','))).toBe('One list shows at most 20 venues; this names 21.');
    expect(refusal('a,Night_Owl')).toMatch(/^“Night_Owl” is not a slug/);
    expect(refusal('a,,b')).toMatch(/^“” is not a slug/);
    expect(refusal(undefined)).toMatch(/at least one venue slug/);
    expect(refusal('')).toMatch(/at least one venue slug/);
    expect(refusal(['a', 'b'])).toBe('venues may be given once.');
  });
});

describe('the embed builder’s copy of the rule (server/web/embed/embed.js)', () => {
  const source = readFileSync(new URL('../../server/web/embed/embed.js', import.meta.url), 'utf8');
  const [, body] =
    /\/\/ The one venue-list rule: begin\n([\s\S]*?)\/\/ The one venue-list rule: end/.exec(
      source,
    )!;
  // The function alone, as the page runs it with the `SLUG` and `MAX_VENUES` it renders.
  const copy = new Function(`${body}; return readVenueList;`)() as (
    slugs: string[],
    slug: RegExp,
    max: number,
  ) => VenueList;
  const slug = new RegExp(`^(?:${SLUG})$`);

  it.each([
    ['one', ['blue-room']],
    ['a duplicate', ['a', 'b', 'a']],
    ['twenty', rooms(20)],
    ['twenty-one', rooms(21)],
    ['a bad slug', ['harbour-hall', 'Blue-Cellar']],
    ['none', []],
  ])('%s: the same answer, in the same words', (_, slugs) => {
    expect(copy(slugs, slug, MAX_VENUES)).toEqual(readVenueList(slugs));
  });

  it('takes the bound and the slug pattern its page renders', async () => {
    const { embedPage } = await import('../../server/web/embed-page.js');
    const field = /<input id="slug"[^>]*>/.exec(embedPage(undefined))![0];
    expect(field).toContain(`data-max-venues="${MAX_VENUES}"`);
    expect(field).toContain('data-slug="');
    expect(source).toContain('Number(slugInput.dataset.maxVenues)');
    expect(source).toContain('readVenueList(typed, SLUG, MAX_VENUES)');
  });
});
