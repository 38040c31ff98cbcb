/**
 * The store the server tests run against: SQLite in memory in the `sqlite` project, a fresh
 * database on the run's PostgreSQL server in the `postgres` project (vitest.config.ts), so the
 * same API and import suites check both stores.
 */
import { inject } from 'vitest';
import { openStore, type Store } from '../../server/store/store.js';
import { createDatabase } from './postgres.js';

/** Which store this project tests: `postgres` when the run provides a PostgreSQL URL. */
export const STORE_KIND: 'sqlite' | 'postgres' = inject('postgresUrl') ? 'postgres' : 'sqlite';

/** A location for an empty store of this project's kind: `:memory:` or a new database's URL. */
export async function emptyStoreLocation(): Promise<string> {
  const admin = inject('postgresUrl');
  return admin ? createDatabase(admin) : ':memory:';
}

/** Opens an empty store of this project's kind. */
export async function openTestStore(): Promise<Store> {
  return openStore(await emptyStoreLocation());
}
