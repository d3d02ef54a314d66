import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { openDatabase, type Dialect } from '../../src/db/database';
import type { TestDatabase } from './test-db';

/**
 * The databases of test/fixtures/landed: migrated by the version whose migrations were numbered by feature, in the
 * order they landed, with a row in every table (make-fixtures.ts there says how they were made).
 * `before-pictures`: the history up to the moment before the picture table landed; `all`: the whole of it.
 */
export type LandedStage = 'before-pictures' | 'all';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/landed');

/** A copy of a landed database (a fresh SQLite file, or a fresh PostgreSQL schema), not migrated any further. */
export async function openLandedDatabase(
  dialect: Dialect,
  stage: LandedStage,
  pgUrl: string | null,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-landed-'));
  if (dialect === 'sqlite') {
    const sqliteFile = path.join(dataDir, 'urembo.sqlite');
    writeFileSync(sqliteFile, gunzipSync(readFileSync(path.join(FIXTURES, `sqlite-${stage}.sqlite.gz`))));
    const handle = openDatabase({ databaseUrl: undefined, dataDir, sqliteFile });
    return {
      ...handle,
      dataDir,
      databaseUrl: undefined,
      pgSchema: undefined,
      async destroy() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!pgUrl) throw new Error('PostgreSQL is not available');
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  // pg_dump's plain SQL of schema "landed": loaded under this test's schema name. Its psql-only lines go.
  const dump = readFileSync(path.join(FIXTURES, `postgres-${stage}.sql`), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
    .replace(/\blanded\b/g, pgSchema);
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(dump);
  } finally {
    await client.end();
  }
  const handle = openDatabase({ databaseUrl: pgUrl, dataDir, pgSchema });
  return {
    ...handle,
    dataDir,
    databaseUrl: pgUrl,
    pgSchema,
    async destroy() {
      await handle.close();
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema ${pgSchema} cascade`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
