/**
 * vitest globalSetup of the `postgres` project: one private PostgreSQL server for the run
 * (`test/support/postgres.ts`), its URL handed to the tests as `inject('postgresUrl')`.
 */
import type { TestProject } from 'vitest/node';
import { startCluster } from './support/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.destroy();
}
