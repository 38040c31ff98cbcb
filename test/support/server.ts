/** Starts the real app (a real SQLite or PostgreSQL store, see store.ts) on 127.0.0.1:0 for tests, with a test-driven clock. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { importVenueFile } from '../../server/import/importer.js';
import { createApp, type AppOptions } from '../../server/origin/app.js';
import type { Store } from '../../server/store/store.js';
import { openTestStore } from './store.js';

export interface TestServer {
  url: string;
  store: Store;
  /** Moves the server's clock (an ISO instant). */
  setNow(iso: string): void;
  close(): Promise<void>;
}

export async function startServer(
  venueFile: unknown,
  now: string,
  options: Partial<Omit<AppOptions, 'store' | 'clock'>> = {},
): Promise<TestServer> {
  const store = await openTestStore();
  if (venueFile !== undefined) await importVenueFile(store, venueFile);
  let nowMs = Date.parse(now);
  const app = createApp({ logger: false, ...options, store, clock: () => new Date(nowMs) });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    setNow: (iso) => {
      nowMs = Date.parse(iso);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          void store.close().then(resolve);
        });
      }),
  };
}

/** A venue file with one venue; `events` get defaults for the required members. */
export function venueFile(
  events: Record<string, unknown>[],
  venue: { slug?: string; timezone?: string; api_shape?: 'current' | 'earlier' } = {},
): unknown {
  return {
    venues: [
      {
        slug: venue.slug ?? 'test-venue',
        name: 'Test Venue',
        timezone: venue.timezone ?? 'Europe/London',
        ...(venue.api_shape ? { api_shape: venue.api_shape } : {}),
        events: events.map((e, i) => ({
          id: i + 1,
          title: `Event ${i + 1}`,
          slug: `event-${i + 1}`,
          status: 'published',
          tickets_enabled: true,
          ...e,
        })),
      },
    ],
  };
}

/** `n` single-date published events on consecutive days from `firstDate`. */
export function manyEvents(n: number, firstDate = '2026-12-01'): Record<string, unknown>[] {
  const start = Date.parse(`${firstDate}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    time: '20:00',
  }));
}
