import type { Kysely } from 'kysely';
import { paged, type Paged } from '@urembo/contract/common';
import { formatKsh } from '@urembo/contract/money';
import { RETURN_NEXT, type CreateReturnBody, type Return, type ReturnState } from '@urembo/contract/returns';
import type { CatalogueChange } from '../../lib/catalogue-changes';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { mayRead } from '../auth';
import { giveBackStock, giveBackVariantStock } from '../catalogue';
import { changeOf, recordAudit } from '../audit';
import {
  countReturns,
  findReturn,
  listReturnItems,
  listReturnsOfOrder,
  listReturnsPage,
  moveReturn,
  queueReturnMessage,
  unitsAlreadyReturning,
  type ReturnItemWithVariant,
  type ReturnRow,
} from './repository';

export const ORDER_NOT_FOUND = 'Order not found';
const DAY_MS = 86_400_000;

export interface ReturnDeps {
  db: Kysely<Database>;
  /** Days after delivery that items may be returned (RETURN_DAYS). */
  returnDays: number;
  /** Received items go back on the shelf: the catalogue's caches hear of it. */
  catalogueChanged: (change: CatalogueChange) => Promise<void>;
  /** Sends queued SMS now rather than at the next poll. */
  kick?: () => void;
}

interface Reader {
  id: string;
  role: 'customer' | 'admin';
}

function toReturnDto(row: ReturnRow, items: ReturnItemWithVariant[]): Return {
  return {
    _id: row.id,
    order: { _id: row.order_id, reference: row.order_reference },
    customer: { name: row.order_name, phone: row.order_phone },
    items: items.map((item) => ({
      _id: item.product_id ?? item.order_item_id,
      variant: item.variant_id ? { _id: item.variant_id, sku: item.variant_sku ?? '' } : null,
      name: item.name,
      price: item.price,
      images: item.image ? [item.image] : [],
      count: item.count,
    })),
    reason: row.reason,
    state: row.state,
    refundAmount: row.refund_amount,
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    receivedAt: row.received_at,
  };
}

/** "25 November 2026" in Nairobi. */
function nairobiDay(instant: Date): string {
  return instant.toLocaleDateString('en-KE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  });
}

/**
 * Returns of delivered orders: the customer asks within RETURN_DAYS of delivery, an admin approves or rejects it,
 * then receives the items (back into stock, exactly once; their prices become refund due). Each step queues the
 * customer's SMS in the same transaction.
 */
/**
 * What returned items give back: their prices, less their share of the order's discount (in proportion to the
 * subtotal, rounded up for the discount: a refund never returns more than was paid for them). Delivery is not
 * refunded.
 */
export function refundFor(
  itemsTotal: number,
  order: { subtotal: number; discount_amount: number | string },
): number {
  const discount = Number(order.discount_amount);
  if (discount <= 0 || order.subtotal <= 0) return itemsTotal;
  return Math.max(0, itemsTotal - Math.ceil((discount * itemsTotal) / order.subtotal));
}

export class ReturnService {
  constructor(private readonly deps: ReturnDeps) {}

  async create(
    orderId: string,
    user: Reader,
    input: CreateReturnBody,
    now: Date = new Date(),
  ): Promise<Return> {
    const { db, returnDays } = this.deps;
    const id = await db.transaction().execute(async (trx) => {
      // The order's row lock: two requests for one order at once count each other's units.
      const locked = await trx
        .updateTable('orders')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', orderId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) === 0) throw notFound(ORDER_NOT_FOUND);
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'delivery_status', 'delivered_at', 'subtotal', 'discount_amount'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      if (order.delivery_status !== 'delivered') {
        throw badRequest('This order has not been delivered: items can be returned once it has arrived');
      }
      const deliveredAt = new Date(order.delivered_at ?? 0);
      const closes = new Date(deliveredAt.getTime() + returnDays * DAY_MS);
      if (now.getTime() > closes.getTime()) {
        throw badRequest(
          `Returns for this order closed on ${nairobiDay(closes)}, ${returnDays} ${returnDays === 1 ? 'day' : 'days'} after delivery`,
        );
      }
      const lines = await trx
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('position')
        .execute();
      const taken = await unitsAlreadyReturning(trx, orderId);
      const seen = new Set<string>();
      const chosen = input.items.map((item, i) => {
        // A line is the product and, for a product with shades or sizes, the variant ordered (its _id or SKU);
        // without one, the product's only line.
        const ofProduct = lines.filter((l) => (l.product_id ?? l.id) === item._id);
        const line = item.variant
          ? ofProduct.find((l) => l.variant_id === item.variant || l.variant_sku === item.variant)
          : ofProduct.length === 1
            ? ofProduct[0]
            : ofProduct.find((l) => !l.variant_id);
        if (!line) {
          throw badRequest(`Item ${i + 1} is not in this order`, [
            { path: `items.${i}._id`, message: 'Not in this order' },
          ]);
        }
        if (seen.has(line.id)) {
          throw badRequest(`${line.name} appears more than once: send each item once with its count`);
        }
        seen.add(line.id);
        const left = line.count - (taken.get(line.id) ?? 0);
        if (item.count > left) {
          const message =
            left <= 0
              ? `${line.name}: all ${line.count} ordered are already being returned`
              : `${line.name}: you can return at most ${left} (you ordered ${line.count}${left < line.count ? `, ${line.count - left} already being returned` : ''})`;
          throw badRequest(message, [{ path: `items.${i}.count`, message }]);
        }
        return { line, count: item.count };
      });
      const id = newId();
      const at = now.toISOString();
      await trx
        .insertInto('returns')
        .values({
          id,
          order_id: orderId,
          user_id: user.id,
          reason: input.reason.trim(),
          state: 'requested',
          refund_amount: refundFor(
            chosen.reduce((sum, c) => sum + c.line.price * c.count, 0),
            order,
          ),
          note: null,
          created_at: at,
          updated_at: at,
          received_at: null,
        })
        .execute();
      await trx
        .insertInto('return_items')
        .values(
          chosen.map((c, position) => ({
            id: newId(),
            return_id: id,
            order_item_id: c.line.id,
            product_id: c.line.product_id,
            name: c.line.name,
            price: c.line.price,
            image: c.line.image,
            count: c.count,
            position,
          })),
        )
        .execute();
      await queueReturnMessage(trx, id, 'requested', at, newId());
      return id;
    });
    this.deps.kick?.();
    return this.get(id);
  }

  /** An order's returns, for its owner or an admin (anyone else: not found). */
  async ofOrder(orderId: string, reader: Reader): Promise<Return[]> {
    const { db } = this.deps;
    const order = await db
      .selectFrom('orders')
      .select(['id', 'user_id'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order || !mayRead(reader, order.user_id)) throw notFound(ORDER_NOT_FOUND);
    return this.withItems(await listReturnsOfOrder(db, orderId));
  }

  async list(state: ReturnState | undefined, page: number, limit: number): Promise<Paged<Return>> {
    const { db } = this.deps;
    const [total, rows] = await Promise.all([
      countReturns(db, state),
      listReturnsPage(db, state, (page - 1) * limit, limit),
    ]);
    return paged(await this.withItems(rows), total, { page, limit });
  }

  /**
   * The admin's next step. A conditional move (still in the state the admin saw), so two admins at once cannot both
   * take it: "received" gives the stock back in the same transaction as the move, exactly once.
   */
  async move(
    id: string,
    to: 'approved' | 'rejected' | 'received',
    note: string | undefined,
    adminId: string,
  ): Promise<Return> {
    const { db } = this.deps;
    const current = await findReturn(db, id);
    if (!current) throw notFound('Return not found');
    if (!RETURN_NEXT[current.state].includes(to)) {
      throw conflict(
        current.state === to
          ? `This return is already ${to}`
          : `A return that is ${current.state} cannot become ${to}` +
              (current.state === 'requested' && to === 'received' ? ': approve it first' : ''),
      );
    }
    const moved = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (!(await moveReturn(trx, id, current.state, to, note, now))) return null;
      let products: string[] = [];
      if (to === 'received') {
        const items = await listReturnItems(trx, [id]);
        // One order of locks (product, then variant), as the order's own stock moves take them.
        const byProduct = [...items].sort(
          (a, b) =>
            (a.product_id ?? '').localeCompare(b.product_id ?? '') ||
            (a.variant_id ?? '').localeCompare(b.variant_id ?? ''),
        );
        for (const item of byProduct) {
          // A shade or size keeps its own stock; the product's is for a product without variants.
          if (item.variant_id) await giveBackVariantStock(trx, item.variant_id, item.count);
          else if (item.product_id) await giveBackStock(trx, item.product_id, item.count);
        }
        products = byProduct.flatMap((i) => (i.product_id ? [i.product_id] : []));
      }
      await queueReturnMessage(trx, id, to, now, newId());
      await recordAudit(trx, {
        adminId,
        action: 'status',
        entity: 'return',
        entityId: id,
        summary:
          `Return of ${formatKsh(current.refund_amount)}: ${changeOf('State', current.state, to)}` +
          (note?.trim() ? `; note "${note.trim()}"` : ''),
      });
      return products;
    });
    if (moved === null) {
      const after = await findReturn(db, id);
      throw conflict(
        `Someone else changed this return at the same moment: it is now ${after?.state ?? 'gone'}. Reload it.`,
      );
    }
    if (moved.length > 0)
      await this.deps.catalogueChanged({ kind: 'stock', productIds: [...new Set(moved)] });
    this.deps.kick?.();
    return this.get(id);
  }

  private async get(id: string): Promise<Return> {
    const row = await findReturn(this.deps.db, id);
    if (!row) throw notFound('Return not found');
    const [dto] = await this.withItems([row]);
    return dto!;
  }

  private async withItems(rows: ReturnRow[]): Promise<Return[]> {
    const items = await listReturnItems(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      toReturnDto(
        row,
        items.filter((i) => i.return_id === row.id),
      ),
    );
  }
}
