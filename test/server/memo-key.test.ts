/**
 * The one memo key (server/listing/memo-key.ts): a query asked in other words (its parameters in
 * another order, encoded otherwise, at their defaults) is the same key; anything that changes the
 * answer is another.
 */
import { describe, expect, it } from 'vitest';
import { memoKey, memoQuery } from '../../server/listing/memo-key.js';

const one = { slugs: ['blue-room'], several: false };
const several = { slugs: ['blue-room', 'night-owl'], several: true };

describe('memoQuery', () => {
  it('sorts the parameters, encodes each value one way, drops a default', () => {
    expect(memoQuery({ search: 'jazz trio', categories: 'folk,jazz', page: 2 })).toBe(
      'categories=folk%2Cjazz&page=2&search=jazz%20trio',
    );
    // Decoded values (Express's): `jazz+trio`, `jazz%20trio` and a space asked are one value.
    expect(memoQuery({ page: 2, search: 'jazz trio' })).toBe(
      memoQuery({ search: 'jazz trio', page: '2' }),
    );
    expect(memoQuery({ page: 1, 'heading-level': 2, locale: 'de' })).toBe('locale=de');
    expect(memoQuery({})).toBe('');
  });

  it('an absent value is no parameter; an empty one is a parameter', () => {
    expect(memoQuery({ category: undefined, month: null })).toBe('');
    expect(memoQuery({ 'no-share': '' })).toBe('no-share=');
  });

  it('a repeated parameter once per value, in the order given; nothing reads as another', () => {
    expect(memoQuery({ categories: ['jazz', 'folk'] })).toBe('categories=jazz&categories=folk');
    expect(memoQuery({ categories: ['jazz', 'folk'] })).not.toBe(
      memoQuery({ categories: ['folk', 'jazz'] }),
    );
    expect(memoQuery({ categories: 'jazz,folk' })).not.toBe(
      memoQuery({ categories: ['jazz', 'folk'] }),
    );
    // `&`, `=` and `|` in a value are encoded: no value can forge another parameter or part.
    expect(memoQuery({ search: 'a&page=3|x' })).toBe('search=a%26page%3D3%7Cx');
    // A value given at a default's text but as given is still the default (page=1 is page 1).
    expect(memoQuery({ page: '1' })).toBe('');
  });
});

describe('memoKey', () => {
  it('{kind}|{venues}|{base}|{query}', () => {
    expect(memoKey('list', one, { categories: 'jazz', page: 2 })).toBe(
      'list|t=blue-room||categories=jazz&page=2',
    );
    expect(memoKey('page', several, { page: 1 }, 'https://events.example')).toBe(
      'page|venues=blue-room,night-owl|https://events.example|',
    );
  });

  it('a venue’s own and one venue named among several are other answers', () => {
    expect(memoKey('list', one, {})).not.toBe(
      memoKey('list', { slugs: ['blue-room'], several: true }, {}),
    );
  });
});
