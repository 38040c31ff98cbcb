/**
 * Directions to a venue or a tour stop (docs/api.md §10.25, docs/decisions.md "Directions"): a
 * link to OpenStreetMap's directions with the point as the destination when the place gives its
 * `geo`, else to OpenStreetMap's search for its postal address. Pure: no clock, no network.
 */
import { MAX_TICKET_URL_LENGTH } from '../patterns.js';
import type { GeoPoint, PostalAddress } from './structured-data.js';

/** Where a place is, as the venue file may say it: its postal address, its point, or both. */
export interface Whereabouts {
  address?: PostalAddress | undefined;
  geo?: GeoPoint | undefined;
}

const OSM = 'https://www.openstreetmap.org';

/**
 * A degree as OpenStreetMap's directions read it (`^[+-]?\d+(\.\d*)?$`, no exponent): at most six
 * decimals (about 11 cm), trailing zeros dropped. `String` writes no exponent for values of 1e-6
 * and above, and six decimals round anything smaller to 0.
 */
const degrees = (value: number): string => String(Number(value.toFixed(6)) || 0);

/** The address as one line of text, street first, country last: what a search is asked. */
export function addressText(address: PostalAddress): string {
  const { streetAddress, postalCode, addressLocality, addressRegion, addressCountry } = address;
  const town = [postalCode, addressLocality].filter(Boolean).join(' ');
  return [streetAddress, town, addressRegion, addressCountry].filter(Boolean).join(', ');
}

/**
 * The directions link of a place: with `geo`,
 * `https://www.openstreetmap.org/directions?to=LAT%2CLON` (the destination filled, the start left
 * to the visitor); else with an address, `https://www.openstreetmap.org/search?query=…`; else
 * undefined (nothing to point at, or an address too long for a link the API may carry: more than
 * `MAX_TICKET_URL_LENGTH` characters).
 */
export function directionsUrl(place: Whereabouts): string | undefined {
  if (place.geo) {
    const to = `${degrees(place.geo.lat)},${degrees(place.geo.lon)}`;
    return `${OSM}/directions?${new URLSearchParams({ to })}`;
  }
  const text = place.address ? addressText(place.address) : '';
  const url = text && `${OSM}/search?${new URLSearchParams({ query: text })}`;
  return url && url.length <= MAX_TICKET_URL_LENGTH ? url : undefined;
}

/**
 * The directions link of a tour stop (or a single event, `stop` undefined) at `venue`: the stop's
 * own when it gives an address or a point, else the venue's; undefined when neither says where.
 */
export function stopDirectionsUrl(
  stop: Whereabouts | undefined,
  venue: Whereabouts,
): string | undefined {
  return (stop && directionsUrl(stop)) ?? directionsUrl(venue);
}

/**
 * The point a directions link of `directionsUrl` goes to, or undefined (a search, or a link from
 * elsewhere): lets a renderer that has only the API's `directions_url` of a stop give its
 * structured data's `geo`.
 */
export function pointOf(url: string | undefined): GeoPoint | undefined {
  if (!url?.startsWith(`${OSM}/directions?`)) return undefined;
  const to = new URL(url).searchParams.get('to') ?? '';
  const match = /^([+-]?\d+(?:\.\d+)?),([+-]?\d+(?:\.\d+)?)$/.exec(to);
  if (!match) return undefined;
  const [lat, lon] = [Number(match[1]), Number(match[2])];
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
}
