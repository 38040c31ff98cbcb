/**
 * The paths of the one set of listing routes (docs/architecture.md "One set of routes"), each
 * written once, in Express's syntax: the routes mount them (`api-routes.ts`, `page-routes.ts`)
 * and the proxy's guard admits exactly them (`server/proxy/routes.ts` builds its patterns from
 * these with `pathPattern`), so a route added, moved or renamed is one the guard knows.
 */
import { EVENT_ID, SLUG } from '../../shared/patterns.js';
import type { CalendarService } from '../../shared/rules/calendar-links.js';

/** The API's resources (docs/api.md §4.1, §10.13–§10.15): the list, `events`, and its finders. */
export const API_RESOURCES = ['events', 'categories', 'access', 'calendar'] as const;
export type ApiResource = (typeof API_RESOURCES)[number];

/**
 * Every path of the listing routes: `:slug` a venue's slug, `:id` an event's id, `:eventSlug` an
 * event's page slug; the paths without `:slug` are several venues' (`?venues=`, docs/api.md
 * §10.16).
 */
export const ROUTE_PATHS = {
  /** §4.1, §10.13–§10.15: a venue's list and finding aids. */
  venueApi: (resource: ApiResource) => `/t/:slug/api/${resource}`,
  /** §10.16: several venues' list and finding aids. */
  venuesApi: (resource: ApiResource) => `/api/${resource}`,
  /** §4.2: one event. */
  event: '/t/:slug/api/events/:id',
  /** §10.5: the listing page and its month view. */
  venueListing: '/t/:slug/events',
  venuesListing: '/events',
  /** §10.20: the past page. */
  venuePast: '/t/:slug/events/past',
  venuesPast: '/events/past',
  /** §10.6, §10.12: the venue's calendar file (of some categories, of saved `ids`). */
  venueFeed: '/t/:slug/events.ics',
  venuesFeed: '/events.ics',
  /** An event's page, its calendar file and its "add to calendar" redirects (§10.6). */
  eventPage: '/t/:slug/events/:eventSlug',
  eventFile: '/t/:slug/events/:eventSlug.ics',
  eventLink: (service: CalendarService) => `/t/:slug/events/:eventSlug/calendar/${service}`,
  /** §10.23: the reminder of the instant an event's sales open, an `.ics` with a `VALARM`. */
  eventReminder: '/t/:slug/events/:eventSlug/reminder.ics',
  /** §10.23: a redirect to the same reminder in Google Calendar (the widget's card menu). */
  eventReminderGoogle: '/t/:slug/events/:eventSlug/reminder/google',
} as const;

/** What each parameter of a path matches: the venue's slug is the pattern's first group. */
const SEGMENTS: Readonly<Record<string, string>> = {
  slug: `(${SLUG})`,
  eventSlug: SLUG,
  id: EVENT_ID,
};

/**
 * The whole path `path` (Express's syntax, as in `ROUTE_PATHS`) as a pattern: its parameters as
 * the contract spells them (`SLUG`, `EVENT_ID`; the venue's slug the first group), a trailing
 * slash allowed as Express allows it, but not after a file's name (`.ics`).
 * @throws Error for a parameter `SEGMENTS` does not know
 */
export function pathPattern(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z]+)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const segment = SEGMENTS[part.slice(1)];
      if (segment === undefined) throw new Error(`pathPattern: no pattern for ${part} in ${path}`);
      return segment;
    })
    .join('');
  return new RegExp(`^${source}${/\.\w+$/.test(path) ? '' : '/?'}$`);
}
