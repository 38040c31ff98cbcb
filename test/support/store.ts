/**
 * The store the server tests run against: SQLite in memory in the `sqlite` project, a fresh
 * database on the run's PostgreSQL server in the `postgres` project (vitest.config.ts), so the
 * same API and import suites check both stores.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { importVenueFile } from '../../server/import/importer.js';
import { openStore } from '../../server/store/open-store.js';
import type { Store } from '../../server/store/store.js';
import { createDatabase } from './postgres.js';
import { scratchDir } from './scratch.js';

/** Which store this project tests: `postgres` when the run provides a PostgreSQL URL. */
export const STORE_KIND: 'sqlite' | 'postgres' = inject('postgresUrl') ? 'postgres' : 'sqlite';

/**
 * A location for an empty store of this project's kind: `:memory:` or a new database's URL, the
 * database without the schema (opening it migrates it).
 */
export async function emptyStoreLocation(): Promise<string> {
  const admin = inject('postgresUrl');
  return admin ? createDatabase(admin) : ':memory:';
}

/**
 * A store of this project's kind holding `file`, then taken back to schema `version` by `undo`
 * (SQL undoing the later migrations, per store): a database made before them, as an upgrade
 * finds it. Returns its location (a file for SQLite, which must outlive a close), to open again.
 */
export async function storeMadeBefore(
  version: number,
  undo: { sqlite: string; postgres: string },
  file: unknown,
): Promise<string> {
  const location =
    STORE_KIND === 'sqlite'
      ? join(scratchDir('ve-old-store-'), 'old.db')
      : await emptyStoreLocation();
  const first = await openStore(location);
  await importVenueFile(first, file);
  await first.close();
  if (STORE_KIND === 'sqlite') {
    const db = new Database(location);
    db.exec(undo.sqlite);
    db.pragma(`user_version = ${version}`);
    db.close();
  } else {
    const client = new pg.Client(location);
    await client.connect();
    await client.query(
      `${undo.postgres}; DELETE FROM schema_migrations WHERE version > ${version};`,
    );
    await client.end();
  }
  return location;
}

/**
 * Opens an empty store of this project's kind; on PostgreSQL a copy of the run's migrated
 * database (test/global-setup.ts), so opening it finds the schema current, as a restart does.
 */
export async function openTestStore(): Promise<Store> {
  const admin = inject('postgresUrl');
  return openStore(admin ? await createDatabase(admin, inject('postgresTemplate')) : ':memory:');
}
