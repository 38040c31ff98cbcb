/**
 * vitest globalSetup of the `postgres` project: one private PostgreSQL server for the run
 * (`test/support/postgres.ts`), its URL handed to the tests as `inject('postgresUrl')`, and on it
 * one database migrated by the store's own `openStore` (`inject('postgresTemplate')`), which
 * `openTestStore` copies: a copy is ready in a fraction of the time the migrations take on each
 * new database. `emptyStoreLocation` still gives a database without the schema, for the tests of
 * opening (migrating) one.
 */
import type { TestProject } from 'vitest/node';
import { openStore } from '../server/store/open-store.js';
import { createDatabase, startCluster } from './support/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated database's name. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  try {
    const migrated = await createDatabase(cluster.url);
    // Opened and closed: a database with a connection open cannot be copied.
    await (await openStore(migrated)).close();
    project.provide('postgresUrl', cluster.url);
    project.provide('postgresTemplate', new URL(migrated).pathname.slice(1));
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  return () => cluster.destroy();
}
