/**
 * A venue file whose venues read a source (a sheet or a feed on loopback), imported into a fresh
 * test store (`openTestStore`: SQLite, or the PostgreSQL project's database), synced once, and
 * served by the real app on loopback: what a venue's sources give the API.
 */
import { createServer } from 'node:http';
import { importVenueFile } from '../../server/import/importer.js';
import { createApp } from '../../server/origin/app.js';
import { SourceSync } from '../../server/sources/sync.js';
import { listen } from './listen.js';
import { openTestStore } from './store.js';

/**
 * `use`'s result for the app's base URL once `file` is imported and its sources synced at `now`
 * (a UTC instant, the app's clock too); the app, the sync and the store are closed after, whatever
 * `use` does.
 * @throws what the import (a VenueFileError), the sync or `use` throws
 */
export async function withSyncedApp<T>(
  file: unknown,
  now: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const store = await openTestStore();
  const clock = () => new Date(now);
  const sync = new SourceSync({
    store,
    clock,
    fetch: { allowHosts: ['127.0.0.1'] },
    logger: { info: () => undefined, warn: () => undefined },
  });
  try {
    await importVenueFile(store, file);
    await sync.syncAll();
    const app = await listen(createServer(createApp({ store, clock, logger: false })));
    try {
      return await use(app.url);
    } finally {
      await app.close();
    }
  } finally {
    await sync.stop();
    await store.close();
  }
}
