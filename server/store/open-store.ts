/**
 * Opening a store by its location: the one module that knows both implementations (SQLite and
 * PostgreSQL), which themselves import only the `Store` interface (`store.ts`), so no import
 * circle runs through the interface.
 */
import type { Store, StoreOptions } from './store.js';

/** True when `location` names a PostgreSQL database (`postgres://…` or `postgresql://…`). */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

/**
 * Opens the store at `location`: a `postgres://user@host:port/db` URL, or an SQLite file path or
 * `:memory:`. Creates the schema (migrations) on first use.
 * @param options `keepPastDays` (docs/api.md §10.20 `--keep-past-days`; default 730)
 * @throws Error with a one-line message naming the location when it cannot be opened.
 */
export async function openStore(location: string, options: StoreOptions = {}): Promise<Store> {
  if (isPostgresUrl(location)) {
    const { openPostgresStore } = await import('./postgres.js');
    return openPostgresStore(location, {}, options);
  }
  const { openSqliteStore } = await import('./sqlite.js');
  return openSqliteStore(location, options);
}
