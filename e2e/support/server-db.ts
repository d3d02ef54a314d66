import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/**
 * Read-only access to the database of the e2e server a Playwright project runs against (support/serve.mjs writes
 * where it is), so a test can check an outcome no API shows (a stored average, a payment row). Tests set things up
 * through the API (support/api.ts): the connection refuses writes. Statements use `?` placeholders on both dialects.
 */
export interface ServerDb {
  select(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

interface ServerInfo {
  dataDir: string;
  databaseUrl: string | null;
}

/** The server's database, opened read-only. */
export async function openDatabaseOf(info: ServerInfo): Promise<ServerDb> {
  if (info.databaseUrl) {
    const client = new pg.Client({ connectionString: info.databaseUrl });
    await client.connect();
    await client.query('set session characteristics as transaction read only');
    return {
      async select(sql, params = []) {
        let n = 0;
        const result = await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        );
        return result.rows;
      },
      close: () => client.end(),
    };
  }
  const sqlite = new SqliteDatabase(path.join(info.dataDir, 'urembo.sqlite'), { readonly: true });
  sqlite.pragma('busy_timeout = 5000');
  return {
    async select(sql, params = []) {
      return sqlite.prepare(sql).all(...params) as Record<string, unknown>[];
    },
    close: async () => void sqlite.close(),
  };
}

/** The database of the shared e2e server at `baseURL`. */
export async function openServerDb(baseURL: string): Promise<ServerDb> {
  const port = new URL(baseURL).port;
  return openDatabaseOf(
    JSON.parse(readFileSync(path.join(tmpdir(), `urembo-e2e-server-${port}.json`), 'utf8')) as ServerInfo,
  );
}
