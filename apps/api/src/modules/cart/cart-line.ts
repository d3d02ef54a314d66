import type { CartLine } from '@urembo/contract/orders';
import { fromFlag } from '../../db/sql-values';
import type { CartProductRow } from './repository';

/** The URL of a stored product image's largest variant (served by the catalogue's image route). */
export function productImageUrl(hash: string): string {
  return `/api/v1/images/${hash}-1200.webp`;
}

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A cart line as API.md shapes it: the Product fields plus `count`.
 *
 * SEAM: this is the cart's own small product mapper, written while the catalogue module was built in parallel.
 * After merging, replace the product part with the catalogue's product DTO mapper (same output shape).
 */
export function toCartLine(row: CartProductRow, imageHashes: string[]): CartLine {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    price: row.price,
    description: row.description,
    usage: row.usage,
    images: imageHashes.map(productImageUrl),
    status: row.status,
    tags: parseTags(row.tags),
    isFeatured: fromFlag(row.is_featured),
    isProductNew: fromFlag(row.is_new),
    category:
      row.category_id && row.category_name ? { _id: row.category_id, category: row.category_name } : null,
    rating: row.review_count > 0 && row.rating !== null ? Number(row.rating) : 5,
    reviewCount: row.review_count,
    createdAt: row.created_at,
    count: row.count,
  };
}
