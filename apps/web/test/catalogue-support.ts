import type { Product } from '@urembo/contract/catalogue';
import { HASH, product as anyProduct } from './support/fixtures';

export { CATEGORIES, HASH, paged } from './support/fixtures';

/** The catalogue tests' product: the demo's rose water toner, featured, in Skin Care. */
export function product(overrides: Partial<Product> = {}): Product {
  return anyProduct({
    slug: 'rose-water-toner',
    name: 'Rose Water Toner',
    price: 1250,
    description: 'Pure steam-distilled rose water that refreshes, tones and calms the skin.',
    usage: 'Mist over the face.',
    images: [`/api/v1/images/${HASH}-1200.webp`],
    tags: ['toner', 'rose'],
    isFeatured: true,
    isProductNew: false,
    category: { _id: 'c1', category: 'Skin Care' },
    ...overrides,
  });
}
