import { sql, type Kysely } from 'kysely';
import type { Database, DeliveryStatus, PaymentStatus } from '../../db/schema';
import { toCount } from '../../db/sql-values';

export interface RecentOrderRow {
  created_at: string;
  total_amount: number;
  payment_status: PaymentStatus;
  delivery_status: DeliveryStatus;
}

/** The figures of every order placed since `since` (the dashboard buckets them into Nairobi days). */
export function listOrdersSince(db: Kysely<Database>, since: string): Promise<RecentOrderRow[]> {
  return db
    .selectFrom('orders')
    .select(['created_at', 'total_amount', 'payment_status', 'delivery_status'])
    .where('created_at', '>=', since)
    .execute();
}

/** Products by units in uncancelled orders placed since `since`, most first (named as the catalogue names them now). */
export async function listTopProducts(
  db: Kysely<Database>,
  since: string,
  limit: number,
): Promise<{ _id: string; name: string; count: number }[]> {
  const result = await sql<{ id: string; name: string; units: number | string }>`
    select i.product_id as id, coalesce(max(p.name), max(i.name)) as name, sum(i.count) as units
    from order_items i
    join orders o on o.id = i.order_id
    left join products p on p.id = i.product_id
    where o.created_at >= ${since} and o.delivery_status <> 'cancelled' and i.product_id is not null
    group by i.product_id
    order by units desc, name, id
    limit ${limit}
  `.execute(db);
  return result.rows.map((r) => ({ _id: r.id, name: r.name, count: toCount(r.units) }));
}
