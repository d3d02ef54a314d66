import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AddressesTable, Database } from '../../db/schema';

export type AddressRow = Selectable<AddressesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** A customer's addresses: the default first, then in the order they were added. */
export function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findAddress(db: Db, id: string): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(db: Db, row: AddressRow): Promise<void> {
  await db.insertInto('addresses').values(row).execute();
}

export async function updateAddress(
  db: Db,
  id: string,
  changes: Omit<AddressRow, 'id' | 'user_id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('addresses').set(changes).where('id', '=', id).execute();
}

export async function deleteAddress(db: Db, id: string): Promise<void> {
  await db.deleteFrom('addresses').where('id', '=', id).execute();
}

/** Clears the default flag on the customer's other addresses. */
export async function clearOtherDefaults(
  db: Db,
  userId: string,
  exceptId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ is_default: 0, updated_at: at })
    .where('user_id', '=', userId)
    .where('id', '!=', exceptId)
    .where('is_default', '=', 1)
    .execute();
}

/** Makes the customer's most recently added address the default (after the default one was deleted). */
export async function promoteNewestToDefault(db: Db, userId: string, at: string): Promise<void> {
  const newest = await db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest) {
    await db
      .updateTable('addresses')
      .set({ is_default: 1, updated_at: at })
      .where('id', '=', newest.id)
      .execute();
  }
}
