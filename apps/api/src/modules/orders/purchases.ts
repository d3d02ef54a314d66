import type { Db } from './repository';

/*
 * What a customer bought, for other modules (reviews: whose order it is, what is in it, the verified-buyer rule).
 * They ask these instead of reading the orders tables.
 */

/** The customer an order belongs to (undefined for no such order). */
export async function orderOwnerId(db: Db, orderId: string): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
  return row?.user_id;
}

/** The products an order has lines for (lines of a product since deleted are left out). */
export async function productIdsOfOrder(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('order_items')
    .select('product_id')
    .where('order_id', '=', orderId)
    .where('product_id', 'is not', null)
    .execute();
  return rows.map((r) => r.product_id!);
}

/** Whether the customer has a PAID order with a line for that product (the verified-buyer rule). */
export async function hasPaidOrderWithProduct(db: Db, userId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select('order_items.id')
    .where('orders.user_id', '=', userId)
    .where('orders.payment_status', '=', 'paid')
    .where('order_items.product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
