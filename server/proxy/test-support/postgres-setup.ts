import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openConsoleStore } from '../store/store';
import {
  findPostgresBinaries,
  freePort,
  noPostgresMessage,
  startTestPostgres,
  type TestPostgres,
} from './postgres';
import { buildingTemplateDatabase, templateDatabase, withDatabase } from './test-store';

/** Starts the server and migrates the template under a working name, renamed once complete. */
async function startWithTemplate(port: number): Promise<TestPostgres> {
  const server = await startTestPostgres({ port });
  try {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`CREATE DATABASE ${buildingTemplateDatabase}`);
    const store = await openConsoleStore({
      url: withDatabase(server.url, buildingTemplateDatabase),
    });
    await store.close();
    await client.query(`ALTER DATABASE ${buildingTemplateDatabase} RENAME TO ${templateDatabase}`);
    await client.end();
    return server;
  } catch (error) {
    server.stop();
    throw error;
  }
}

/**
 * The node project's global setup: one PostgreSQL server for the run (Debian's binaries, a temporary
 * directory and port) and a migrated template database the tests' databases copy. It starts while
 * the first test files run; each `*.postgres.test.ts` file waits for the template (`onPostgres`).
 */
export default async function setup(project: TestProject) {
  if (!findPostgresBinaries()) throw new Error(noPostgresMessage);
  const port = await freePort();
  const starting = startWithTemplate(port);
  starting.catch((error: unknown) => {
    console.error('The tests’ PostgreSQL server did not start:', error);
  });
  project.provide('postgresUrl', `postgres://console@127.0.0.1:${port}/postgres`);
  return async () => (await starting.catch(() => undefined))?.stop();
}
