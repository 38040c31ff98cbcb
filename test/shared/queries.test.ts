/**
 * Each query's parameters are defined once (`shared/queries.ts`): the parsers read exactly those
 * names (a bad value of each is a 400 naming it), `/openapi.json` publishes them, the proxy's
 * target checks decode them, and `widget.html` takes no other.
 */
import { describe, expect, it } from 'vitest';
import {
  FeedQuery,
  FilterQuery,
  ListingQuery,
  parameterNames,
  WidgetQuery,
} from '../../shared/queries.js';
import { FilterError, parseListFilter } from '../../shared/rules/filters.js';
import { readFeedQuery } from '../../server/listing/feeds.js';
import { LISTING_PARAMETERS } from '../../server/proxy/routes.js';
import { FEED_PARAMETERS, FILTER_PARAMETERS } from '../../server/proxy/query.js';
import { readDrawnElement } from '../../server/web/fragment.js';
import { openApiDocument } from '../../server/web/openapi.js';

/** The parameter a `FilterError` thrown by `read` names, or undefined when it reads fine. */
function refused(read: () => unknown): string | undefined {
  try {
    read();
    return undefined;
  } catch (error) {
    if (error instanceof FilterError) return error.parameter;
    throw error;
  }
}

/** A value each parameter refuses, by name. */
const BAD: Record<string, string> = {
  categories: Array.from({ length: 60 }, (_, i) => `c${i}`).join(','),
  access: 'no-such-provision',
  search: 'x'.repeat(1000),
  start_date: '2026-02-30',
  end_date: 'tomorrow',
  when: 'yesterday',
  start: 'soon',
  end: 'later',
  timeZone: 'Mars/Base',
  locale: 'not a tag',
};

describe('one definition of each query', () => {
  it('the list parser refuses a bad value of each filter parameter, naming it', () => {
    for (const name of parameterNames(FilterQuery)) {
      expect(
        refused(() => parseListFilter({ [name]: BAD[name] })),
        name,
      ).toBe(name);
    }
  });

  it('the feed parser refuses a bad value of each of its parameters, naming it', () => {
    const good = { start: '2026-12-01', end: '2026-12-31' };
    for (const name of parameterNames(FeedQuery)) {
      expect(
        refused(() => readFeedQuery({ ...good, [name]: BAD[name] }, 'UTC')),
        name,
      ).toBe(name);
    }
  });

  it('the proxy decodes exactly the parameters the parsers read', () => {
    expect([...FILTER_PARAMETERS]).toEqual(parameterNames(FilterQuery));
    expect([...FEED_PARAMETERS]).toEqual(parameterNames(FeedQuery));
    expect([...LISTING_PARAMETERS, 'page'].sort()).toEqual(parameterNames(ListingQuery).sort());
  });

  it('widget.html takes every parameter of its query and refuses any other', () => {
    const given = { locale: 'de', category: 'Jazz', page: '2', 'heading-level': '3' };
    expect(Object.keys(given).every((name) => parameterNames(WidgetQuery).includes(name))).toBe(
      true,
    );
    expect(readDrawnElement('blue-room', given, 'https://e.example').page).toBe(2);
    expect(refused(() => readDrawnElement('blue-room', { pages: '2' }, 'https://e.example'))).toBe(
      'pages',
    );
  });

  it('/openapi.json publishes the list, feed and venues parameters with their bounds', () => {
    const doc = openApiDocument('0.0.0') as {
      paths: Record<string, { get: { parameters: { name: string; schema: object }[] } }>;
    };
    const names = (path: string) =>
      doc.paths[path]!.get.parameters.map((p) => p.name).filter((n) => n !== 'If-None-Match');
    const list = ['page', ...parameterNames(FilterQuery), 'locale'];
    expect(names('/t/{slug}/api/events')).toEqual(['slug', ...list]);
    expect(names('/t/{slug}/api/calendar')).toEqual(['slug', ...parameterNames(FeedQuery)]);
    expect(names('/api/events')).toEqual(['venues', ...list]);
    expect(names('/t/{slug}/api/events/{id}')).toEqual(['slug', 'id', 'locale']);
    const search = doc.paths['/t/{slug}/api/events']!.get.parameters.find(
      (p) => p.name === 'search',
    );
    expect(search!.schema).toMatchObject({ type: 'string', maxLength: 100 });
  });
});
