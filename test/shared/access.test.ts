/**
 * The access rules (docs/api.md §10.15): the vocabulary, the access document, the `access` list
 * filter as parsed and matched, and the schema.org JSON-LD of access provisions.
 */
import { describe, expect, it } from 'vitest';
import type { CompactOccurrence } from '../../shared/contract.js';
import { ACCESS_IDS, ACCESS_LABELS, accessDocument } from '../../shared/rules/access.js';
import {
  FilterError,
  filterQuery,
  isFiltered,
  matchesFilter,
  parseListFilter,
} from '../../shared/rules/filters.js';
import { eventStructuredData } from '../../shared/rules/structured-data.js';
import { eventAttributes, eventResource } from '../support/resources.js';

const plain = (html: string) => html;
const today = '2026-12-01';

describe('the vocabulary', () => {
  it('is closed and ordered, each id with its English label', () => {
    expect(ACCESS_IDS).toEqual([
      'wheelchair',
      'step_free',
      'hearing_loop',
      'captioned',
      'sign_language',
      'audio_described',
      'relaxed',
      'quiet_space',
    ]);
    expect(ACCESS_LABELS.sign_language).toBe('Sign language interpreted');
  });

  it('the access document: vocabulary order, ids without events left out', () => {
    const doc = accessDocument([
      { id: 'quiet_space', count: 1 },
      { id: 'wheelchair', count: 3 },
      { id: 'relaxed', count: 0 },
    ]);
    expect(doc.data.map((r) => [r.id, r.attributes.name, r.attributes.count])).toEqual([
      ['wheelchair', 'Wheelchair accessible', 3],
      ['quiet_space', 'Quiet space', 1],
    ]);
  });
});

describe('the access filter', () => {
  it('reads known ids in vocabulary order, after categories in the canonical query', () => {
    const filter = parseListFilter({ access: ' relaxed, wheelchair ', categories: 'Jazz' });
    expect(filter.access).toEqual(['wheelchair', 'relaxed']);
    expect(isFiltered(parseListFilter({ access: 'captioned' }))).toBe(true);
    expect(isFiltered(parseListFilter({ access: '' }))).toBe(false);
    expect(filterQuery(filter)).toBe('categories=jazz&access=wheelchair%2Crelaxed');
  });

  it.each([['x'], ['captioned,captioned'], ['WHEELCHAIR']])('refuses %s, naming access', (v) => {
    expect(() => parseListFilter({ access: v })).toThrow(FilterError);
    try {
      parseListFilter({ access: v });
    } catch (error) {
      expect((error as FilterError).parameter).toBe('access');
    }
  });

  it('matches when one listed date has every id, within the date range', () => {
    const stop = (date: string, access: CompactOccurrence['access']): CompactOccurrence => ({
      occurrence_date: date,
      time_label: '7:00 PM',
      location_label: 'Leeds',
      status: 'scheduled',
      ...(access && { access }),
    });
    const tour = eventResource(
      eventAttributes({
        date_mode: 'multiple',
        occurrence_count: 3,
        occurrences: [
          stop('2026-11-20', ['wheelchair', 'captioned']),
          stop('2026-12-08', ['wheelchair']),
          stop('2026-12-20', ['captioned']),
        ],
      }),
    );
    const on = (query: Record<string, string>) =>
      matchesFilter(tour, parseListFilter(query), today, plain);
    expect(on({ access: 'captioned' })).toBe(true);
    expect(on({ access: 'wheelchair,captioned' })).toBe(false); // only on the past stop
    expect(on({ access: 'captioned', end_date: '2026-12-10' })).toBe(false);
    expect(on({ access: 'wheelchair', end_date: '2026-12-10' })).toBe(true);
    const none = eventResource(eventAttributes({ event_date: '2026-12-05T00:00:00.000000Z' }));
    expect(matchesFilter(none, parseListFilter({ access: 'wheelchair' }), today, plain)).toBe(
      false,
    );
  });
});

describe('JSON-LD of access provisions', () => {
  it('place features as amenityFeature, performance ones on workPerformed, relaxed left out', () => {
    const event = eventResource(
      eventAttributes({
        title: 'Matinee',
        event_date: '2026-12-05T00:00:00.000000Z',
        access: ['step_free', 'sign_language', 'audio_described', 'relaxed'],
      }),
    );
    const [data] = eventStructuredData(
      event,
      { slug: 'v', name: 'V' },
      { today, plainText: plain },
    );
    expect(data!.location.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Step-free access', value: true },
    ]);
    expect(data!.workPerformed).toEqual({
      '@type': 'CreativeWork',
      name: 'Matinee',
      accessibilityFeature: ['signLanguage', 'audioDescription'],
    });
    const bare = eventResource(eventAttributes({ event_date: '2026-12-05T00:00:00.000000Z' }));
    const [plainData] = eventStructuredData(
      bare,
      { slug: 'v', name: 'V' },
      { today, plainText: plain },
    );
    expect(plainData).not.toHaveProperty('workPerformed');
    expect(plainData!.location).not.toHaveProperty('amenityFeature');
  });
});
