import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../src/db/database';

/** One column as the database itself describes it. */
export interface ColumnInfo {
  table: string;
  name: string;
  /** The declared type, lower case: text, integer, real, blob (SQLite); text, integer, real, bytea, tsvector... */
  type: string;
  notNull: boolean;
  /** Its default expression, or null. */
  default: string | null;
  primaryKey: boolean;
}

/** Everything that makes up a schema, each part as sorted, comparable lines. */
export interface DatabaseStructure {
  columns: ColumnInfo[];
  indexes: string[];
  constraints: string[];
  triggers: string[];
  functions: string[];
}

/** Reads the structure of a database (PostgreSQL: of one schema) from its own catalogue. */
export async function describeDatabase<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  pgSchema?: string,
): Promise<DatabaseStructure> {
  const any = db as unknown as Kysely<unknown>;
  return dialect === 'sqlite' ? describeSqlite(any) : describePostgres(any, pgSchema ?? 'public');
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

async function describeSqlite(db: Kysely<unknown>): Promise<DatabaseStructure> {
  const objects = (
    await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
      select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by name`.execute(
      db,
    )
  ).rows;
  const columns: ColumnInfo[] = [];
  const indexes: string[] = [];
  const constraints: string[] = [];
  for (const table of objects.filter((o) => o.type === 'table')) {
    const info = (
      await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
        select * from pragma_table_xinfo(${table.name})`.execute(db)
    ).rows;
    for (const c of info) {
      columns.push({
        table: table.name,
        name: c.name,
        type: c.type.toLowerCase(),
        notNull: c.notnull === 1,
        default: c.dflt_value,
        primaryKey: c.pk > 0,
      });
    }
    const list = (
      await sql<{ name: string; unique: number; origin: string; partial: number }>`
        select * from pragma_index_list(${table.name})`.execute(db)
    ).rows;
    for (const index of list) {
      const cols = (
        await sql<{
          name: string | null;
        }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db)
      ).rows.map((r) => r.name ?? '<expression>');
      const named = index.origin === 'c' ? ` ${index.name}` : '';
      const where = objects.find((o) => o.name === index.name)?.sql?.match(/\swhere\s(.*)$/is)?.[1];
      indexes.push(
        `${table.name}:${named} ${index.unique ? 'unique ' : ''}(${cols.join(', ')}) from ${index.origin}` +
          (index.partial && where ? ` where ${squeeze(where)}` : ''),
      );
    }
    const keys = (
      await sql<{ from: string; table: string; to: string; on_delete: string; on_update: string }>`
        select * from pragma_foreign_key_list(${table.name})`.execute(db)
    ).rows;
    for (const k of keys) {
      constraints.push(
        `${table.name}.${k.from} references ${k.table}.${k.to} on delete ${k.on_delete.toLowerCase()}`,
      );
    }
    for (const check of checksIn(table.sql ?? '')) constraints.push(`${table.name}: check ${check}`);
  }
  const triggers = objects
    .filter((o) => o.type === 'trigger')
    .map((o) => `${o.tbl_name}: ${squeeze(o.sql ?? '')}`);
  return {
    columns: sortColumns(columns),
    indexes: indexes.sort(),
    constraints: constraints.sort(),
    triggers: triggers.sort(),
    functions: [],
  };
}

/** The CHECK (...) expressions of a CREATE TABLE statement, parentheses balanced. */
function checksIn(createTable: string): string[] {
  const found: string[] = [];
  const pattern = /\bcheck\s*\(/gi;
  for (let match = pattern.exec(createTable); match; match = pattern.exec(createTable)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    while (i < createTable.length && depth > 0) {
      if (createTable[i] === '(') depth += 1;
      if (createTable[i] === ')') depth -= 1;
      i += 1;
    }
    found.push(squeeze(createTable.slice(start, i - 1)));
  }
  return found;
}

async function describePostgres(db: Kysely<unknown>, schema: string): Promise<DatabaseStructure> {
  const local = (text: string) => text.replaceAll(`${schema}.`, '').replaceAll(`'${schema}'`, "'<schema>'");
  const columnRows = (
    await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = ${schema}`.execute(db)
  ).rows;
  const primaryKeys = new Set(
    (
      await sql<{ table_name: string; column_name: string }>`
        select k.table_name, k.column_name from information_schema.table_constraints c
        join information_schema.key_column_usage k on k.constraint_name = c.constraint_name
          and k.constraint_schema = c.constraint_schema and k.table_name = c.table_name
        where c.constraint_type = 'PRIMARY KEY' and c.table_schema = ${schema}`.execute(db)
    ).rows.map((r) => `${r.table_name}.${r.column_name}`),
  );
  const columns = columnRows.map((c) => ({
    table: c.table_name,
    name: c.column_name,
    type: c.data_type.toLowerCase(),
    notNull: c.is_nullable === 'NO',
    default: c.column_default,
    primaryKey: primaryKeys.has(`${c.table_name}.${c.column_name}`),
  }));
  const indexes = (
    await sql<{ tablename: string; indexdef: string }>`
      select tablename, indexdef from pg_indexes where schemaname = ${schema}`.execute(db)
  ).rows.map((r) => `${r.tablename}: ${local(r.indexdef)}`);
  const constraints = (
    await sql<{ relname: string; conname: string; def: string }>`
      select t.relname, c.conname, pg_get_constraintdef(c.oid) as def from pg_constraint c
      join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = c.connamespace
      where n.nspname = ${schema}`.execute(db)
  ).rows.map((r) => `${r.relname}: ${r.conname} ${local(r.def)}`);
  const triggers = (
    await sql<{
      event_object_table: string;
      trigger_name: string;
      action_timing: string;
      event_manipulation: string;
      action_statement: string;
    }>`
      select event_object_table, trigger_name, action_timing, event_manipulation, action_statement
      from information_schema.triggers where trigger_schema = ${schema}`.execute(db)
  ).rows.map(
    (r) =>
      `${r.event_object_table}: ${r.trigger_name} ${r.action_timing} ${r.event_manipulation} ${local(r.action_statement)}`,
  );
  const functions = (
    await sql<{ def: string }>`
      select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema}`.execute(db)
  ).rows.map((r) => squeeze(local(r.def)));
  return {
    columns: sortColumns(columns),
    indexes: indexes.sort(),
    constraints: constraints.sort(),
    triggers: triggers.sort(),
    functions: functions.sort(),
  };
}

function sortColumns(columns: ColumnInfo[]): ColumnInfo[] {
  return columns.sort((a, b) => `${a.table}.${a.name}`.localeCompare(`${b.table}.${b.name}`));
}
