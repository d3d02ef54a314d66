/*
 * Options and variants as the storefront shows them (no zod here, so the storefront's bundle stays small).
 */

interface VariantLike {
  _id: string;
  sku: string;
  options: Record<string, string>;
  inStock: boolean;
}

/** "Shade: Mocha, Size: 30 ml": a variant's options, in the product's option order. */
export function describeOptions(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

/** "Save 21%": how much lower the price is than the earlier one, rounded down; null without a lower price. */
export function savePercent(price: number, compareAtPrice: number | null): number | null {
  if (compareAtPrice === null || compareAtPrice <= price) return null;
  const percent = Math.floor(((compareAtPrice - price) * 100) / compareAtPrice);
  return percent > 0 ? percent : null;
}

/** An option shown as colour swatches: a shade or colour. */
export function isShadeOption(name: string): boolean {
  return /^(shade|shades|colou?r|colou?rs|tone|rangi)$/i.test(name.trim());
}

/** The variant whose SKU is `sku` (ignoring case), if any. */
export function variantBySku<V extends VariantLike>(
  variants: V[],
  sku: string | null | undefined,
): V | undefined {
  if (!sku) return undefined;
  const key = sku.toLowerCase();
  return variants.find((v) => v.sku.toLowerCase() === key);
}

/** The variant with exactly these option values, if the shop sells that combination. */
export function variantFor<V extends VariantLike>(
  variants: V[],
  chosen: Record<string, string>,
): V | undefined {
  return variants.find((v) => Object.entries(v.options).every(([name, value]) => chosen[name] === value));
}

/**
 * Whether choosing `value` for `option` (keeping the other choices) leads to a variant on sale and in stock: the
 * picker shows the others disabled.
 */
export function valueAvailable<V extends VariantLike>(
  variants: V[],
  chosen: Record<string, string>,
  option: string,
  value: string,
): boolean {
  const wanted = { ...chosen, [option]: value };
  return variants.some(
    (v) =>
      v.inStock &&
      Object.entries(v.options).every(([name, val]) => wanted[name] === undefined || wanted[name] === val),
  );
}
