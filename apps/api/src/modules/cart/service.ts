import type { Kysely } from 'kysely';
import type { Cart } from '@urembo/contract/orders';
import { MAX_LINE_COUNT } from '@urembo/contract/order-status';
import { expiredMessage, isExpired } from '@urembo/contract/product-facts';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { describeVariant, findVariant, imageHashesFor, parseVariantOptions, variantsFor } from '../catalogue';
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
    const ids = [...new Set(rows.map((r) => r.id))];
    const [images, variants] = await Promise.all([imageHashesFor(db, ids), variantsFor(db, ids)]);
    const data = rows.map((row) => toCartLine(row, images.get(row.id) ?? [], variants.get(row.id) ?? []));
    const now = new Date();
    const subtotal = data.reduce(
      (sum, line) =>
        line.status === 'active' && !isExpired(line.expiresOn, now) ? sum + line.price * line.count : sum,
      0,
    );
    return { data, subtotal };
  }

  async addToCart(
    userId: string,
    productId: string,
    count: number,
    variantId?: string | undefined,
  ): Promise<Cart> {
    const { db } = this.deps;
    const product = await findProductStatus(db, productId);
    if (!product) throw notFound('Product not found');
    if (product.status !== 'active') throw badRequest('This product is not available right now');
    if (isExpired(product.expires_on)) throw badRequest(expiredMessage(product.name, product.expires_on!));
    const { variantKey, name, stock } = await this.chosenVariant(product, variantId);
    if (stock !== null) {
      // A first check for the customer's sake; the order is what actually takes the stock (and checks again).
      const inCart = (await findCartLineCount(db, userId, productId, variantKey)) ?? 0;
      if (inCart + count > stock) {
        throw conflict(
          stock === 0
            ? `${name} is out of stock`
            : `Only ${stock} of ${name} ${stock === 1 ? 'is' : 'are'} left` +
                (inCart > 0 ? ` and you have ${inCart} in your cart` : ''),
        );
      }
    }
    const added = await addToCartLine(db, userId, productId, variantKey, count, nowIso());
    if (!added) {
      const current = (await findCartLineCount(db, userId, productId, variantKey)) ?? 0;
      throw badRequest(
        `You can have at most ${MAX_LINE_COUNT} of one product in your cart (you have ${current} already)`,
      );
    }
    return this.getCart(userId);
  }

  /**
   * The variant a line is for: a product with variants needs one of its own (400 naming the options to choose);
   * a product without variants takes none. Answers the line's key ('' without a variant), name and stock.
   */
  private async chosenVariant(
    product: { id: string; name: string; stock: number | null },
    variantId: string | undefined,
  ): Promise<{ variantKey: string; name: string; stock: number | null }> {
    const variants = (await variantsFor(this.deps.db, [product.id])).get(product.id) ?? [];
    if (variants.length === 0) {
      if (variantId) throw badRequest(`variantId: ${product.name} has no variants to choose from`);
      return { variantKey: '', name: product.name, stock: product.stock };
    }
    const variant = variantId ? await findVariant(this.deps.db, product.id, variantId) : undefined;
    if (!variant) {
      const options = Object.keys(parseVariantOptions(variants[0]!.options));
      const names =
        options.length > 1 ? `${options.slice(0, -1).join(', ')} and ${options.at(-1)}` : options[0];
      throw badRequest(
        variantId
          ? `variantId: That is not one of the variants of ${product.name}: choose a ${names}`
          : `variantId: Choose a ${names} of ${product.name}`,
      );
    }
    return {
      variantKey: variant.id,
      name: `${product.name} (${describeVariant(parseVariantOptions(variant.options))})`,
      stock: variant.stock === null ? null : Number(variant.stock),
    };
  }

  /** Takes one off the line of the product (and variant), removing it at zero, or the whole line with `all`. */
  async removeFromCart(
    userId: string,
    productId: string,
    all: boolean,
    variantId?: string | undefined,
  ): Promise<Cart> {
    const { db } = this.deps;
    const key = variantId ?? '';
    await db.transaction().execute(async (trx) => {
      const removedOne = !all && (await decrementCartLine(trx, userId, productId, key, nowIso()));
      if (removedOne) return;
      const deleted = await deleteCartLine(trx, userId, productId, key);
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
