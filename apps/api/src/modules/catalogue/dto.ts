import type { Category, Product } from '@urembo/contract/catalogue';
import { fromFlag } from '../../db/sql-values';
import { imageUrl } from './images';
import type { CategoryRow, ProductRow } from './repository';

export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The API's Product: image URLs of the largest width, rating 5 until someone reviews it. */
export function toProductDto(row: ProductRow, imageHashes: string[]): Product {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    price: row.price,
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
    stock: row.stock === null ? null : Number(row.stock),
    inStock: row.stock === null || Number(row.stock) > 0,
    createdAt: row.created_at,
  };
}

export function toCategoryDto(row: CategoryRow): Category {
  return { _id: row.id, category: row.name, description: row.description };
}
