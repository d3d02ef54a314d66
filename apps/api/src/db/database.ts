import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL's connection pool now (the metrics); absent on SQLite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL, or undefined for the SQLite file `<dataDir>/urembo.sqlite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests use a fresh one per file). */
  pgSchema?: string;
  /** SQLite only: the file (tests pass one in a temporary folder). */
  sqliteFile?: string;
  /** PostgreSQL only: told when the server drops an idle connection (the server logs it). */
  onConnectionError?: (err: Error) => void;
}

// int8 (COUNT, SUM) as a JavaScript number: our counts and shilling sums stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(options: OpenDatabaseOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // A query never waits on a dead server for longer than this (then 503; the pool reconnects later).
      query_timeout: 30_000,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle connection that the server drops (restart, pg_terminate_backend) is reported here and taken out of the
    // pool; without a listener Node would end the process. Requests meanwhile answer 503 and the pool opens fresh
    // connections as soon as the server is back.
    pool.on('error', (err) => options.onConnectionError?.(err));
    // A connection lost in the middle of a query fails that query (503) and then also emits 'error' on its client,
    // which the pool does not listen to while the client is checked out: listen on every client, or the process
    // would end. The pool drops such a client when it is released (it is no longer queryable).
    pool.on('connect', (client) => {
      client.on('error', (err) => options.onConnectionError?.(err));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = options.sqliteFile ?? sqliteFileIn(options.dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Where the shop's SQLite database lives in DATA_DIR. */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'urembo.sqlite');
}

/**
 * better-sqlite3 behind a cache of prepared statements. Kysely prepares every query it runs, and preparing costs
 * more than running most of ours (a product by id: 0.35 ms, of which 0.2 ms is prepare); a statement is reused
 * for the same SQL text. SQLite re-prepares a cached statement by itself after a schema change.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, size = 500) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached) {
        // Most recently used last, so the oldest is first to go.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** Which dialect a Kysely instance talks to (for the few dialect-specific statements, such as full-text search). */
export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
