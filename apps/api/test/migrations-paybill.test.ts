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
import { REFERENCE_ALPHABET } from '../src/modules/orders/reference';

/*
 * Migrations 010 (order references) and 013 (paybill) on a database that already holds orders and payments (a shop
 * upgrading): every order gets a unique reference, payments keep every row and column, and a payment may then have
 * no order.
 */

for (const dialect of ['sqlite', 'postgres'] as Dialect[]) {
  const pgUrl = inject('pgUrl');
  (dialect === 'postgres' && !pgUrl ? describe.skip : describe)(
    `paybill migrations upgrade [${dialect}]`,
    () => {
      it('gives existing orders references and keeps existing payments', async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-upgrade-'));
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
          expect((await old.migrateTo('009-product-stock')).error).toBeUndefined();
          const now = new Date().toISOString();
          await sql`insert into users (id, full_name, email, phone, password_hash, role, is_email_verified,
          is_phone_verified, last_login, created_at, updated_at)
          values ('u1', 'Amina', null, '254712345678', 'x', 'customer', 0, 1, null, ${now}, ${now})`.execute(
            db,
          );
          for (const id of ['o1', 'o2', 'o3']) {
            await sql`insert into orders (id, user_id, name, email, phone, country, county, town, location, location_id,
            subtotal, shipping_fee, total_amount, payment_status, delivery_status, idempotency_key, created_at,
            updated_at) values (${id}, 'u1', 'Amina', null, '254712345678', 'Kenya', 'Nairobi', 'Westlands', 'Sarit',
            null, 900, 100, 1000, 'paid', 'pending', null, ${now}, ${now})`.execute(db);
          }
          expect((await old.migrateTo('012-payments')).error).toBeUndefined();
          await sql`insert into payments (id, source, order_id, user_id, stk_request_id, full_name, amount, channel,
          receipt, phone, status, flag, created_at, updated_at) values ('p1', 'user-mpesa-form', 'o1', 'u1', null,
          'Amina', 1000, 'M-Pesa', 'NLJ7RT61SV', '254712345678', 1, null, ${now}, ${now})`.execute(db);

          expect(await migrateTestDatabase(db)).toEqual(expect.arrayContaining(['013-paybill']));

          const orders = await db.selectFrom('orders').select(['id', 'reference']).execute();
          const refs = orders.map((o) => o.reference);
          expect(new Set(refs).size).toBe(3);
          for (const ref of refs) expect(ref).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{7}$`));
          expect(await db.selectFrom('payments').selectAll().execute()).toEqual([
            expect.objectContaining({
              id: 'p1',
              order_id: 'o1',
              receipt: 'NLJ7RT61SV',
              amount: 1000,
              status: 1,
              state: 'completed',
              account: null,
            }),
          ]);
          // An unmatched paybill payment (no order) can now be stored; the receipt stays unique.
          const row = {
            source: 'mpesa-c2b' as const,
            order_id: null,
            user_id: null,
            stk_request_id: null,
            full_name: 'X',
            amount: 5,
            channel: 'M-Pesa Paybill',
            phone: null,
            status: 1,
            flag: null,
            state: 'completed' as const,
            hold_reason: null,
            created_at: now,
            updated_at: now,
            account: 'nope',
            note: null,
            verification: null,
            status_query_id: null,
          };
          await db
            .insertInto('payments')
            .values({ ...row, id: 'p2', receipt: 'QWE1234567' })
            .execute();
          await expect(
            db
              .insertInto('payments')
              .values({ ...row, id: 'p3', receipt: 'NLJ7RT61SV' })
              .execute(),
          ).rejects.toThrow();
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
