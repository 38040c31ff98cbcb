/**
 * Where the venue's events come from: the venue-events server's origin (no trailing slash) and
 * the venue's slug, read when the server starts.
 */
export const ORIGIN = process.env.VENUE_EVENTS_ORIGIN ?? 'http://localhost:3000';
export const VENUE = process.env.VENUE_EVENTS_VENUE ?? 'blue-room';
