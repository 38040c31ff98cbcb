/**
 * The structured data's `geo` (docs/api.md §10.25): where each described date's place is on the
 * map, https://schema.org/GeoCoordinates, when the server knows it: a tour stop's own point (read
 * back from its `directions_url`), else the venue's `geo` for a date at the venue. Only the
 * server's pages know a point, so this stays out of the JSON-LD builder the widget loads.
 */
import type { EventResource } from '../../shared/contract.js';
import { pointOf } from '../../shared/rules/directions.js';
import {
  labelTime,
  stopAnchor,
  type GeoPoint,
  type JsonLdEvent,
  type JsonLdGeo,
  type StructuredDataVenue,
} from '../../shared/rules/structured-data.js';

const geoData = ({ lat, lon }: GeoPoint): JsonLdGeo => ({
  '@type': 'GeoCoordinates',
  latitude: lat,
  longitude: lon,
});

/**
 * `events` (`eventStructuredData` of `resource` at `venue`) with each place's `geo` where known:
 * a stop's own point, or the venue's for a date without a place of its own (no location label).
 * New objects; `events` unchanged.
 */
export function withGeo(
  events: readonly JsonLdEvent[],
  resource: EventResource,
  venue: StructuredDataVenue,
): JsonLdEvent[] {
  const a = resource.attributes;
  const byAnchor = new Map<string, (typeof a.occurrences)[number]>(
    a.occurrences.map((stop) => {
      const time = labelTime(stop.time_label) ?? '00:00:00';
      return [`#${stopAnchor(stop.occurrence_date, time)}`, stop] as const;
    }),
  );
  return events.map((event) => {
    const stop = byAnchor.get(event['@id'].slice(event['@id'].lastIndexOf('#')));
    const own = pointOf(stop && 'directions_url' in stop ? stop.directions_url : undefined);
    const atVenue = a.date_mode === 'single' || (stop !== undefined && !stop.location_label);
    const point = own ?? (atVenue ? venue.geo : undefined);
    return point ? { ...event, location: { ...event.location, geo: geoData(point) } } : event;
  });
}
