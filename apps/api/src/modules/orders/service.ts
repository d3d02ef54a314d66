import type { Kysely } from 'kysely';
import type { Paged } from '@urembo/contract/common';
import type { createOrderBodySchema, Order, OrderItem, OrderQuote } from '@urembo/contract/orders';
import type { OrderStatusFilter } from '@urembo/contract/order-status';
import { normalizeKenyanPhone, PHONE_HINT } from '@urembo/contract/phone';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import type { UserRow } from '../users/repository';
import { toOrderDto, toOrderItemDto } from './dto';
import { deliveryFor, priceItems, toOrderLine } from './pricing';
import {
  countOrderItems,
  countOrders,
  findOrderById,
  findOrderIdByIdempotencyKey,
  insertOrder,
  insertOrderItems,
  isUniqueViolation,
  listOrderItemsOf,
  listOrderItemsPage,
  listOrdersPage,
  listUserOrders,
  subtractFromCart,
  updateOrderStatuses,
  type OrderRow,
} from './repository';
import { deliveryEvent, recordOrderEvent } from './events';
import { newOrderReference } from './reference';
import { recordAdminPayment } from './admin-payment';
import { nextOrderStatuses, type OrderActor, type StatusChange } from './status';

type CreateOrderInput = z.output<typeof createOrderBodySchema>;

export const ORDER_NOT_FOUND = 'Order not found';

async function withItems(db: Kysely<Database>, rows: OrderRow[]): Promise<Order[]> {
  const items = await listOrderItemsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toOrderDto(
      row,
      items.filter((i) => i.order_id === row.id),
    ),
  );
}

export async function loadOrder(db: Kysely<Database>, id: string): Promise<Order | null> {
  const row = await findOrderById(db, id);
  if (!row) return null;
  const [order] = await withItems(db, [row]);
  return order ?? null;
}

/** What the checkout summary shows: the same pricing as order creation, without creating anything. */
export async function quoteOrder(
  db: Kysely<Database>,
  input: {
    items: { _id: string; count: number }[];
    country?: string;
    county?: string;
    town?: string;
    location?: string;
  },
): Promise<OrderQuote> {
  const priced = await priceItems(db, input.items);
  const { country, county, town, location } = input;
  const place = country && county && town && location ? { country, county, town, location } : null;
  const delivery = place ? await deliveryFor(db, place) : null;
  return {
    items: priced.lines.map(toOrderLine),
    subtotal: priced.subtotal,
    shippingFee: delivery ? delivery.shipping_fee : null,
    totalAmount: delivery ? priced.subtotal + delivery.shipping_fee : null,
  };
}

/**
 * Places an order in ONE transaction: prices every line from the catalogue and the delivery fee from the
 * location, writes the order and its line snapshots, and takes the ordered products off the customer's cart.
 * With an idempotency key, a repeat (even a concurrent one: the unique (user_id, idempotency_key) constraint
 * decides) answers the first order with `created: false`.
 */
export async function createOrder(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id'>,
  input: CreateOrderInput,
  idempotencyKey: string | null,
  now: string = nowIso(),
): Promise<{ order: Order; created: boolean }> {
  const phone = normalizeKenyanPhone(input.phone);
  if (!phone) throw badRequest(`phone: ${PHONE_HINT}`, [{ path: 'phone', message: PHONE_HINT }]);

  const firstOrder = async (): Promise<{ order: Order; created: boolean } | null> => {
    if (!idempotencyKey) return null;
    const id = await findOrderIdByIdempotencyKey(db, user.id, idempotencyKey);
    const order = id ? await loadOrder(db, id) : null;
    return order ? { order, created: false } : null;
  };

  const earlier = await firstOrder();
  if (earlier) return earlier;

  let orderId: string | undefined;
  // A new reference collides with an existing one about once in billions of orders: draw again.
  for (let attempt = 1; orderId === undefined; attempt += 1) {
    try {
      orderId = await db.transaction().execute(async (trx) => {
        const priced = await priceItems(trx, input.items);
        const delivery = await deliveryFor(trx, input);
        const id = newId();
        await insertOrder(trx, {
          id,
          reference: newOrderReference(),
          user_id: user.id,
          name: input.name,
          email: input.email,
          phone,
          // The geography's own spelling, whatever case the client sent.
          country: delivery.country,
          county: delivery.county,
          town: delivery.town,
          location: delivery.location,
          location_id: delivery.id,
          subtotal: priced.subtotal,
          shipping_fee: delivery.shipping_fee,
          total_amount: priced.subtotal + delivery.shipping_fee,
          payment_status: 'pending',
          delivery_status: 'pending',
          idempotency_key: idempotencyKey,
          created_at: now,
          updated_at: now,
        });
        await insertOrderItems(
          trx,
          priced.lines.map((line, position) => ({
            id: newId(),
            order_id: id,
            product_id: line.productId,
            name: line.name,
            price: line.price,
            image: line.image,
            count: line.count,
            position,
            created_at: now,
          })),
        );
        await subtractFromCart(trx, user.id, priced.lines, now);
        await recordOrderEvent(trx, id, 'placed', now);
        return id;
      });
    } catch (err) {
      // A concurrent request with the same key committed first: answer its order.
      if (idempotencyKey && isUniqueViolation(err)) {
        const first = await firstOrder();
        if (first) return first;
      }
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
  const order = await loadOrder(db, orderId);
  if (!order) throw new Error(`order ${orderId} vanished after it was created`);
  return { order, created: true };
}

export async function listOrdersOfUser(
  db: Kysely<Database>,
  userId: string,
  status: OrderStatusFilter | undefined,
): Promise<Order[]> {
  return withItems(db, await listUserOrders(db, userId, status));
}

/** An order the caller may read (its owner or an admin); anyone else is told it does not exist. */
export async function getReadableOrder(
  db: Kysely<Database>,
  id: string,
  reader: Pick<UserRow, 'id' | 'role'>,
): Promise<Order> {
  const order = await loadOrder(db, id);
  if (!order || (order.user._id !== reader.id && reader.role !== 'admin')) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/**
 * Applies a status change through the one transition function, in one transaction guarded against a concurrent
 * change, and queues the customer's message for it. An admin marking an order paid records a payment for what is
 * still owed (a receipt or a reason is required), and "paid" then comes from the one settlement rule. Answers the
 * order after the change (unchanged when there was nothing to do).
 */
export async function changeOrderStatus(
  db: Kysely<Database>,
  orderId: string,
  requested: StatusChange & { receipt?: string; reason?: string },
  actor: OrderActor,
  ownerId?: string,
): Promise<Order> {
  await db.transaction().execute(async (trx) => {
    const row = await findOrderById(trx, orderId);
    if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw notFound(ORDER_NOT_FOUND);
    const current = { paymentStatus: row.payment_status, deliveryStatus: row.delivery_status };
    const next = nextOrderStatuses(current, requested, actor);
    if (!next.changed) return;
    const now = nowIso();
    const markingPaid = next.paymentStatus === 'paid' && current.paymentStatus !== 'paid';
    // "Paid" only ever follows money: the admin's payment row is written and settlement decides.
    const target = markingPaid ? { ...next, paymentStatus: current.paymentStatus } : next;
    if (target.paymentStatus !== current.paymentStatus || target.deliveryStatus !== current.deliveryStatus) {
      const updated = await updateOrderStatuses(trx, orderId, current, target, now);
      if (!updated) {
        throw conflict('This order was changed by someone else at the same moment: reload it and try again');
      }
    }
    if (markingPaid) {
      await recordAdminPayment(trx, row, { receipt: requested.receipt, reason: requested.reason }, now);
    }
    if (target.deliveryStatus !== current.deliveryStatus) {
      const event = deliveryEvent(target.deliveryStatus);
      if (event) await recordOrderEvent(trx, orderId, event, now);
    }
  });
  const order = await loadOrder(db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export async function listOrdersForAdmin(
  db: Kysely<Database>,
  page: number,
  limit: number,
): Promise<Paged<Order>> {
  const total = await countOrders(db);
  const rows = await listOrdersPage(db, (page - 1) * limit, limit);
  return { data: await withItems(db, rows), page, limit, total, totalPages: Math.ceil(total / limit) };
}

export async function listOrderItemsForAdmin(
  db: Kysely<Database>,
  page: number,
  limit: number,
): Promise<Paged<OrderItem>> {
  const total = await countOrderItems(db);
  const rows = await listOrderItemsPage(db, (page - 1) * limit, limit);
  return { data: rows.map(toOrderItemDto), page, limit, total, totalPages: Math.ceil(total / limit) };
}
