import type { Kysely } from 'kysely';
import type { Cart } from '@urembo/contract/orders';
import { MAX_LINE_COUNT } from '@urembo/contract/order-status';
import { expiredMessage, isExpired } from '@urembo/contract/product-facts';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { imageHashesFor } from '../catalogue';
import { toCartLine } from './cart-line';
import {
  addToCartLine,
  clearCartLines,
  decrementCartLine,
  deleteCartLine,
  findCartLineCount,
  findProductStatus,
  listCartProducts,
} from './repository';

export interface CartDeps {
  db: Kysely<Database>;
}

/** A customer's cart: what they mean to buy, checked against the catalogue (an order takes it later). */
export class CartService {
  constructor(private readonly deps: CartDeps) {}

  /**
   * The cart with its subtotal. A line whose product an admin has since made inactive stays in the cart (so the
   * customer sees what happened and can remove it) with `status: "inactive"`, and is left out of the subtotal and of
   * checkout. So does a line whose product is past its best-before month.
   */
  async getCart(userId: string): Promise<Cart> {
    const { db } = this.deps;
    const rows = await listCartProducts(db, userId);
    const images = await imageHashesFor(
      db,
      rows.map((r) => r.id),
    );
    const data = rows.map((row) => toCartLine(row, images.get(row.id) ?? []));
    const now = new Date();
    const subtotal = data.reduce(
      (sum, line) =>
        line.status === 'active' && !isExpired(line.expiresOn, now) ? sum + line.price * line.count : sum,
      0,
    );
    return { data, subtotal };
  }

  async addToCart(userId: string, productId: string, count: number): Promise<Cart> {
    const { db } = this.deps;
    const product = await findProductStatus(db, productId);
    if (!product) throw notFound('Product not found');
    if (product.status !== 'active') throw badRequest('This product is not available right now');
    if (isExpired(product.expires_on)) throw badRequest(expiredMessage(product.name, product.expires_on!));
    if (product.stock !== null) {
      // A first check for the customer's sake; the order is what actually takes the stock (and checks again).
      const inCart = (await findCartLineCount(db, userId, productId)) ?? 0;
      if (inCart + count > product.stock) {
        throw conflict(
          product.stock === 0
            ? `${product.name} is out of stock`
            : `Only ${product.stock} of ${product.name} ${product.stock === 1 ? 'is' : 'are'} left` +
                (inCart > 0 ? ` and you have ${inCart} in your cart` : ''),
        );
      }
    }
    const added = await addToCartLine(db, userId, productId, count, nowIso());
    if (!added) {
      const current = (await findCartLineCount(db, userId, productId)) ?? 0;
      throw badRequest(
        `You can have at most ${MAX_LINE_COUNT} of one product in your cart (you have ${current} already)`,
      );
    }
    return this.getCart(userId);
  }

  /** Takes one off the product's line (removing it at zero), or the whole line with `all`. */
  async removeFromCart(userId: string, productId: string, all: boolean): Promise<Cart> {
    const { db } = this.deps;
    await db.transaction().execute(async (trx) => {
      const removedOne = !all && (await decrementCartLine(trx, userId, productId, nowIso()));
      if (removedOne) return;
      const deleted = await deleteCartLine(trx, userId, productId);
      if (!deleted) throw notFound('That product is not in your cart');
    });
    return this.getCart(userId);
  }

  async clearCart(userId: string): Promise<Cart> {
    const { db } = this.deps;
    await clearCartLines(db, userId);
    return { data: [], subtotal: 0 };
  }
}
