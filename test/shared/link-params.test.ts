/**
 * The rule of docs/api.md §10.19's ticket link parameters (shared/rules/link-params.ts): what a
 * visitor's ticket link becomes, placeholders filled and encoded, the link's own parameters kept.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LINK_PLACEHOLDERS,
  linkValues,
  readLinkParams,
  withLinkParams,
} from '../../shared/rules/link-params.js';

const values = { event_slug: 'late jazz', event_id: '7', venue_slug: 'blue-room', locale: 'de' };

describe('withLinkParams', () => {
  it('adds the parameters, each placeholder filled and URL-encoded', () => {
    const params = { utm_source: 'our site', c: '{event_slug}/{event_id}@{venue_slug}.{locale}' };
    expect(withLinkParams('https://t.example/e', params, values)).toBe(
      'https://t.example/e?utm_source=our%20site&c=late%20jazz%2F7%40blue-room.de',
    );
  });

  it('keeps the link’s own parameters as the link says, its query and its fragment', () => {
    const url = 'https://t.example/e?utm_source=shop&x=a%20b#seat-4';
    expect(withLinkParams(url, { utm_source: 'ours', utm_medium: 'web' }, values)).toBe(
      'https://t.example/e?utm_source=shop&x=a%20b&utm_medium=web#seat-4',
    );
    expect(withLinkParams('https://t.example/e#a?b', { m: 'w' }, values)).toBe(
      'https://t.example/e?m=w#a?b',
    );
  });

  it('returns a link with nothing to add as given; an unknown or empty placeholder is nothing', () => {
    const url = 'https://t.example/E?%7Ex';
    expect(withLinkParams(url, undefined, values)).toBe(url);
    expect(withLinkParams(url, {}, values)).toBe(url);
    expect(withLinkParams(url, { '~x': 'y' }, values)).toBe(url);
    expect(withLinkParams('https://t.example/', { a: '{title}{locale}' }, {})).toBe(
      'https://t.example/?a=%7Btitle%7D',
    );
  });

  it('fills exactly LINK_PLACEHOLDERS (its literal kept equal to the list)', () => {
    const source = readFileSync(
      new URL('../../shared/rules/link-params.ts', import.meta.url),
      'utf8',
    );
    expect(source).toContain(`\\{(${LINK_PLACEHOLDERS.join('|')})\\}`);
    for (const name of LINK_PLACEHOLDERS)
      expect(withLinkParams('https://t.example/', { p: `{${name}}` }, values)).toBe(
        `https://t.example/?p=${encodeURIComponent(values[name])}`,
      );
  });
});

describe('linkValues and readLinkParams', () => {
  it('an event’s own venue wins over the list’s venue', () => {
    const event = { id: '9', attributes: { slug: 's', venue: { slug: 'own' } } };
    expect(linkValues(event, 'list', 'fr')).toEqual({
      event_slug: 's',
      event_id: '9',
      venue_slug: 'own',
      locale: 'fr',
    });
    expect(linkValues({ id: '9', attributes: {} }, 'list').venue_slug).toBe('list');
  });

  it('reads an attribute’s query string, and an answer’s object as it is', () => {
    expect(readLinkParams('utm_source=blog&utm_campaign={event_slug}')).toEqual({
      utm_source: 'blog',
      utm_campaign: '{event_slug}',
    });
    expect(readLinkParams('')).toEqual({});
    expect(readLinkParams({ a: 'b' })).toEqual({ a: 'b' });
    expect(readLinkParams(undefined)).toBeUndefined();
    // Whatever an answer holds, the rule writes text and never throws.
    expect(withLinkParams('https://t.example/', readLinkParams({ n: 5 }), {})).toBe(
      'https://t.example/?n=5',
    );
    expect(withLinkParams('https://t.example/', readLinkParams(7), {})).toBe('https://t.example/');
  });
});
