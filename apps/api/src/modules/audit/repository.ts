import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toCount } from '../../db/sql-values';

/** One page of the audit log, newest first, with each admin's current name; and how many entries match. */
export async function listAudit(
  db: Kysely<Database>,
  filter: { entity?: string },
  page: number,
  limit: number,
) {
  let rows = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.admin_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.admin_id',
      'users.full_name as admin_name',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.summary',
    ]);
  let count = db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n'));
  if (filter.entity) {
    rows = rows.where('audit_log.entity', '=', filter.entity);
    count = count.where('entity', '=', filter.entity);
  }
  const [found, total] = await Promise.all([
    rows
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: found, total: toCount(total.n as string | number) };
}
