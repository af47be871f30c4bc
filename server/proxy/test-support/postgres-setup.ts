import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openConsoleStore } from '../store/store';
import { startTestPostgres } from './postgres';
import { templateDatabase, withDatabase } from './test-store';

/**
 * The `postgres` project's global setup: one PostgreSQL server for the run (Debian's binaries, a
 * temporary directory and port) and a migrated template database the tests' databases copy.
 */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  try {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`CREATE DATABASE ${templateDatabase}`);
    await client.end();
    const store = await openConsoleStore({ url: withDatabase(server.url, templateDatabase) });
    await store.close();
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
