/**
 * The proxy's guard admits the listing routes' own paths (server/routes/paths.ts `ROUTE_PATHS`,
 * which the routes mount and `server/proxy/routes.ts` builds its patterns from): a route's path is
 * one the guard knows, and a path no route has is not.
 */
import { describe, expect, it } from 'vitest';
import { CALENDAR_SERVICES } from '../../shared/rules/calendar-links.js';
import { checkTarget } from '../../server/proxy/routes.js';
import { API_RESOURCES, pathPattern, ROUTE_PATHS } from '../../server/routes/paths.js';

/** `path` with a venue, an event id and an event slug filled in, as a client asks for it. */
const target = (path: string) =>
  path.replace(':slug', 'blue-room').replace(':id', '42').replace(':eventSlug', 'jazz-night') +
  (path.includes(':slug') ? '' : '?venues=blue-room,harbour-hall');

/** Every path of `ROUTE_PATHS`, each resource and service filled in. */
const { venueApi, venuesApi, eventLink, ...fixed } = ROUTE_PATHS;
const PATHS: readonly string[] = [
  ...Object.values(fixed),
  ...API_RESOURCES.flatMap((resource) => [venueApi(resource), venuesApi(resource)]),
  ...CALENDAR_SERVICES.map(eventLink),
];

describe("the proxy's permitted paths are the routes'", () => {
  it('passes every route path but the past page of several venues (none in proxy mode)', () => {
    for (const path of PATHS) {
      const verdict = checkTarget(target(path), 'GET');
      if (path === ROUTE_PATHS.venuesPast) expect(verdict, path).toMatchObject({ status: 404 });
      else expect(verdict, path).toBe('pass');
    }
  });

  it('refuses a path next to them that no route has', () => {
    for (const wrong of [
      '/t/blue-room/api/event',
      '/t/blue-room/api/events/42/extra',
      '/t/blue-room/events.ics/',
      '/t/blue-room/events/jazz-night/calendar/yahoo',
      '/api/venues?venues=a,b',
    ]) {
      expect(checkTarget(wrong, 'GET'), wrong).toMatchObject({ status: 404 });
    }
  });

  it("reads a path's parameters as the contract spells them, the venue's slug first", () => {
    const pattern = pathPattern(ROUTE_PATHS.eventFile);
    expect(pattern.exec('/t/blue-room/events/jazz-night.ics')?.[1]).toBe('blue-room');
    expect(pattern.test('/t/Blue-Room/events/jazz-night.ics')).toBe(false);
    expect(pathPattern(ROUTE_PATHS.event).test('/t/blue-room/api/events/0')).toBe(false);
    expect(() => pathPattern('/t/:slug/:unknown')).toThrow(/:unknown/);
  });
});
