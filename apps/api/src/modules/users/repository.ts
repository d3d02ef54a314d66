import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { toCount } from '../../db/sql-values';

export type UserRow = Selectable<UsersTable>;
type Db = Kysely<Database> | Transaction<Database>;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function insertUser(db: Db, row: UserRow): Promise<UserRow> {
  await db.insertInto('users').values(row).execute();
  return row;
}

/** One page of users, newest first, and how many there are. */
export async function listUsers(
  db: Db,
  page: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: toCount(count.n as string | number) };
}
