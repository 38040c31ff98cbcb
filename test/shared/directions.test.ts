/**
 * The directions rule (shared/rules/directions.ts, docs/api.md §10.25): OpenStreetMap's directions
 * to a point with the destination filled, else a search for the address, a stop's own place
 * before the venue's, and the point read back from a link.
 */
import { describe, expect, it } from 'vitest';
import {
  addressText,
  directionsUrl,
  pointOf,
  stopDirectionsUrl,
} from '../../shared/rules/directions.js';

const ADDRESS = {
  streetAddress: '1 High St',
  postalCode: 'E1 6JE',
  addressLocality: 'London',
  addressCountry: 'GB',
};

describe('directionsUrl', () => {
  it('a point: directions to it, the destination as OpenStreetMap reads coordinates', () => {
    const url = directionsUrl({ geo: { lat: 51.5226, lon: -0.0754 }, address: ADDRESS });
    expect(url).toBe('https://www.openstreetmap.org/directions?to=51.5226%2C-0.0754');
    expect(new URL(url!).searchParams.get('to')).toMatch(/^[+-]?\d+(\.\d+)?,[+-]?\d+(\.\d+)?$/);
  });

  it('six decimals at most, never an exponent, no negative zero', () => {
    expect(directionsUrl({ geo: { lat: 1e-7, lon: -1e-7 } })).toBe(
      'https://www.openstreetmap.org/directions?to=0%2C0',
    );
    expect(directionsUrl({ geo: { lat: 12.3456789, lon: 0.0000015 } })).toBe(
      'https://www.openstreetmap.org/directions?to=12.345679%2C0.000002',
    );
  });

  it('an address alone: a search for it, street first, country last', () => {
    expect(addressText(ADDRESS)).toBe('1 High St, E1 6JE London, GB');
    expect(directionsUrl({ address: ADDRESS })).toBe(
      'https://www.openstreetmap.org/search?query=1+High+St%2C+E1+6JE+London%2C+GB',
    );
  });

  it('nothing to point at, or an address too long for a link: none', () => {
    expect(directionsUrl({})).toBeUndefined();
    expect(directionsUrl({ address: {} })).toBeUndefined();
    expect(directionsUrl({ address: { streetAddress: 'x'.repeat(3000) } })).toBeUndefined();
  });
});

describe('stopDirectionsUrl', () => {
  const venue = { address: ADDRESS };
  it('a stop’s own place wins; a stop without one goes to the venue', () => {
    expect(stopDirectionsUrl({ geo: { lat: 53.48, lon: -2.24 } }, venue)).toBe(
      'https://www.openstreetmap.org/directions?to=53.48%2C-2.24',
    );
    expect(stopDirectionsUrl({}, venue)).toBe(directionsUrl(venue));
    expect(stopDirectionsUrl(undefined, venue)).toBe(directionsUrl(venue));
    expect(stopDirectionsUrl(undefined, {})).toBeUndefined();
  });
});

describe('pointOf', () => {
  it('reads the point back from a directions link, nothing from a search or elsewhere', () => {
    expect(pointOf(directionsUrl({ geo: { lat: -33.8568, lon: 151.2153 } }))).toEqual({
      lat: -33.8568,
      lon: 151.2153,
    });
    expect(pointOf(directionsUrl({ address: ADDRESS }))).toBeUndefined();
    expect(pointOf('https://maps.example/directions?to=1%2C2')).toBeUndefined();
    expect(pointOf('https://www.openstreetmap.org/directions?to=91%2C0')).toBeUndefined();
    expect(pointOf(undefined)).toBeUndefined();
  });
});
