import type { CartLine } from '@urembo/contract/orders';
import { toProductDto, toVariantDto, type VariantRow } from '../catalogue';
import type { CartProductRow } from './repository';

/** A cart line: the catalogue's Product plus `count` and the variant chosen (whose price is the line's). */
export function toCartLine(row: CartProductRow, imageHashes: string[], variants: VariantRow[]): CartLine {
  const product = toProductDto(row, imageHashes, variants);
  const chosen = row.variant_id ? variants.find((v) => v.id === row.variant_id) : undefined;
  if (!chosen) return { ...product, count: row.count, variant: null };
  const { _id, sku, options, price, image, stock, inStock } = toVariantDto(chosen);
  return {
    ...product,
    price,
    count: row.count,
    variant: { _id, sku, options, price, image, stock, inStock },
  };
}
