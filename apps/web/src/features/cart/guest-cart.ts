import type { Cart, CartLine } from '@urembo/contract/orders';
import { MAX_LINE_COUNT } from '@urembo/contract/order-status';
import { cartRoutes } from '@urembo/contract/routes/cart';
import { catalogueRoutes } from '@urembo/contract/routes/catalogue';
import { VISITOR_CART_COOKIE } from '@urembo/contract/pages';
import { ApiRequestError, call } from '../../lib/api-client';

/**
 * A visitor's cart, kept in this browser (localStorage) until she signs in or up: then each line is added to her
 * account's cart and this one is emptied. Only product ids, the chosen variant's id (a shade, a size) and counts
 * are kept; names, prices and stock are read from the catalogue each time, so the visitor sees what the shop sells
 * now.
 */
export const GUEST_CART_KEY = 'urembo:guest-cart';

export interface GuestLine {
  productId: string;
  /** The variant chosen, for a product with variants. */
  variantId?: string;
  count: number;
}

const sameLine = (
  a: Pick<GuestLine, 'productId' | 'variantId'>,
  b: Pick<GuestLine, 'productId' | 'variantId'>,
) => a.productId === b.productId && (a.variantId ?? '') === (b.variantId ?? '');

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readGuestCart(): GuestLine[] {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(GUEST_CART_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: GuestLine[] = [];
  for (const raw of value as unknown[]) {
    if (!raw || typeof raw !== 'object') continue;
    const { productId, variantId, count } = raw as Record<string, unknown>;
    if (typeof productId !== 'string' || !productId || productId.length > 200) continue;
    if (variantId !== undefined && (typeof variantId !== 'string' || !variantId || variantId.length > 200))
      continue;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) continue;
    const line: GuestLine = {
      productId,
      ...(variantId ? { variantId } : {}),
      count: Math.min(count, MAX_LINE_COUNT),
    };
    if (lines.some((l) => sameLine(l, line))) continue;
    lines.push(line);
  }
  return lines;
}

/**
 * Tells the server and the page's first script whether this browser keeps a cart (the cookie's only use): a visitor
 * without one gets the cart page rendered by the server, empty; one with one gets it drawn here, from what this
 * browser keeps, and the app at once (public/boot.js).
 */
function markKeptCart(kept: boolean): void {
  if (typeof document === 'undefined') return;
  const has = document.cookie.split(/;\s*/).includes(`${VISITOR_CART_COOKIE}=1`);
  if (kept === has) return;
  document.cookie = kept
    ? `${VISITOR_CART_COOKIE}=1; path=/; max-age=31536000; samesite=lax`
    : `${VISITOR_CART_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

function writeGuestCart(lines: GuestLine[]): void {
  const store = storage();
  if (!store) return;
  if (lines.length === 0) store.removeItem(GUEST_CART_KEY);
  else store.setItem(GUEST_CART_KEY, JSON.stringify(lines));
  markKeptCart(lines.length > 0);
}

export function addGuestLine(productId: string, variantId: string | undefined, count: number): void {
  const lines = readGuestCart();
  const key = { productId, ...(variantId ? { variantId } : {}) };
  const line = lines.find((l) => sameLine(l, key));
  if (line) {
    if (line.count + count > MAX_LINE_COUNT)
      throw new Error(`At most ${MAX_LINE_COUNT} of one product can be in the cart`);
    line.count += count;
  } else lines.push({ ...key, count });
  writeGuestCart(lines);
}

/** Takes one off the line (the line goes at zero), or the whole line with `all`. */
export function removeGuestLine(productId: string, variantId: string | undefined, all: boolean): void {
  const key = { productId, ...(variantId ? { variantId } : {}) };
  const lines = readGuestCart()
    .map((l) => (sameLine(l, key) ? { ...l, count: all ? 0 : l.count - 1 } : l))
    .filter((l) => l.count > 0);
  writeGuestCart(lines);
}

export function clearGuestCart(): void {
  writeGuestCart([]);
}

/**
 * The visitor's cart as the server answers a customer's: each product as it is now (with the chosen variant's
 * price, picture and stock), and the subtotal. A line whose product or variant the shop no longer has goes.
 */
export async function fetchGuestCart(): Promise<Cart> {
  const lines = readGuestCart();
  // Kept in step with what this browser holds, should the two have parted (a cookie cleared on its own).
  markKeptCart(lines.length > 0);
  const found = await Promise.all(
    lines.map(async (line): Promise<CartLine | null> => {
      try {
        const product = await call(catalogueRoutes.getProduct, { params: { id: line.productId } });
        if (!line.variantId) return { ...product, count: line.count, variant: null };
        const chosen = product.variants.find((v) => v._id === line.variantId);
        if (!chosen) return null;
        const { _id, sku, options, price, image, stock, inStock } = chosen;
        return {
          ...product,
          price,
          count: line.count,
          variant: { _id, sku, options, price, image, stock, inStock },
        };
      } catch (error) {
        // A product the shop no longer has leaves the cart; any other failure is the whole cart's.
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    }),
  );
  const data = found.filter((l): l is CartLine => l !== null);
  if (data.length !== lines.length) writeGuestCart(lines.filter((_, i) => found[i] !== null));
  const subtotal = data.reduce((sum, l) => (l.status === 'active' ? sum + l.price * l.count : sum), 0);
  return { data, subtotal };
}

/**
 * At sign-in or sign-up: every line of the visitor's cart goes into the account's cart (counts add up), and the
 * visitor's cart is emptied. Answers how many lines could not be kept (sold out, no longer sold, over the limit).
 */
export async function mergeGuestCart(userId: string): Promise<{ merged: number; dropped: number }> {
  const lines = readGuestCart();
  let merged = 0;
  for (const line of lines) {
    try {
      await call(cartRoutes.addToCart, { params: { userId }, body: line });
      merged += 1;
    } catch {
      // Kept going: one product the account cannot take does not stop the others.
    }
  }
  clearGuestCart();
  return { merged, dropped: lines.length - merged };
}
