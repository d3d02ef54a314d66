import type { Kysely, Selectable, Transaction } from 'kysely';
import { paged, type Paged } from '@urembo/contract/common';
import type { createOrderBodySchema, Order, OrderItem, OrderQuote } from '@urembo/contract/orders';
import type { OrderStatusFilter } from '@urembo/contract/order-status';
import type { AdminOrderFilter } from '@urembo/contract/dashboard';
import { normalizeKenyanPhone, PHONE_HINT } from '@urembo/contract/phone';
import type { z } from 'zod';
import type { Database, OrdersTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso, toFlag } from '../../db/sql-values';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import type { CatalogueChange } from '../../lib/catalogue-changes';
import type { UserRow } from '../users';
import { mayRead } from '../auth';
import { subtractFromCart } from '../cart';
import { giveBackDiscountUse, retakeDiscountUse, takeDiscountUse } from '../discounts';
import { parseVariantOptions, takeStock, takeVariantStock } from '../catalogue';
import { toOrderDto, toOrderItemDto } from './dto';
import { deliveryFor, lineLabel, orderTotals, priceItems, toOrderLine } from './pricing';
import {
  countOrderItems,
  countOrders,
  findOrderById,
  findOrderIdByIdempotencyKey,
  hasNoCompletedPayment,
  hasNoPaymentInFlight,
  insertOrder,
  insertOrderItems,
  listOrderItemsOf,
  listOrderItemsPage,
  listOrdersPage,
  listExpiredUnpaidOrders,
  listUserOrders,
  returnOrderStock,
  setStockTaken,
  updateOrderStatuses,
  type Db,
  type OrderItemRow,
  type OrderRow,
} from './repository';
import { deliveryEvent, recordOrderEvent } from './events';
import { newOrderReference } from './reference';
import { assertNotCovered, settleOrder } from './settlement';
import { changeOf, changesSummary, recordAudit } from '../audit';
import { nextOrderStatuses, type OrderActor, type OrderStatuses, type StatusChange } from './status';

type CreateOrderInput = z.output<typeof createOrderBodySchema>;

export const ORDER_NOT_FOUND = 'Order not found';
/** The unpaid-order sweep keeps an order whose M-Pesa prompt went out this recently (MPESA_STK_GRACE_MINUTES). */
export const DEFAULT_STK_GRACE_MINUTES = 10;

/** Who or what cancels an order; every cancellation goes through `cancelOrder`. */
export type CancelCause = 'customer' | 'admin' | 'unpaid-hold-expired';

/** What an admin saw to mark an order paid by hand: the M-Pesa receipt, or a reason ("cash on delivery"). */
export interface AdminPaymentEvidence {
  receipt?: string | undefined;
  reason?: string | undefined;
}

export interface OrderDeps {
  db: Kysely<Database>;
  /**
   * Records what is still owed of an order an admin marks paid, as a payment (payments' own write: see
   * payments/admin-payment.ts); the order is settled after it.
   */
  recordAdminPayment: (
    trx: Transaction<Database>,
    order: OrderRow,
    evidence: AdminPaymentEvidence,
    now: string,
  ) => Promise<void>;
  /**
   * Tells the catalogue's caches which products' stock an order write moved (products show their stock): the next
   * catalogue read on any process shows the new stock, and nothing else is recomputed.
   */
  catalogueChanged: (change: CatalogueChange) => Promise<void>;
  /** Delivery is free from this subtotal after the discount (FREE_DELIVERY_FROM); null = never. */
  freeDeliveryFrom?: number | null;
  /** Whether an order may ask for its updates on WhatsApp (lib/whatsapp.ts offersWhatsAppUpdates). */
  whatsappUpdates?: boolean;
}

/**
 * Orders: the checkout quote, placing an order (priced by the server, stock taken, cart emptied, in one
 * transaction), the one cancellation, status changes and the order lists of customers and admins.
 */
export class OrderService {
  constructor(private readonly deps: OrderDeps) {}

  /** What the checkout summary shows: the same pricing as order creation, without creating anything. */
  async quoteOrder(
    user: Pick<UserRow, 'id'>,
    input: {
      items: { _id: string; variant?: string | undefined; count: number }[];
      country?: string;
      county?: string;
      town?: string;
      location?: string;
      discountCode?: string | undefined;
    },
  ): Promise<OrderQuote> {
    const { db } = this.deps;
    const priced = await priceItems(db, input.items);
    // Tell the customer now rather than at the order (which checks again, atomically).
    const short = priced.lines.flatMap((line, position) =>
      line.stock !== null && line.count > line.stock
        ? [{ name: lineLabel(line), position, left: line.stock }]
        : [],
    );
    if (short.length > 0) throw stockShortError(short, 'order');
    const totals = await orderTotals(db, priced, this.totalsInput(user, input.discountCode));
    const { country, county, town, location } = input;
    const place = country && county && town && location ? { country, county, town, location } : null;
    const delivery = place ? await deliveryFor(db, place) : null;
    const shippingFee = delivery ? totals.feeFor(delivery.shippingFee) : null;
    return {
      items: priced.lines.map(toOrderLine),
      subtotal: priced.subtotal,
      discount: totals.discount ? { code: totals.discount.code, amount: totals.discount.amount } : null,
      shippingFee,
      totalAmount: shippingFee === null ? null : totals.afterDiscount + shippingFee,
    };
  }

  /**
   * Places an order in ONE transaction: prices every line from the catalogue and the delivery fee from the
   * location, writes the order and its line snapshots, and takes the ordered products off the customer's cart.
   * With an idempotency key, a repeat (even a concurrent one: the unique (user_id, idempotency_key) constraint
   * decides) answers the first order with `created: false`.
   */
  async createOrder(
    user: Pick<UserRow, 'id' | 'full_name'>,
    input: CreateOrderInput,
    idempotencyKey: string | null,
    now: string = nowIso(),
  ): Promise<{ order: Order; created: boolean }> {
    const { db } = this.deps;
    const phone = normalizeKenyanPhone(input.phone);
    if (!phone) throw badRequest(PHONE_HINT, [{ path: 'phone', message: PHONE_HINT }]);

    const firstOrder = async (): Promise<{ order: Order; created: boolean } | null> => {
      if (!idempotencyKey) return null;
      const id = await findOrderIdByIdempotencyKey(db, user.id, idempotencyKey);
      const order = id ? await this.loadOrder(id) : null;
      return order ? { order, created: false } : null;
    };

    // What the order reads before it writes, at once (on PostgreSQL each on a connection of its own): a repeat of an
    // earlier order, the lines' prices and the delivery place. Read outside the transaction, as its statements would
    // read them at PostgreSQL's read-committed level anyway; the stock and the code's uses are taken below with
    // conditional updates. A repeat answers its first order whatever the lines say now; otherwise the lines' refusal
    // comes before the place's, whichever read finished first.
    const [earlier, pricedRead, deliveryRead] = await Promise.allSettled([
      firstOrder(),
      priceItems(db, input.items),
      deliveryFor(db, input),
    ]);
    const repeat = settled(earlier);
    if (repeat) return repeat;
    const priced = settled(pricedRead);
    const delivery = settled(deliveryRead);
    const totals = await orderTotals(db, priced, this.totalsInput(user, input.discountCode));
    const shippingFee = totals.feeFor(delivery.shippingFee);

    let written:
      { row: Selectable<OrdersTable>; items: OrderItemRow[]; left: Map<string, number | null> } | undefined;
    // A new reference collides with an existing one about once in billions of orders: draw again.
    for (let attempt = 1; written === undefined; attempt += 1) {
      try {
        written = await db.transaction().execute(async (trx) => {
          const id = newId();
          const whatsapp = input.whatsapp === true && this.deps.whatsappUpdates === true;
          const row: Selectable<OrdersTable> = {
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
            discount_code: totals.discount?.code ?? null,
            discount_amount: totals.discount?.amount ?? 0,
            whatsapp: toFlag(whatsapp),
            shipping_fee: shippingFee,
            total_amount: totals.afterDiscount + shippingFee,
            payment_status: 'pending',
            delivery_status: 'pending',
            idempotency_key: idempotencyKey,
            delivered_at: null,
            created_at: now,
            updated_at: now,
          };
          await insertOrder(trx, row);
          const lines = priced.lines.map((line, position) => ({
            id: newId(),
            order_id: id,
            product_id: line.productId,
            name: line.name,
            price: line.price,
            image: line.image,
            count: line.count,
            position,
            stock_taken: 0,
            created_at: now,
            variant_id: line.variantId,
            variant_sku: line.variant?.sku ?? null,
            variant_options: line.variant ? JSON.stringify(line.variant.options) : null,
          }));
          // The stock first, so each line is written once with what it took.
          const { taken, left } = await takeOrderStock(trx, lines, 'order');
          const items = lines.map((line) =>
            taken.has(line.id) ? { ...line, stock_taken: line.count } : line,
          );
          await insertOrderItems(trx, items);
          // After the stock, in every order's same lock order: products, then the code.
          if (totals.discount) await takeDiscountUse(trx, totals.discount, { id, userId: user.id, now });
          await subtractFromCart(trx, user.id, priced.lines, now);
          await recordOrderEvent(trx, id, 'placed', now, null, whatsapp);
          return { row, items, left };
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
    // The figures the stock statements answered, held under their row locks until the commit: nothing to read back,
    // unless a line took a variant's stock.
    const { row, items, left } = written;
    const moved = [...new Set(priced.lines.map((line) => line.productId))];
    await this.stockMoved(moved, moved.every((id) => left.has(id)) ? Object.fromEntries(left) : undefined);
    // The order as written, not read back: nothing has paid for it yet.
    const order = toOrderDto(
      { ...row, user_full_name: user.full_name, paid_amount: 0, refunded_amount: 0 },
      items,
    );
    return { order, created: true };
  }

  /**
   * THE one way an order becomes cancelled (customer, admin, or the unpaid-hold job). In one transaction: moves the
   * order to "cancelled" only if its statuses are still `from` (a conditional update, so two processes or two admins
   * can never cancel the same order twice), then gives back the stock its lines took. Answers whether THIS call
   * cancelled it: the "order cancelled" event (e.g. the customer's SMS) belongs exactly where this answers true.
   *
   * The job passes `placedBefore`: the update then also requires the order to be that old, still unpaid and without
   * any completed payment, so a payment that lands in the meantime always wins over the cancellation.
   */
  async cancelOrder(
    orderId: string,
    from: OrderStatuses,
    cause: CancelCause,
    options: CancelOptions = {},
  ): Promise<{ cancelled: boolean }> {
    const cancelled = await this.cancelKeepingCache(orderId, from, cause, options);
    if (cancelled) await this.stockMoved(await this.productsOf([orderId]));
    return { cancelled };
  }

  private totalsInput(user: Pick<UserRow, 'id'>, discountCode: string | undefined) {
    return { discountCode, userId: user.id, freeDeliveryFrom: this.deps.freeDeliveryFrom ?? null };
  }

  /** The products an order's lines name (still in the catalogue or not). */
  private async productsOf(orderIds: string[]): Promise<string[]> {
    const lines = await listOrderItemsOf(this.deps.db, orderIds);
    return lines.flatMap((line) => (line.product_id ? [line.product_id] : []));
  }

  /** Tells the caches about a stock move, with the figures when the writer has them (read back otherwise). */
  private async stockMoved(productIds: string[], stock?: Record<string, number | null>): Promise<void> {
    if (productIds.length > 0) {
      await this.deps.catalogueChanged({
        kind: 'stock',
        productIds: [...new Set(productIds)],
        ...(stock && { stock }),
      });
    }
  }

  /** cancelOrder without clearing the catalogue's cache: the sweep clears it once for all it cancelled. */
  private async cancelKeepingCache(
    orderId: string,
    from: OrderStatuses,
    cause: CancelCause,
    options: CancelOptions,
  ): Promise<boolean> {
    const { db } = this.deps;
    if (from.deliveryStatus === 'cancelled') return false;
    const now = options.now ?? nowIso();
    return db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('orders')
        .set({
          payment_status: options.paymentStatus ?? from.paymentStatus,
          delivery_status: 'cancelled',
          updated_at: now,
        })
        .where('id', '=', orderId)
        .where('payment_status', '=', from.paymentStatus)
        .where('delivery_status', '=', from.deliveryStatus);
      if (cause === 'unpaid-hold-expired') {
        update = update
          .where('payment_status', '<>', 'paid')
          .where('payment_status', '<>', 'refunded')
          .where('created_at', '<', options.placedBefore ?? now)
          .where(hasNoCompletedPayment)
          .where(hasNoPaymentInFlight(options.promptsSince ?? now));
      }
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await returnOrderStock(trx, orderId);
      await giveBackDiscountUse(trx, orderId);
      // The customer's cancellation SMS, whoever cancelled (customer, admin or the unpaid-order sweep).
      await recordOrderEvent(trx, orderId, 'cancelled', now);
      if (options.audit) {
        await recordAudit(trx, { ...options.audit, action: 'status', entity: 'order', entityId: orderId });
      }
      return true;
    });
  }

  /**
   * Cancels every order left unpaid (and not yet on its way) for longer than the hold, oldest first, in batches.
   * Safe to run on several processes at once: each order is cancelled, and its stock returned, by one of them only.
   * Answers how many this call cancelled; the catalogue's cache is cleared once when any were.
   */
  async cancelExpiredUnpaidOrders(
    holdHours: number,
    options: { now?: Date; graceMinutes?: number } = {},
  ): Promise<{ cancelled: number }> {
    const { db } = this.deps;
    const now = options.now ?? new Date();
    const placedBefore = new Date(now.getTime() - holdHours * 3_600_000).toISOString();
    const promptsSince = new Date(
      now.getTime() - (options.graceMinutes ?? DEFAULT_STK_GRACE_MINUTES) * 60_000,
    ).toISOString();
    const cancelledIds: string[] = [];
    const tried = new Set<string>();
    for (;;) {
      const batch = (await listExpiredUnpaidOrders(db, placedBefore, promptsSince, 100)).filter(
        (o) => !tried.has(o.id),
      );
      if (batch.length === 0) break;
      for (const order of batch) {
        tried.add(order.id);
        const from = { paymentStatus: order.payment_status, deliveryStatus: order.delivery_status };
        const done = await this.cancelKeepingCache(order.id, from, 'unpaid-hold-expired', {
          placedBefore,
          promptsSince,
          now: now.toISOString(),
        });
        if (done) cancelledIds.push(order.id);
      }
    }
    if (cancelledIds.length > 0) await this.stockMoved(await this.productsOf(cancelledIds));
    return { cancelled: cancelledIds.length };
  }

  async listOrdersOfUser(
    userId: string,
    status: OrderStatusFilter | undefined,
    awaiting?: AdminOrderFilter,
  ): Promise<Order[]> {
    const { db } = this.deps;
    return this.withItems(await listUserOrders(db, userId, status, awaiting));
  }

  /** An order the caller may read (its owner or an admin); anyone else is told it does not exist. */
  async getReadableOrder(id: string, reader: Pick<UserRow, 'id' | 'role'>): Promise<Order> {
    const order = await this.loadOrder(id);
    if (!order || !mayRead(reader, order.user._id)) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /**
   * Applies a status change through the one transition function, in one transaction guarded against a concurrent
   * change, and queues the customer's message for it. An admin marking an order paid records a payment for what is
   * still owed (a receipt or a reason is required), and "paid" then comes from the one settlement rule. Answers the
   * order after the change (unchanged when there was nothing to do).
   */
  async changeOrderStatus(
    orderId: string,
    requested: StatusChange & { receipt?: string; reason?: string },
    actor: OrderActor,
    who: { ownerId?: string; adminId?: string } = {},
  ): Promise<Order> {
    const { db } = this.deps;
    const { ownerId, adminId } = who;
    const row = await findOrderById(db, orderId);
    if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw notFound(ORDER_NOT_FOUND);
    const current = { paymentStatus: row.payment_status, deliveryStatus: row.delivery_status };
    const next = nextOrderStatuses(current, requested, actor);
    const raced = () =>
      conflict('This order was changed by someone else at the same moment: reload it and try again');
    const markingPaid = next.paymentStatus === 'paid' && current.paymentStatus !== 'paid';
    const audit = adminId
      ? {
          adminId,
          summary: `Order ${row.reference}: ${changesSummary([
            changeOf('Payment', current.paymentStatus, next.paymentStatus),
            changeOf('Delivery', current.deliveryStatus, next.deliveryStatus),
            markingPaid && requested.receipt && `receipt ${requested.receipt.trim().toUpperCase()}`,
            markingPaid && requested.reason?.trim() && `reason "${requested.reason.trim()}"`,
          ])}`,
        }
      : undefined;
    // "Paid" only ever follows money: the admin's payment row is written and settlement decides.
    const target = markingPaid ? { ...next, paymentStatus: current.paymentStatus } : next;
    if (next.changed && target.deliveryStatus === 'cancelled' && current.deliveryStatus !== 'cancelled') {
      // The one cancellation: gives the stock back exactly once and queues the customer's message.
      const cause: CancelCause = actor === 'customer' ? 'customer' : 'admin';
      const { cancelled } = await this.cancelOrder(orderId, current, cause, {
        paymentStatus: target.paymentStatus,
        audit,
      });
      if (!cancelled) throw raced();
    } else if (next.changed) {
      const reopening = current.deliveryStatus === 'cancelled' && target.deliveryStatus !== 'cancelled';
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        if (current.paymentStatus === 'paid' && target.paymentStatus === 'pending') {
          // "Paid" follows money: while completed payments cover the order it stays paid.
          await assertNotCovered(trx, orderId);
        }
        if (
          target.paymentStatus !== current.paymentStatus ||
          target.deliveryStatus !== current.deliveryStatus
        ) {
          if (!(await updateOrderStatuses(trx, orderId, current, target, now))) throw raced();
        }
        if (reopening) {
          // Reopening takes the stock again, or is refused when it has gone meanwhile.
          const lines = await listOrderItemsOf(trx, [orderId]);
          for (const id of (await takeOrderStock(trx, lines, 'reopen')).taken) {
            await setStockTaken(trx, id, lines.find((line) => line.id === id)!.count);
          }
          await retakeDiscountUse(trx, orderId);
        }
        if (markingPaid) {
          await this.deps.recordAdminPayment(
            trx,
            row,
            { receipt: requested.receipt, reason: requested.reason },
            now,
          );
          await settleOrder(trx, orderId);
        }
        if (target.deliveryStatus !== current.deliveryStatus) {
          const event = deliveryEvent(target.deliveryStatus);
          if (event) await recordOrderEvent(trx, orderId, event, now);
        }
        if (audit) await recordAudit(trx, { ...audit, action: 'status', entity: 'order', entityId: orderId });
      });
      if (reopening) await this.stockMoved(await this.productsOf([orderId]));
    }
    const order = await this.loadOrder(orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  async listOrdersForAdmin(page: number, limit: number, awaiting?: AdminOrderFilter): Promise<Paged<Order>> {
    const { db } = this.deps;
    const total = await countOrders(db, awaiting);
    const rows = await listOrdersPage(db, (page - 1) * limit, limit, awaiting);
    return paged(await this.withItems(rows), total, { page, limit });
  }

  async listOrderItemsForAdmin(page: number, limit: number): Promise<Paged<OrderItem>> {
    const { db } = this.deps;
    const total = await countOrderItems(db);
    const rows = await listOrderItemsPage(db, (page - 1) * limit, limit);
    return paged(rows.map(toOrderItemDto), total, { page, limit });
  }

  private async loadOrder(id: string): Promise<Order | null> {
    const { db } = this.deps;
    // Both at once: the lines of an order that is not there are none.
    const [row, items] = await Promise.all([findOrderById(db, id), listOrderItemsOf(db, [id])]);
    return row ? toOrderDto(row, items) : null;
  }

  private async withItems(rows: OrderRow[]): Promise<Order[]> {
    const { db } = this.deps;
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
}

/** How a cancellation is made: the statuses it leaves, the sweep's limits, and the admin's audit entry. */
interface CancelOptions {
  paymentStatus?: OrderStatuses['paymentStatus'];
  placedBefore?: string;
  promptsSince?: string;
  now?: string;
  /** An admin's cancellation: written to the audit log in the cancellation's transaction. */
  audit?: { adminId: string; summary: string } | undefined;
}

interface StockLine {
  id: string;
  product_id: string | null;
  variant_id: string | null;
  variant_options: string | null;
  name: string;
  count: number;
  position: number;
}

/**
 * Takes every line's units from stock inside the caller's transaction, product by product in id order (so two
 * orders sharing products lock them in the same order on PostgreSQL and cannot deadlock). Lines of products that do
 * not track stock take nothing. When any line is short, a 409 names each short product and how many are left; the
 * caller's transaction then rolls back, so nothing is taken and nothing is written.
 */
async function takeOrderStock(trx: Db, lines: StockLine[], purpose: 'order' | 'reopen'): Promise<TakenStock> {
  const short: { line: StockLine; left: number }[] = [];
  const taken = new Set<string>();
  const left = new Map<string, number | null>();
  const byProduct = [...lines].sort(
    (a, b) =>
      (a.product_id ?? '').localeCompare(b.product_id ?? '') ||
      (a.variant_id ?? '').localeCompare(b.variant_id ?? ''),
  );
  for (const line of byProduct) {
    if (!line.product_id) continue;
    let result: { taken: true } | { taken: false; left: number | null };
    if (line.variant_id) result = await takeVariantStock(trx, line.variant_id, line.count);
    else {
      const own = await takeStock(trx, line.product_id, line.count);
      // The product's own figure now (a variant's lives on the variant), for the caches.
      left.set(line.product_id, own.left);
      result = own;
    }
    if (result.taken) taken.add(line.id);
    else if (result.left !== null) short.push({ line, left: result.left });
  }
  if (short.length === 0) return { taken, left };
  throw stockShortError(
    short.map(({ line, left }) => ({
      name: line.variant_id
        ? lineLabel({ name: line.name, variant: { options: parseVariantOptions(line.variant_options) } })
        : line.name,
      position: line.position,
      left,
    })),
    purpose,
  );
}

/** Which lines took stock, and the units left of each product without variants that they took from (null: untracked). */
interface TakenStock {
  taken: Set<string>;
  left: Map<string, number | null>;
}

/** 409 naming each short line (in the order's line order) and how many are left; details point at `items.N.count`. */
function stockShortError(
  short: { name: string; position: number; left: number }[],
  purpose: 'order' | 'reopen',
): HttpError {
  const lines = [...short].sort((a, b) => a.position - b.position);
  const sentence = lines
    .map(({ name, left }) =>
      left === 0 ? `${name} is out of stock` : `only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left`,
    )
    .join('; ');
  const message =
    purpose === 'order'
      ? `Sorry, ${sentence}: please change your order and try again`
      : `This order cannot be reopened: ${sentence}`;
  return new HttpError(
    409,
    message.charAt(0).toUpperCase() + message.slice(1),
    lines.map(({ name, position, left }) => ({
      path: `items.${position}.count`,
      message: left === 0 ? `${name} is out of stock` : `Only ${left} left`,
    })),
  );
}

/** A settled read's value, or its refusal thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
