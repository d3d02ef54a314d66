import type { Kysely, Transaction } from 'kysely';
import type { DeliveryPlace, OrderItemInput, OrderLine } from '@urembo/contract/orders';
import { MAX_ORDER_SUBTOTAL, ORDER_TOO_LARGE_MESSAGE } from '@urembo/contract/order-status';
import { expiredMessage, isExpired } from '@urembo/contract/product-facts';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import {
  describeVariant,
  findProductsForPricing,
  imageUrl,
  parseVariantOptions,
  variantsFor,
} from '../catalogue';
import { applyDiscount, type DiscountApplied } from '../discounts';
import { findLocationByNames, switchedOffMessage, type NamedLocation } from '../shipping';

type Db = Kysely<Database> | Transaction<Database>;

export const UNDELIVERABLE_MESSAGE = 'We do not deliver to that location yet';

export interface PricedLine {
  productId: string;
  /** The variant ordered, with its SKU and options; null for a product without variants. */
  variantId: string | null;
  variant: { _id: string; sku: string; options: Record<string, string> } | null;
  name: string;
  price: number;
  /** URL of the product's first image, or null when it has none. */
  image: string | null;
  count: number;
  /** The product's stock when priced (null: not tracked); the order itself takes stock with its own check. */
  stock: number | null;
  /** The product's category (discount codes may apply to some categories only). */
  categoryId: string | null;
}

export interface PricedItems {
  lines: PricedLine[];
  subtotal: number;
}

function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Prices order lines from the catalogue, never from the client: today's price, name and first image of each product.
 * Every product must exist, be active and appear once (a repeated product is refused rather than silently merged,
 * because the client that sent it has a bug the customer should not pay for).
 */
export async function priceItems(db: Db, items: OrderItemInput[]): Promise<PricedItems> {
  const seen = new Set<string>();
  const lineKeys = new Set<string>();
  for (const item of items) {
    const key = `${item._id}\u0000${item.variant ?? ''}`;
    if (lineKeys.has(key)) {
      throw badRequest(
        item.variant
          ? 'A product and variant appear more than once in the order: send each once with its count'
          : 'A product appears more than once in the order: send each product once with its count',
      );
    }
    lineKeys.add(key);
    seen.add(item._id);
  }
  const ids = [...seen];
  const products = new Map((await findProductsForPricing(db, ids)).map((p) => [p.id, p]));
  const missing = ids.filter((id) => !products.has(id));
  if (missing.length > 0) {
    throw badRequest(
      missing.length === 1
        ? `Product ${missing[0]} was not found: please remove it from your order`
        : `Products ${listNames(missing)} were not found: please remove them from your order`,
    );
  }
  const inactive = ids.map((id) => products.get(id)!).filter((p) => p.status !== 'active');
  if (inactive.length > 0) {
    const names = inactive.map((p) => p.name);
    throw badRequest(
      names.length === 1
        ? `${names[0]} is no longer available: please remove it from your order`
        : `${listNames(names)} are no longer available: please remove them from your order`,
    );
  }
  // Past its best-before month: never sold, whatever the cart or the client says.
  const now = new Date();
  const expired = ids.map((id) => products.get(id)!).find((p) => isExpired(p.expires_on, now));
  if (expired) {
    throw badRequest(
      `${expiredMessage(expired.name, expired.expires_on!)}: please remove it from your order`,
    );
  }
  const withVariants = ids.filter((id) => products.get(id)!.has_variants);
  const variants = await variantsFor(db, withVariants);
  const lines = items.map((item, position): PricedLine => {
    const product = products.get(item._id)!;
    const hash = product.image_hash;
    const own = variants.get(product.id) ?? [];
    if (own.length === 0) {
      if (item.variant) {
        throw badRequest(`items.${position}.variant: ${product.name} has no variants to choose from`, [
          { path: `items.${position}.variant`, message: `${product.name} has no variants` },
        ]);
      }
      return {
        productId: product.id,
        variantId: null,
        variant: null,
        name: product.name,
        price: product.price,
        image: hash ? imageUrl(hash) : null,
        count: item.count,
        stock: product.stock === null ? null : Number(product.stock),
        categoryId: product.category_id,
      };
    }
    const variant = own.find((v) => v.id === item.variant);
    if (!variant) {
      const names = Object.keys(parseVariantOptions(own[0]!.options)).join(' and ');
      const message = item.variant
        ? `That is not one of the variants of ${product.name}: choose a ${names}`
        : `Choose a ${names} of ${product.name}`;
      throw badRequest(`items.${position}.variant: ${message}`, [
        { path: `items.${position}.variant`, message },
      ]);
    }
    const options = parseVariantOptions(variant.options);
    return {
      productId: product.id,
      variantId: variant.id,
      variant: { _id: variant.id, sku: variant.sku, options },
      name: product.name,
      price: Number(variant.price),
      image: variant.image_hash ? imageUrl(variant.image_hash) : hash ? imageUrl(hash) : null,
      count: item.count,
      stock: variant.stock === null ? null : Number(variant.stock),
      categoryId: product.category_id,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.count, 0);
  if (subtotal > MAX_ORDER_SUBTOTAL) throw badRequest(ORDER_TOO_LARGE_MESSAGE);
  return { lines, subtotal };
}

/**
 * What the customer pays for a priced order: the code's discount (refused with its reason, 400) and, once a place
 * is known, its fee, which is 0 when the subtotal after the discount reaches `freeDeliveryFrom`.
 */
export async function orderTotals(
  db: Db,
  priced: PricedItems,
  input: { discountCode?: string | undefined; userId: string; freeDeliveryFrom: number | null },
): Promise<{ discount: DiscountApplied | null; afterDiscount: number; feeFor: (fee: number) => number }> {
  const discount = input.discountCode
    ? await applyDiscount(db, {
        code: input.discountCode,
        userId: input.userId,
        subtotal: priced.subtotal,
        lines: priced.lines.map((line) => ({ categoryId: line.categoryId, amount: line.price * line.count })),
      })
    : null;
  const afterDiscount = priced.subtotal - (discount?.amount ?? 0);
  const free = input.freeDeliveryFrom !== null && afterDiscount >= input.freeDeliveryFrom;
  return { discount, afterDiscount, feeFor: (fee) => (free ? 0 : fee) };
}

/**
 * The delivery location named by the place, with its fee; 400 when the shop does not deliver there (naming the
 * place when an admin switched it off).
 */
export async function deliveryFor(db: Db, place: DeliveryPlace): Promise<NamedLocation> {
  const location = await findLocationByNames(db, place);
  if (!location) throw badRequest(UNDELIVERABLE_MESSAGE);
  if (location.switchedOff) throw badRequest(switchedOffMessage(location.switchedOff));
  return location;
}

export function toOrderLine(line: PricedLine): OrderLine {
  return {
    _id: line.productId,
    name: line.name,
    price: line.price,
    images: line.image ? [line.image] : [],
    count: line.count,
    variant: line.variant,
  };
}

/** "Matte Lipstick (Shade: Mocha)": a line's name with its variant, for messages about stock. */
export function lineLabel(line: {
  name: string;
  variant: { options: Record<string, string> } | null;
}): string {
  return line.variant ? `${line.name} (${describeVariant(line.variant.options)})` : line.name;
}
