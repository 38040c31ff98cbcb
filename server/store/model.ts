/**
 * The stored data model: what an import writes and the API reads, on either store. Venue-local
 * dates are `YYYY-MM-DD`, venue-local times `HH:MM:SS`, instants UTC epoch milliseconds.
 */

/** A venue's public settings. */
export interface VenueRecord {
  slug: string;
  name: string;
  /** IANA time zone name. */
  timezone: string;
  apiShape: 'current' | 'earlier';
}

/** A stop of a multi-date event. */
export interface StoredStop {
  date: string;
  time: string;
  location: string;
  status: 'scheduled' | 'cancelled';
}

/** An event as stored (admin view, normalised). */
export interface StoredEvent {
  id: number;
  title: string;
  slug: string;
  category: string;
  description: string;
  location: string;
  over18: boolean;
  status: 'draft' | 'published' | 'cancelled';
  /** Whether the public API serves it at all (spec §4.2: not draft, private or hidden-cancelled). */
  served: boolean;
  ticketsEnabled: boolean;
  showImages: boolean;
  smallImagePath: string | null;
  cancellationReason: string | null;
  cancelledAt: number | null;
  mode: 'single' | 'multiple';
  /** Single mode: the date/time; multiple mode: null (see `stops`). */
  date: string | null;
  time: string | null;
  /** Multiple mode: the stops sorted by date, then time; single mode: empty. */
  stops: StoredStop[];
  closedManuallyAt: number | null;
  closeAt: number | null;
  message: string | null;
}

/** A venue with all of its events, as one import writes it. */
export interface StoredVenue extends VenueRecord {
  events: StoredEvent[];
}
