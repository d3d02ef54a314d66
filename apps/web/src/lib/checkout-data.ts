/**
 * The checkout's items, kept in localStorage under `checkoutData` between the cart or a product's
 * "Buy now" and the checkout screen. Only ids, counts and display fields: the server prices the order.
 */
export const CHECKOUT_DATA_KEY = 'checkoutData';

export interface CheckoutItem {
  _id: string;
  name: string;
  price: number;
  count: number;
  images: string[];
  /** The variant's id, for a product with variants, and its options ("Shade: Mocha") to show. */
  variant?: string;
  options?: Record<string, string>;
}

export function saveCheckoutData(items: CheckoutItem[]): void {
  const slim = items.map(({ _id, name, price, count, images, variant, options }) => ({
    _id,
    name,
    price,
    count,
    images,
    ...(variant ? { variant, options: options ?? {} } : {}),
  }));
  localStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(slim));
}

/** The saved items, or null when there are none or what is stored is not a list of items. */
export function readCheckoutData(): CheckoutItem[] | null {
  let value: unknown;
  try {
    value = JSON.parse(localStorage.getItem(CHECKOUT_DATA_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const items: CheckoutItem[] = [];
  for (const raw of value as unknown[]) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Partial<Record<keyof CheckoutItem, unknown>>;
    if (typeof item._id !== 'string' || !item._id) continue;
    const count =
      typeof item.count === 'number' && Number.isInteger(item.count) && item.count > 0 ? item.count : 1;
    items.push({
      _id: item._id,
      name: typeof item.name === 'string' ? item.name : '',
      price: typeof item.price === 'number' ? item.price : 0,
      count,
      images: Array.isArray(item.images) ? item.images.filter((i): i is string => typeof i === 'string') : [],
      ...(typeof item.variant === 'string' && item.variant
        ? { variant: item.variant, options: optionsOf(item.options) }
        : {}),
    });
  }
  return items.length > 0 ? items : null;
}

function optionsOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

export function clearCheckoutData(): void {
  localStorage.removeItem(CHECKOUT_DATA_KEY);
}
