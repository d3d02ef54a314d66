import { z } from 'zod';

export const categorySchema = z.object({ _id: z.string(), category: z.string(), description: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const productStatusSchema = z.enum(['active', 'inactive']);
export type ProductStatus = z.infer<typeof productStatusSchema>;

export const productSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  price: z.number().int(),
  description: z.string(),
  usage: z.string(),
  /** Image URLs (the largest variant); see `imageSrcSet` for the resized widths. */
  images: z.array(z.string()),
  status: productStatusSchema,
  tags: z.array(z.string()),
  isFeatured: z.boolean(),
  isProductNew: z.boolean(),
  category: z.object({ _id: z.string(), category: z.string() }).nullable(),
  /** Average of the reviews (one decimal); 5 when there are none. */
  rating: z.number(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
