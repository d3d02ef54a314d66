import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Dialect } from '../src/db/database';
import { migrateTestDatabase } from './support/test-db';
import { migrations } from '../src/db/migrations';

/*
 * Migration 022 (the payment ledger) on a shop's payments: each row's former status and flag become one state and,
 * for held money, its reason; `status` stays true exactly when the state is completed.
 */

const ROWS: [id: string, status: number, flag: string | null, state: string, hold: string | null][] = [
  ['done', 1, null, 'completed', null],
  ['waiting', 0, null, 'pending', null],
  ['refund', 1, 'refund', 'held', 'order-not-payable'],
  ['mismatch', 0, 'amount-mismatch', 'held', 'order-not-payable'],
  ['conflict', 0, 'conflict', 'held', 'receipt-reused'],
  ['duplicate', 0, 'duplicate', 'failed', null],
];

for (const dialect of ['sqlite', 'postgres'] as Dialect[]) {
  const pgUrl = inject('pgUrl');
  (dialect === 'postgres' && !pgUrl ? describe.skip : describe)(
    `payment ledger migration [${dialect}]`,
    () => {
      it('moves every payment’s status and flag into its state', async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-ledger-'));
        const pgSchema = dialect === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
        if (pgSchema) {
          const client = new pg.Client({ connectionString: pgUrl! });
          await client.connect();
          await client.query(`create schema ${pgSchema}`);
          await client.end();
        }
        const handle = openDatabase({ databaseUrl: pgSchema ? pgUrl! : undefined, dataDir, pgSchema });
        try {
          const db = handle.db;
          const schema = pgSchema
            ? {
                migrationTableSchema: (await sql<{ s: string }>`select current_schema() as s`.execute(db))
                  .rows[0]!.s,
              }
            : {};
          const old = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...schema });
          expect((await old.migrateTo('021-place-switches')).error).toBeUndefined();
          const now = new Date().toISOString();
          for (const [id, status, flag] of ROWS) {
            await sql`insert into payments (id, source, order_id, user_id, stk_request_id, full_name, amount, channel,
          receipt, phone, status, flag, created_at, updated_at) values (${id}, 'mpesa-c2b', null, null, null,
          'Amina', 1000, 'M-Pesa', ${`R${id.toUpperCase()}`.slice(0, 10)}, null, ${status}, ${flag}, ${now},
          ${now})`.execute(db);
          }
          expect(await migrateTestDatabase(db)).toEqual(expect.arrayContaining(['022-payment-ledger']));
          const rows = await db
            .selectFrom('payments')
            .select(['id', 'status', 'state', 'hold_reason', 'refunded_amount'])
            .execute();
          for (const [id, , , state, hold] of ROWS) {
            expect(rows.find((r) => r.id === id)).toEqual({
              id,
              status: state === 'completed' ? 1 : 0,
              state,
              hold_reason: hold,
              refunded_amount: 0,
            });
          }
        } finally {
          await handle.close();
          if (pgSchema) {
            const client = new pg.Client({ connectionString: pgUrl! });
            await client.connect();
            await client.query(`drop schema ${pgSchema} cascade`);
            await client.end();
          }
          rmSync(dataDir, { recursive: true, force: true });
        }
      });
    },
  );
}
