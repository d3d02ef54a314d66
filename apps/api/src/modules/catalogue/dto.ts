import type { Category, Product } from '@urembo/contract/catalogue';
import { fromFlag } from '../../db/sql-values';
import { imageUrl } from './images';
import type { CategoryRow, ProductRow } from './repository';
import { parseOptions, toVariantDto, type VariantRow } from './variants';

export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The API's Product: image URLs of the largest width, rating 5 until someone reviews it. With variants, the price
 * is their lowest, the stock their tracked units (null when none is tracked) and it is in stock when any is.
 */
export function toProductDto(
  row: ProductRow,
  imageHashes: string[],
  variantRows: VariantRow[] = [],
): Product {
  const variants = variantRows.map(toVariantDto);
  const prices = variants.map((v) => v.price);
  const own = {
    price: Number(row.price),
    stock: row.stock === null ? null : Number(row.stock),
    inStock: row.stock === null || Number(row.stock) > 0,
  };
  const tracked = variants.filter((v) => v.stock !== null);
  const offer =
    variants.length === 0
      ? own
      : {
          price: Math.min(...prices),
          stock: tracked.length === 0 ? null : tracked.reduce((sum, v) => sum + (v.stock ?? 0), 0),
          inStock: variants.some((v) => v.inStock),
        };
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    price: offer.price,
    description: row.description,
    usage: row.usage,
    images: imageHashes.map((hash) => imageUrl(hash)),
    status: row.status,
    tags: parseTags(row.tags),
    isFeatured: fromFlag(row.is_featured),
    isProductNew: fromFlag(row.is_new),
    category:
      row.category_id && row.category_name ? { _id: row.category_id, category: row.category_name } : null,
    rating: row.review_count > 0 && row.rating !== null ? Number(row.rating) : 5,
    reviewCount: row.review_count,
    stock: offer.stock,
    inStock: offer.inStock,
    createdAt: row.created_at,
    brand: row.brand,
    expiresOn: row.expires_on,
    registration: row.registration,
    ingredients: row.ingredients,
    options: variants.length === 0 ? [] : parseOptions(row.options),
    variants,
    compareAtPrice: row.compare_at_price === null ? null : Number(row.compare_at_price),
    priceRange:
      variants.length === 0
        ? { min: own.price, max: own.price }
        : { min: offer.price, max: Math.max(...prices) },
  };
}

export function toCategoryDto(row: CategoryRow): Category {
  return { _id: row.id, category: row.name, description: row.description };
}
