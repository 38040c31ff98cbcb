/**
 * The stored data model: what an import writes and the API reads, on either store. Venue-local
 * dates are `YYYY-MM-DD`, venue-local times `HH:MM:SS`, instants UTC epoch milliseconds.
 */

/**
 * A venue's postal address (schema.org `PostalAddress`, handbook `venue-file.md`): only the members
 * the venue file gives; `addressCountry` is an ISO 3166-1 alpha-2 code.
 */
export interface VenueAddress {
  streetAddress?: string;
  addressLocality?: string;
  postalCode?: string;
  addressRegion?: string;
  addressCountry?: string;
}

/** A venue's public settings. */
export interface VenueRecord {
  slug: string;
  name: string;
  /** IANA time zone name. */
  timezone: string;
  apiShape: 'current' | 'earlier';
  /** The venue's own website (absolute http(s) URL), when the venue file gives one. */
  url?: string;
  /** The venue's postal address, when the venue file gives one. */
  address?: VenueAddress;
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

/** A `venues` row as both stores read it; `details` is the JSON of `venueDetailsJson`. */
export interface VenueRow {
  slug: string;
  name: string;
  timezone: string;
  api_shape: string;
  details: string | null;
}

/** The venue's optional `url` and `address` as the stores keep them: JSON, or null for neither. */
export function venueDetailsJson(venue: VenueRecord): string | null {
  const { url, address } = venue;
  return url === undefined && address === undefined ? null : JSON.stringify({ url, address });
}

/** A `venues` row back into a `VenueRecord`. */
export function venueRecord(row: VenueRow): VenueRecord {
  const record: VenueRecord = {
    slug: row.slug,
    name: row.name,
    timezone: row.timezone,
    apiShape: row.api_shape === 'earlier' ? 'earlier' : 'current',
  };
  if (row.details !== null) {
    const { url, address } = JSON.parse(row.details) as Pick<VenueRecord, 'url' | 'address'>;
    if (url !== undefined) record.url = url;
    if (address !== undefined) record.address = address;
  }
  return record;
}
