import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';

export type AdminBootstrapResult = 'created' | 'updated' | 'unchanged';

/**
 * Creates or updates the admin named by ADMIN_PHONE / ADMIN_EMAIL / ADMIN_PASSWORD. Idempotent: the account is found
 * by phone (else by email), made an admin, given that email and password; a restart with the same values changes
 * nothing.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  admin: NonNullable<Config['admin']>,
): Promise<AdminBootstrapResult> {
  return db.transaction().execute(async (trx) => {
    const byPhone = await trx
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', admin.phone)
      .executeTakeFirst();
    const existing =
      byPhone ??
      (admin.email
        ? await trx.selectFrom('users').selectAll().where('email', '=', admin.email).executeTakeFirst()
        : undefined);
    const now = nowIso();
    if (!existing) {
      await trx
        .insertInto('users')
        .values({
          id: newId(),
          full_name: 'Shop Admin',
          email: admin.email ?? null,
          phone: admin.phone,
          password_hash: await hashPassword(admin.password),
          role: 'admin',
          is_email_verified: admin.email ? 1 : 0,
          is_phone_verified: 1,
          last_login: null,
          created_at: now,
          updated_at: now,
          language: 'en',
          deleted_at: null,
        })
        .execute();
      return 'created';
    }
    const samePassword = await verifyPassword(admin.password, existing.password_hash);
    const emailMatches = admin.email === undefined || existing.email === admin.email;
    if (existing.role === 'admin' && existing.phone === admin.phone && emailMatches && samePassword) {
      return 'unchanged';
    }
    if (admin.email && existing.email !== admin.email) {
      // Another account holding that email keeps it: refuse rather than silently steal it.
      const other = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', admin.email)
        .where('id', '!=', existing.id)
        .executeTakeFirst();
      if (other) throw new Error(`ADMIN_EMAIL: ${admin.email} already belongs to another account`);
    }
    await trx
      .updateTable('users')
      .set({
        role: 'admin',
        phone: admin.phone,
        ...(admin.email ? { email: admin.email, is_email_verified: 1 } : {}),
        ...(samePassword ? {} : { password_hash: await hashPassword(admin.password) }),
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
    if (!samePassword) await trx.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
    return 'updated';
  });
}
