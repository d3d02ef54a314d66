import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, DiscountsTable } from '../../db/schema';

export type Db = Kysely<Database> | Transaction<Database>;
export type DiscountRow = Selectable<DiscountsTable>;

export function listDiscountRows(db: Db): Promise<DiscountRow[]> {
  return db.selectFrom('discounts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findDiscountById(db: Db, id: string): Promise<DiscountRow | undefined> {
  return db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The code ignoring case (the unique index is on lower(code)). */
export function findDiscountByCode(db: Db, code: string): Promise<DiscountRow | undefined> {
  return db
    .selectFrom('discounts')
    .selectAll()
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
}

export async function insertDiscount(db: Db, row: DiscountRow): Promise<void> {
  await db.insertInto('discounts').values(row).execute();
}

export async function updateDiscountRow(
  db: Db,
  id: string,
  changes: Partial<Omit<DiscountRow, 'id' | 'used' | 'created_at'>>,
): Promise<boolean> {
  const result = await db.updateTable('discounts').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteDiscountRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('discounts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the customer has an order with this code that still counts (not cancelled). */
export async function hasCountedUse(db: Db, discountId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('discount_uses')
    .select('id')
    .where('discount_id', '=', discountId)
    .where('user_id', '=', userId)
    .where('counted', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts one more use, only while uses are left: one conditional update, whose row lock (PostgreSQL) or single
 * writer (SQLite) makes concurrent orders take turns. Answers whether a use was left.
 */
export async function countOneUse(db: Db, discountId: string): Promise<boolean> {
  const result = await db
    .updateTable('discounts')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('id', '=', discountId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertUse(
  db: Db,
  row: { id: string; discount_id: string; user_id: string; order_id: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('discount_uses')
    .values({ ...row, counted: 1 })
    .execute();
}

/** The order's use of a code, if it has one (and its code still exists). */
export function findUseOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('discount_uses')
    .innerJoin('discounts', 'discounts.id', 'discount_uses.discount_id')
    .select(['discount_uses.id', 'discount_uses.discount_id', 'discount_uses.counted', 'discounts.code'])
    .where('discount_uses.order_id', '=', orderId)
    .executeTakeFirst();
}

/** Marks the use as counting (1) or given back (0), only if it is not already: answers whether it changed. */
export async function setUseCounted(db: Db, useId: string, counted: 0 | 1): Promise<boolean> {
  const result = await db
    .updateTable('discount_uses')
    .set({ counted })
    .where('id', '=', useId)
    .where('counted', '=', counted === 1 ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function uncountOneUse(db: Db, discountId: string): Promise<void> {
  await db
    .updateTable('discounts')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('id', '=', discountId)
    .where('used', '>', 0)
    .execute();
}
