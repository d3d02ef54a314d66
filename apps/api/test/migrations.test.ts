import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Dialect } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { FORMER_NAMES, migrations } from '../src/db/migrations/index';
import { describeDatabase, type ColumnInfo, type DatabaseStructure } from './support/db-structure';
import { openLandedDatabase, type LandedStage } from './support/landed-database';
import { readDeclaredSchema, type DeclaredSchema } from './support/schema-types';
import { createTestDatabase, migrateTestDatabase, type TestDatabase } from './support/test-db';
import { DIALECTS } from './support/test-app';

/*
 * The migrations: their names make one order, each is frozen, a fresh database matches db/schema.ts on both
 * dialects, and a database the version before migrated (in the order its migrations landed) upgrades to exactly
 * the schema of a fresh one, keeping its rows.
 */

const FOLDER = path.resolve(import.meta.dirname, '../src/db/migrations');
const NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*$/;
const files = readdirSync(FOLDER)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.slice(0, -'.ts'.length))
  .sort();

describe('migration files', () => {
  it('are named NNN-words, numbered from 001 with no gap or repeat, and index.ts lists exactly them in order', async () => {
    for (const name of files) expect(name, `${name}.ts is not named NNN-words`).toMatch(NAME);
    expect(files.map((f) => Number(NAME.exec(f)?.[1]))).toEqual(files.map((_, i) => i + 1));
    expect(Object.keys(migrations)).toEqual(files);
    for (const name of files) {
      const module = (await import(path.join(FOLDER, `${name}.ts`))) as { up: unknown };
      expect(migrations[name]!.up, `index.ts lists ${name} with another file's code`).toBe(module.up);
    }
  });

  it('import only kysely and Node’s own modules (frozen: no live code of the app)', () => {
    for (const name of files) {
      const imports = ts
        .preProcessFile(readFileSync(path.join(FOLDER, `${name}.ts`), 'utf8'), true, true)
        .importedFiles.map((f) => f.fileName);
      const foreign = imports.filter((i) => i !== 'kysely' && !i.startsWith('node:'));
      expect(foreign, `${name}.ts imports ${foreign.join(', ')}`).toEqual([]);
    }
  });

  it('map each former name to one migration', () => {
    const current = Object.values(FORMER_NAMES);
    expect(new Set(current).size).toBe(current.length);
    for (const name of current) expect(Object.keys(migrations)).toContain(name);
  });
});

/** Tables and columns a database has that db/schema.ts leaves out on purpose. */
const NOT_IN_SCHEMA_TS: Record<Dialect, { tables: RegExp; columns: string[] }> = {
  // Kysely's bookkeeping; SQLite's full-text index (an FTS5 table, its shadow tables, and the documents it indexes),
  // which only triggers write and catalogue/search.ts reads through its own SQL.
  sqlite: { tables: /^(kysely_migration(_lock)?|product_search(_\w+)?)$/, columns: [] },
  // PostgreSQL's full-text index is a column of products, kept by a trigger and read by catalogue/search.ts's SQL.
  postgres: { tables: /^kysely_migration(_lock)?$/, columns: ['products.search_vector'] },
};

/**
 * Where the database is looser than db/schema.ts, and why the schema may still say "never null". Each must still
 * hold (the test fails when one is no longer needed, so the list cannot go stale).
 */
const LOOSER_IN_DATABASE: Record<Dialect, Record<string, string>> = {
  sqlite: {
    // SQLite cannot add NOT NULL to a column of an existing table; migration 010 gave every order one.
    'orders.reference': 'the app writes a reference with every order',
    'sessions.public_id':
      'the app writes a public id with every session (migration 006 gave old ones theirs)',
  },
  postgres: {
    'sessions.public_id':
      'the app writes a public id with every session (migration 006 gave old ones theirs)',
  },
};

const KINDS: Record<string, 'string' | 'number' | 'bytes'> = {
  text: 'string',
  integer: 'number',
  real: 'number',
  blob: 'bytes',
  bytea: 'bytes',
};

/** What differs between the database's tables and db/schema.ts, as sentences (none when they match). */
function differences(structure: DatabaseStructure, declared: DeclaredSchema, dialect: Dialect): string[] {
  const found: string[] = [];
  const looser = new Set<string>();
  const ignored = NOT_IN_SCHEMA_TS[dialect];
  const byTable = new Map<string, ColumnInfo[]>();
  for (const column of structure.columns) {
    if (ignored.tables.test(column.table)) continue;
    byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
  }
  for (const table of new Set([...byTable.keys(), ...Object.keys(declared)])) {
    const columns = byTable.get(table);
    const types = declared[table];
    if (!columns) {
      found.push(`schema.ts has table ${table}, the database has not`);
      continue;
    }
    if (!types) {
      found.push(`the database has table ${table}, schema.ts has not`);
      continue;
    }
    for (const name of new Set([...columns.map((c) => c.name), ...Object.keys(types)])) {
      const where = `${table}.${name}`;
      const column = columns.find((c) => c.name === name);
      const type = types[name];
      if (!column) found.push(`schema.ts has column ${where}, the database has not`);
      else if (!type) {
        if (!ignored.columns.includes(where))
          found.push(`the database has column ${where}, schema.ts has not`);
      } else {
        if (KINDS[column.type] !== type.kind)
          found.push(`${where} is ${column.type} but schema.ts says ${type.kind}`);
        // SQLite lets a non-integer primary key hold NULL (a historical quirk); every key here is always written.
        const nullable = !column.notNull && !column.primaryKey;
        if (nullable && !type.nullable) {
          if (LOOSER_IN_DATABASE[dialect][where]) looser.add(where);
          else found.push(`${where} may be NULL in the database but schema.ts says it never is`);
        }
        if (!nullable && type.nullable)
          found.push(`${where} is NOT NULL in the database but schema.ts allows null`);
        if (type.generated && column.default === null) {
          found.push(`${where} is Generated<> in schema.ts but has no default in the database`);
        }
      }
    }
  }
  for (const where of Object.keys(LOOSER_IN_DATABASE[dialect])) {
    if (!looser.has(where)) found.push(`${where} is no longer looser in the database: take it off the list`);
  }
  return found;
}

const declared = readDeclaredSchema();

for (const dialect of DIALECTS) {
  const pgUrl = inject('pgUrl');
  (dialect === 'postgres' && !pgUrl ? describe.skip : describe)(`migrations [${dialect}]`, () => {
    let fresh: TestDatabase;
    let freshStructure: DatabaseStructure;
    beforeAll(async () => {
      fresh = await createTestDatabase(dialect, pgUrl);
      freshStructure = await describeDatabase(fresh.db, dialect, fresh.pgSchema);
    });
    afterAll(async () => {
      await fresh.destroy();
    });

    it('give a fresh database exactly the tables, columns, types and nullability of db/schema.ts', () => {
      expect(differences(freshStructure, declared, dialect)).toEqual([]);
    });

    it('record every migration, in the order of their names', async () => {
      expect(await appliedInOrder(fresh.db, fresh.pgSchema)).toEqual(Object.keys(migrations));
    });

    for (const stage of ['all', 'before-pictures'] as LandedStage[]) {
      it(`upgrade a database the feature-numbered version migrated (${stage}) to the fresh schema, keeping its rows`, async () => {
        const landed = await openLandedDatabase(dialect, stage, pgUrl);
        try {
          const former = (await appliedInOrder(landed.db, landed.pgSchema)).filter((n) => n in FORMER_NAMES);
          // It applied them in the order they landed, which is not the order of their names.
          expect(former).not.toEqual([...former].sort());
          await migrateTestDatabase(landed.db);
          expect(await appliedInOrder(landed.db, landed.pgSchema)).toEqual(Object.keys(migrations));
          expect(await describeDatabase(landed.db, dialect, landed.pgSchema)).toEqual(freshStructure);
          const db = landed.db;
          expect(await db.selectFrom('orders').select(['id', 'reference', 'total_amount']).execute()).toEqual(
            [{ id: 'o1', reference: 'K7HX9QC', total_amount: 1400 }],
          );
          expect(await db.selectFrom('payments').select(['receipt', 'order_id']).execute()).toEqual([
            { receipt: 'SLG1ABC2DE', order_id: 'o1' },
          ]);
          expect(await db.selectFrom('products').select(['name', 'stock', 'rating']).execute()).toEqual([
            { name: 'Shea Butter', stock: 7, rating: 5 },
          ]);
          expect((await db.selectFrom('reviews').selectAll().execute()).length).toBe(1);
          const pictures = await db.selectFrom('image_blobs').select('width').orderBy('width').execute();
          expect(pictures.map((p) => p.width)).toEqual(stage === 'all' ? [320, 640, 1200] : []);
          expect(await migrateTestDatabase(landed.db)).toEqual([]);
        } finally {
          await landed.destroy();
        }
      });
    }

    // SQLite serves one process (docs/runbooks/scale-out.md); its BEGIN IMMEDIATE is what keeps two apart.
    (dialect === 'postgres' ? it : it.skip)(
      'upgrade a landed database once when two processes start on it at once',
      async () => {
        const landed = await openLandedDatabase(dialect, 'all', pgUrl);
        const second = openDatabase({
          databaseUrl: landed.databaseUrl,
          dataDir: landed.dataDir,
          pgSchema: landed.pgSchema,
        });
        try {
          await Promise.all([migrateTestDatabase(landed.db), migrateTestDatabase(second.db)]);
          expect(await appliedInOrder(landed.db, landed.pgSchema)).toEqual(Object.keys(migrations));
        } finally {
          await second.close();
          await landed.destroy();
        }
      },
    );

    it('refuse a database that applied a migration this version does not know, or applied them out of order', async () => {
      const db = await createTestDatabase(dialect, pgUrl);
      try {
        const table = bookkeeping(db.db, db.pgSchema);
        await table
          .insertInto('kysely_migration')
          .values({ name: '999-from-a-newer-version', timestamp: new Date().toISOString() })
          .execute();
        await expect(migrateToLatest(db.db)).rejects.toThrow(
          /migrated by a newer version of the shop \(it has applied 999-from-a-newer-version/,
        );
        await table
          .deleteFrom('kysely_migration')
          .where('name', 'in', ['999-from-a-newer-version', '005-auth-tokens'])
          .execute();
        await expect(migrateToLatest(db.db)).rejects.toThrow(
          /Database migrations refused: corrupted migrations/,
        );
      } finally {
        await db.destroy();
      }
    });
  });
}

interface Bookkeeping {
  kysely_migration: { name: string; timestamp: string };
}

function bookkeeping<DB>(db: Kysely<DB>, pgSchema: string | undefined): Kysely<Bookkeeping> {
  const typed = db as unknown as Kysely<Bookkeeping>;
  return pgSchema ? typed.withSchema(pgSchema) : typed;
}

/** The applied migrations in the order Kysely reads them: by time, then by name. */
async function appliedInOrder<DB>(db: Kysely<DB>, pgSchema: string | undefined): Promise<string[]> {
  const rows = await bookkeeping(db, pgSchema).selectFrom('kysely_migration').selectAll().execute();
  return rows
    .sort(
      (a, b) => a.timestamp.localeCompare(b.timestamp) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    .map((r) => r.name);
}
