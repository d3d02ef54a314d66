import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationProvider } from 'kysely';
import { FORMER_NAMES, migrations } from './migrations/index';
import type { Database } from './schema';

/** Kysely's bookkeeping table: one row (name, timestamp) per migration applied. */
const MIGRATION_TABLE = 'kysely_migration';
/** The advisory lock Kysely's migrator takes on PostgreSQL, so the renaming below never overlaps a migration. */
const KYSELY_MIGRATION_LOCK_ID = BigInt('3853314791062309107');

const provider: MigrationProvider = { getMigrations: async () => migrations };
/** Names compare by their characters (the three-digit prefix orders them). */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type AnyDb = Kysely<Database> | Kysely<unknown>;

/**
 * Brings the schema up to date, strictly in the order of the migrations' names: a database that has applied
 * migrations this version does not know, or not in that order, stops start-up with a message saying so. Throws
 * (and start-up stops) when a migration fails. Answers the names applied.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Without a schema, Kysely's migrator counts its bookkeeping tables as present when they exist in ANY schema of
  // the database, so a fresh schema (each test file's, or an app sharing a database) would skip creating them and
  // fail with 'relation "kysely_migration" does not exist'. Pin them to the connection's own schema.
  const schema = isPostgres(db) ? await currentSchema(db) : undefined;
  await adoptFormerNames(db, schema);
  await refuseUnknownMigrations(db, schema);
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: false,
    nameComparator: byName,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      failed ? `Database migration ${failed} failed: ${reason}` : `Database migrations refused: ${reason}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * A database migrated before the migrations were numbered in one sequence knows them by their former names, and
 * may have applied them in another order (each feature's migrations ran when it landed). Once, under the migration
 * lock and in one transaction: rename its bookkeeping rows, apply any migration of that former set it never ran
 * (as the version before would have), and give the rows one timestamp, so their order is the order of their names.
 * From then on it migrates strictly in order like a new database.
 */
async function adoptFormerNames(db: AnyDb, schema: string | undefined): Promise<void> {
  if (!(await hasMigrationTable(db, schema))) return;
  const renamed = Object.keys(FORMER_NAMES).filter((former) => FORMER_NAMES[former] !== former);
  if ((await appliedNames(db, schema)).every((name) => !renamed.includes(name))) return;
  await asTheOnlyWriter(db, async (trx) => {
    // Another process may have done it while this one waited for the lock.
    const applied = await appliedNames(trx, schema);
    if (applied.every((name) => !renamed.includes(name))) return;
    const table = migrationTable(trx, schema);
    for (const former of renamed) {
      await table
        .updateTable(MIGRATION_TABLE)
        .set({ name: FORMER_NAMES[former]! })
        .where('name', '=', former)
        .execute();
    }
    const { rows } = await sql<{
      first: string;
    }>`select min(timestamp) as first from ${tableRef(schema)}`.execute(trx);
    const first = rows[0]?.first ?? new Date().toISOString();
    const now = new Set(await appliedNames(trx, schema));
    for (const name of Object.values(FORMER_NAMES).sort(byName)) {
      if (now.has(name)) continue;
      await migrations[name]!.up(trx);
      await table.insertInto(MIGRATION_TABLE).values({ name, timestamp: first }).execute();
    }
    await table.updateTable(MIGRATION_TABLE).set({ timestamp: first }).execute();
  });
}

/** A database a newer version migrated: say so plainly instead of Kysely's "corrupted migrations". */
async function refuseUnknownMigrations(db: AnyDb, schema: string | undefined): Promise<void> {
  if (!(await hasMigrationTable(db, schema))) return;
  const unknown = (await appliedNames(db, schema)).filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new Error(
      `The database was migrated by a newer version of the shop (it has applied ${unknown.join(', ')}, which this ` +
        'version does not know). Run that version or a later one.',
    );
  }
}

/**
 * Runs `work` in one transaction that no other process's migration or renaming overlaps: SQLite's BEGIN IMMEDIATE
 * takes the write lock at once (others wait for their busy timeout); PostgreSQL takes Kysely's migration lock.
 */
async function asTheOnlyWriter(db: AnyDb, work: (trx: Kysely<unknown>) => Promise<void>): Promise<void> {
  const postgres = isPostgres(db);
  await (db as Kysely<unknown>).connection().execute(async (conn) => {
    await sql.raw(postgres ? 'begin' : 'begin immediate').execute(conn);
    try {
      if (postgres)
        await sql`select pg_advisory_xact_lock(${sql.lit(KYSELY_MIGRATION_LOCK_ID)})`.execute(conn);
      await work(conn);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

interface MigrationTable {
  kysely_migration: { name: string; timestamp: string };
}

function migrationTable(db: AnyDb, schema: string | undefined): Kysely<MigrationTable> {
  const typed = db as unknown as Kysely<MigrationTable>;
  return schema ? typed.withSchema(schema) : typed;
}

function tableRef(schema: string | undefined) {
  return schema ? sql.table(`${schema}.${MIGRATION_TABLE}`) : sql.table(MIGRATION_TABLE);
}

async function appliedNames(db: AnyDb, schema: string | undefined): Promise<string[]> {
  const rows = await migrationTable(db, schema).selectFrom(MIGRATION_TABLE).select('name').execute();
  return rows.map((r) => r.name);
}

async function hasMigrationTable(db: AnyDb, schema: string | undefined): Promise<boolean> {
  const { rows } = schema
    ? await sql`select 1 from information_schema.tables
        where table_schema = ${schema} and table_name = ${MIGRATION_TABLE}`.execute(db)
    : await sql`select 1 from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db);
  return rows.length > 0;
}

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function currentSchema(db: AnyDb): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}
