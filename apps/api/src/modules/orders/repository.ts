import { type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AdminOrderFilter } from '@urembo/contract/dashboard';
import type { Database, DeliveryStatus, OrderItemsTable, OrdersTable, PaymentStatus } from '../../db/schema';
import { toCount } from '../../db/sql-values';
import { giveBackStock, giveBackVariantStock } from '../catalogue';

export type Db = Kysely<Database> | Transaction<Database>;

export type OrderRow = Selectable<OrdersTable> & {
  user_full_name: string;
  /** Sums of its payments (sql sums: a string on PostgreSQL; read with toCount). */
  paid_amount: number | string | null;
  refunded_amount: number | string | null;
};
export type OrderItemRow = Selectable<OrderItemsTable>;

/* ---- orders ---- */

export async function findOrderIdByIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertOrder(db: Db, row: Selectable<OrdersTable>): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

export async function insertOrderItems(db: Db, rows: Selectable<OrderItemsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('order_items').values(rows).execute();
}

function ordersWithUser(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select('users.full_name as user_full_name')
    .select((eb) => [
      eb
        .selectFrom('payments')
        .select((p) => p.fn.sum<number | string | null>('payments.amount').as('n'))
        .whereRef('payments.order_id', '=', 'orders.id')
        .where(countsTowardOrder)
        .as('paid_amount'),
      eb
        .selectFrom('payments')
        .select((p) => p.fn.sum<number | string | null>('payments.refunded_amount').as('n'))
        .whereRef('payments.order_id', '=', 'orders.id')
        .as('refunded_amount'),
    ]);
}

export function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return ordersWithUser(db).where('orders.id', '=', id).executeTakeFirst();
}

/**
 * A customer's orders, newest first; with a status, those whose payment OR delivery status equals it; with
 * `awaiting`, those waiting for payment or for delivery (the admin table's definition).
 */
export function listUserOrders(
  db: Db,
  userId: string,
  status?: string,
  awaiting?: AdminOrderFilter,
): Promise<OrderRow[]> {
  let query = ordersWithUser(db).where('orders.user_id', '=', userId);
  if (awaiting) query = query.where(awaitingFilter(awaiting));
  if (status) {
    query = query.where((eb) =>
      eb.or([
        eb('orders.payment_status', '=', status as PaymentStatus),
        eb('orders.delivery_status', '=', status as DeliveryStatus),
      ]),
    );
  }
  return query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').execute();
}

/**
 * The admin table's filters, the dashboard's counts of them and the customer's order tabs (the one definition):
 * awaiting payment = neither paid nor refunded, and not cancelled; awaiting delivery = paid and neither delivered nor
 * cancelled.
 */
function awaitingFilter(awaiting: AdminOrderFilter) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    awaiting === 'payment'
      ? eb.and([
          eb('orders.payment_status', 'not in', ['paid', 'refunded']),
          eb('orders.delivery_status', '<>', 'cancelled'),
        ])
      : eb.and([
          eb('orders.payment_status', '=', 'paid'),
          eb('orders.delivery_status', 'not in', ['delivered', 'cancelled']),
        ]);
}

export async function countOrders(db: Db, awaiting?: AdminOrderFilter): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .$if(awaiting !== undefined, (q) => q.where(awaitingFilter(awaiting!)))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

/** How many orders each of the admin table's `awaiting` filters holds: the owner's dashboard shows these. */
export async function countAwaitingOrders(
  db: Db,
): Promise<{ awaitingPayment: number; awaitingDelivery: number }> {
  const [awaitingPayment, awaitingDelivery] = await Promise.all([
    countOrders(db, 'payment'),
    countOrders(db, 'delivery'),
  ]);
  return { awaitingPayment, awaitingDelivery };
}

export function listOrdersPage(
  db: Db,
  offset: number,
  limit: number,
  awaiting?: AdminOrderFilter,
): Promise<OrderRow[]> {
  return ordersWithUser(db)
    .$if(awaiting !== undefined, (q) => q.where(awaitingFilter(awaiting!)))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function listOrderItemsOf(db: Db, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
}

/**
 * Sets both statuses, only if they are still what the caller read (so two admins, or an admin and a payment
 * callback, cannot silently overwrite each other). Answers whether the row changed.
 */
export async function updateOrderStatuses(
  db: Db,
  id: string,
  from: { paymentStatus: PaymentStatus; deliveryStatus: DeliveryStatus },
  to: { paymentStatus: PaymentStatus; deliveryStatus: DeliveryStatus },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      payment_status: to.paymentStatus,
      delivery_status: to.deliveryStatus,
      updated_at: now,
      // The return window counts from delivery.
      ...(to.deliveryStatus === 'delivered' && from.deliveryStatus !== 'delivered'
        ? { delivered_at: now }
        : {}),
    })
    .where('id', '=', id)
    .where('payment_status', '=', from.paymentStatus)
    .where('delivery_status', '=', from.deliveryStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/* ---- ordered items (admin) ---- */

export interface OrderItemListRow extends OrderItemRow {
  user_full_name: string;
  user_email: string | null;
  user_phone: string;
  payment_status: PaymentStatus;
  delivery_status: DeliveryStatus;
  order_reference: string;
}

export async function countOrderItems(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_items')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return toCount(row.n as string | number);
}

export function listOrderItemsPage(db: Db, offset: number, limit: number): Promise<OrderItemListRow[]> {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('order_items')
    .select([
      'users.full_name as user_full_name',
      'users.email as user_email',
      'users.phone as user_phone',
      'orders.payment_status as payment_status',
      'orders.delivery_status as delivery_status',
      'orders.reference as order_reference',
    ])
    .orderBy('order_items.created_at', 'desc')
    .orderBy('order_items.order_id', 'desc')
    .orderBy('order_items.position', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/* ---- stock ---- */

export async function setStockTaken(db: Db, orderItemId: string, count: number): Promise<void> {
  await db.updateTable('order_items').set({ stock_taken: count }).where('id', '=', orderItemId).execute();
}

/**
 * Gives back what each of the order's lines took (to products that still track stock) and marks the lines as
 * having nothing taken. Call it only in the transaction that moved the order into "cancelled".
 */
export async function returnOrderStock(db: Db, orderId: string): Promise<void> {
  const lines = await db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'variant_id', 'stock_taken'])
    .where('order_id', '=', orderId)
    .where('stock_taken', '>', 0)
    .orderBy('product_id')
    .orderBy('variant_id')
    .execute();
  for (const line of lines) {
    if (line.variant_id) {
      await giveBackVariantStock(db, line.variant_id, line.stock_taken);
    } else if (line.product_id) {
      await giveBackStock(db, line.product_id, line.stock_taken);
    }
    await db.updateTable('order_items').set({ stock_taken: 0 }).where('id', '=', line.id).execute();
  }
}

/**
 * THE definition of a payment that counts towards its order: its ledger state is completed (payments/ledger.ts).
 * Settlement adds these up (`completedTotal`), and the unpaid-order sweep keeps an order that has one; a held payment
 * does neither (on an order the sweep cancelled it is money to give back, which the payments table shows).
 */
export function countsTowardOrder(eb: ExpressionBuilder<Database, 'payments'>) {
  return eb('payments.state', '=', 'completed');
}

/** A condition on `orders`: no payment that counts towards the order is recorded (a partly paid order is kept). */
export function hasNoCompletedPayment(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('payments')
        .select('payments.id')
        .whereRef('payments.order_id', '=', 'orders.id')
        .where(countsTowardOrder),
    ),
  );
}

/**
 * A condition on `orders`: no money is on its way to the order: no payment still pending (a typed receipt being
 * checked) and no M-Pesa prompt sent since `promptsSince` (its customer may be entering the PIN).
 */
export function hasNoPaymentInFlight(promptsSince: string) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and([
      eb.not(
        eb.exists(
          eb
            .selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.order_id', '=', 'orders.id')
            .where('payments.state', '=', 'pending'),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('stk_requests')
            .select('stk_requests.id')
            .whereRef('stk_requests.order_id', '=', 'orders.id')
            .where('stk_requests.created_at', '>=', promptsSince),
        ),
      ),
    ]);
}

/**
 * Unpaid orders whose delivery has not started, placed before `before` (oldest first): the hold has run out. Orders
 * with money in flight (`hasNoPaymentInFlight`) are kept.
 */
export async function listExpiredUnpaidOrders(
  db: Db,
  before: string,
  promptsSince: string,
  limit: number,
): Promise<Pick<OrderRow, 'id' | 'payment_status' | 'delivery_status'>[]> {
  return db
    .selectFrom('orders')
    .select(['id', 'payment_status', 'delivery_status'])
    .where('created_at', '<', before)
    .where('payment_status', 'not in', ['paid', 'refunded'])
    .where('delivery_status', '=', 'pending')
    .where(hasNoCompletedPayment)
    .where(hasNoPaymentInFlight(promptsSince))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}
