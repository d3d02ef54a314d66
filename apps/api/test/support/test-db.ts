import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type Dialect, type DbHandle } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/schema';

export interface TestDatabase extends DbHandle {
  dataDir: string;
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new SQLite file in a temporary folder, or a new PostgreSQL schema
 * (so test files running in parallel never see each other's rows).
 */
export async function createTestDatabase(dialect: Dialect, pgUrl: string | null): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-test-'));
  let pgSchema: string | undefined;
  if (dialect === 'postgres') {
    if (!pgUrl) throw new Error('PostgreSQL is not available');
    pgSchema = `t_${randomBytes(6).toString('hex')}`;
    await withPgClient(pgUrl, (c) => c.query(`create schema ${pgSchema}`));
  }
  const handle = openDatabase({
    databaseUrl: dialect === 'postgres' ? pgUrl! : undefined,
    dataDir,
    pgSchema,
  });
  await migrateTestDatabase(handle.db);
  return {
    ...handle,
    dataDir,
    databaseUrl: dialect === 'postgres' ? pgUrl! : undefined,
    pgSchema,
    async destroy() {
      await handle.close();
      if (pgSchema && pgUrl) await withPgClient(pgUrl, (c) => c.query(`drop schema ${pgSchema} cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * migrateToLatest for a test database. Kysely's migrator looks at the tables of every schema in the database,
 * naming each schema (has_schema_privilege), so a schema another test file drops at that moment fails it with
 * 'schema "t_..." does not exist'; that, and only that, is tried again.
 */
export async function migrateTestDatabase<DB>(db: Kysely<DB>): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrateToLatest(db as unknown as Kysely<Database>);
    } catch (err) {
      if (attempt >= 5 || !/schema "t_[0-9a-f]+" does not exist/.test(String(err))) throw err;
    }
  }
}

async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
