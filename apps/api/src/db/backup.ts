import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { sqliteFileIn } from './database';
import { FORMER_NAMES, migrations } from './migrations/index';

/*
 * `npm run backup -- FILE` and `npm run restore -- FILE` (docs/runbooks/backups.md). A backup is the whole shop:
 * every table, pictures included (they live in the database; DATA_DIR/images is only a cache of them).
 * - SQLite: SQLite's online backup API (better-sqlite3), copying every page in one step, so the copy is one
 *   consistent moment of the database while the shop goes on writing (WAL: readers never block writers). The backup
 *   file is itself an SQLite database.
 * - PostgreSQL: `pg_dump --format=custom`, which reads the whole database in one snapshot while the shop goes on,
 *   and `pg_restore --single-transaction`, so a restore happens entirely or not at all.
 * A restore goes only into an empty database, and only from a backup this version knows how to carry on from.
 */

const run = promisify(execFile);

/** Where the shop's database is: DATABASE_URL, or the SQLite file in DATA_DIR. */
export interface DatabaseLocation {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** A refusal or failure worded for the person running the command. */
export class BackupError extends Error {}

/** Writes a consistent copy of the database to `file` (which must not exist yet); answers what it did. */
export async function backupDatabase(where: DatabaseLocation, file: string): Promise<string> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: give the backup a new name.`);
  if (!existsSync(path.dirname(target)))
    throw new BackupError(`The folder ${path.dirname(target)} does not exist.`);
  // Written beside the target and renamed when complete: a failed backup never leaves a file that looks whole.
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const source = where.databaseUrl
      ? await dumpPostgres(where.databaseUrl, partial)
      : await copySqlite(sqliteFileIn(where.dataDir), partial);
    renameSync(partial, target);
    return `Backed up ${source} to ${target} (${megabytes(statSync(target).size)}).`;
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Loads a backup into the database, which must be empty; answers what is in it now. */
export async function restoreDatabase(where: DatabaseLocation, file: string): Promise<string> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`There is no backup at ${source}.`);
  return where.databaseUrl
    ? restorePostgres(where.databaseUrl, source)
    : restoreSqlite(sqliteFileIn(where.dataDir), source);
}

async function copySqlite(file: string, to: string): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`There is no SQLite database at ${file} (check DATA_DIR).`);
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // The first step only learns the size; the second copies every page at once (a later step would start over
    // each time the shop wrote in between, and could chase a busy shop for ever).
    await db.backup(to, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  return `the SQLite database ${file}`;
}

async function restoreSqlite(file: string, backup: string): Promise<string> {
  try {
    const db = new SqliteDatabase(backup, { readonly: true, fileMustExist: true });
    try {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`${backup} is damaged (SQLite says: ${String(check)}).`);
      assertKnownMigrations(
        backup,
        tableNames(db).includes('kysely_migration')
          ? db.prepare('select name from kysely_migration').pluck().all()
          : null,
      );
    } finally {
      db.close();
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${backup} is not an SQLite backup of the shop (${(err as Error).message}).`);
  }
  if (existsSync(file)) {
    const current = new SqliteDatabase(file, { readonly: true });
    let tables: number;
    try {
      tables = tableNames(current).length;
    } finally {
      current.close();
    }
    if (tables > 0) {
      throw notEmpty(`The SQLite database ${file}`, tables, 'move that file away (or set another DATA_DIR)');
    }
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const db = new SqliteDatabase(backup, { readonly: true });
    try {
      await db.backup(partial, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    // An empty database file may have left its write-ahead log beside it; neither belongs to the restored one.
    for (const leftover of [`${file}-wal`, `${file}-shm`]) rmSync(leftover, { force: true });
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const restored = new SqliteDatabase(file, { readonly: true });
  try {
    const counts = COUNTS.map((c) => Number(restored.prepare(c.sql).pluck().get()));
    return `Restored ${backup} into ${file}: ${contents(counts)}.`;
  } finally {
    restored.close();
  }
}

function tableNames(db: SqliteDatabase.Database): string[] {
  return db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
}

async function dumpPostgres(databaseUrl: string, to: string): Promise<string> {
  const { url, env } = libpqArguments(databaseUrl);
  await assertClientFitsServer(databaseUrl, 'pg_dump');
  await tool('pg_dump', ['--format=custom', `--file=${to}`, `--dbname=${url}`], env);
  return `the PostgreSQL database ${displayName(databaseUrl)}`;
}

async function restorePostgres(databaseUrl: string, backup: string): Promise<string> {
  const { url, env } = libpqArguments(databaseUrl);
  // The migrations the backup's database had applied, read from the archive before anything is restored.
  let applied: string;
  try {
    applied = (
      await run('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', backup], { env })
    ).stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw missingTool('pg_restore');
    throw new BackupError(
      `${backup} is not a PostgreSQL backup made by npm run backup (pg_restore cannot read it).`,
    );
  }
  const copy = /^COPY [^\n]*kysely_migration[^\n]* FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(applied);
  assertKnownMigrations(
    backup,
    copy
      ? copy[1]!
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('\t')[0]!)
      : null,
  );
  await assertClientFitsServer(databaseUrl, 'pg_restore');
  const tables = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    return rows[0]!.n;
  });
  if (tables > 0) {
    throw notEmpty(
      `The PostgreSQL database ${displayName(databaseUrl)}`,
      tables,
      'create an empty database (createdb) and point DATABASE_URL at it',
    );
  }
  // Objects belong to whoever restores them (the shop's own user), whatever user owned them before.
  await tool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, backup],
    env,
  );
  return withClient(databaseUrl, async (client) => {
    const counts: number[] = [];
    for (const { sql } of COUNTS) counts.push(Number((await client.query<{ n: unknown }>(sql)).rows[0]!.n));
    return `Restored ${backup} into ${displayName(databaseUrl)}: ${contents(counts)}.`;
  });
}

/** A restore the running version could not start on: a backup of a newer version (or not of this shop at all). */
function assertKnownMigrations(backup: string, applied: readonly unknown[] | null): void {
  if (!applied) throw new BackupError(`${backup} is not a backup of the shop (it has no migrations table).`);
  const unknown = applied.filter((name) => !(String(name) in migrations) && !(String(name) in FORMER_NAMES));
  if (unknown.length > 0) {
    throw new BackupError(
      `${backup} was made by a newer version of the shop (its database has applied ${unknown.join(', ')}). ` +
        'Restore it with that version or a later one.',
    );
  }
}

/** What a restore reports, as a person would check it. */
const COUNTS = [
  { label: 'orders', sql: 'select count(*) as n from orders' },
  { label: 'products', sql: 'select count(*) as n from products' },
  { label: 'accounts', sql: 'select count(*) as n from users' },
  { label: 'pictures', sql: 'select count(distinct hash) as n from image_blobs' },
];

function contents(counts: number[]): string {
  return COUNTS.map((c, i) => `${counts[i]} ${c.label}`).join(', ');
}

function notEmpty(what: string, tables: number, instead: string): BackupError {
  return new BackupError(
    `${what} is not empty (it has ${tables} tables). A backup is restored only into an empty database, so that ` +
      `nothing is overwritten or mixed: ${instead}, then run the restore again.`,
  );
}

/**
 * The URL for libpq without its password, which goes in PGPASSWORD instead (a command line is visible to every
 * user of the machine).
 */
function libpqArguments(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** host/name of a database, never its password. */
function displayName(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/** pg_dump and pg_restore refuse a server of a newer major version than theirs: say so, and what to install. */
async function assertClientFitsServer(databaseUrl: string, name: 'pg_dump' | 'pg_restore'): Promise<void> {
  let clientVersion: string;
  try {
    clientVersion = (await run(name, ['--version'])).stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw missingTool(name);
    throw err;
  }
  const client = Number(/(\d+)(?:\.\d+)?/.exec(clientVersion)?.[1]);
  const server = await withClient(databaseUrl, async (c) =>
    Math.floor(Number((await c.query<{ v: string }>('show server_version_num')).rows[0]!.v) / 10_000),
  );
  if (client < server) {
    throw new BackupError(
      `${name} is version ${client} but the server runs PostgreSQL ${server}: install the PostgreSQL ${server} ` +
        `client tools (Debian: apt-get install postgresql-client-${server}) and run the command again.`,
    );
  }
}

async function tool(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(name, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw missingTool(name);
    const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
    throw new BackupError(`${name} failed: ${stderr || (err as Error).message}`);
  }
}

function missingTool(name: string): BackupError {
  return new BackupError(
    `${name} was not found: install PostgreSQL's client tools of the server's version (Debian: apt-get install ` +
      'postgresql-client).',
  );
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Could not connect to ${displayName(databaseUrl)}: ${(err as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
