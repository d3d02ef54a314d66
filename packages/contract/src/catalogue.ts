import { z } from 'zod';
import { PAGE_SIZES, pagedSchema, pagingQuery } from './common';
import { IMAGE_LIMITS } from './images';
import { SEARCH_TERM_MAX, SEARCH_TERM_TOO_LONG } from './page-sizes';
import { EXPIRES_ON_MESSAGE, EXPIRES_ON_PATTERN } from './product-facts';

export const categorySchema = z.object({ _id: z.string(), category: z.string(), description: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const productStatusSchema = z.enum(['active', 'inactive'], {
  error: 'Status must be active or inactive',
});

/** One of a product's options (Shade, Size, ...) and its values, in the order the shop lists them. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOptionSchema>;

/** One combination of a product's options, with its own SKU, price, stock, picture and swatch. */
export const variantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  /** {optionName: value}, one entry per option of the product. */
  options: z.record(z.string(), z.string()),
  price: z.number().int(),
  /** The earlier price, shown crossed out; null when there is none. */
  compareAtPrice: z.number().int().nullable(),
  /** Units on the shelf; null = not tracked (always available). */
  stock: z.number().int().nullable(),
  inStock: z.boolean(),
  /** URL of one of the product's images, or null. */
  image: z.string().nullable(),
  /** "#RRGGBB", for a shade; null otherwise. */
  swatch: z.string().nullable(),
});
export type Variant = z.infer<typeof variantSchema>;

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
  /** Units on the shelf; null = not tracked (always available). */
  stock: z.number().int().nullable(),
  /** False only when stock is tracked and zero. */
  inStock: z.boolean(),
  createdAt: z.string(),
  /** Who makes it, as the jar says ("Savanna Glow"); null when not recorded. */
  brand: z.string().nullable(),
  /** Best before, "YYYY-MM": the earliest expiry of the stock on hand; past that month it cannot be sold. */
  expiresOn: z.string().nullable(),
  /** The KEBS permit or Pharmacy and Poisons Board registration number. */
  registration: z.string().nullable(),
  /** The ingredient list as printed on the pack. */
  ingredients: z.string().nullable(),
  /** At most 3 options (Shade, Size, ...); empty for a product without options. */
  options: z.array(productOptionSchema),
  /** Every combination on sale; empty when the product has no options. */
  variants: z.array(variantSchema),
  /** The earlier price, shown crossed out; null when there is none. */
  compareAtPrice: z.number().int().nullable(),
  /** The lowest and highest price (the variants', or the product's own twice). */
  priceRange: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type Product = z.infer<typeof productSchema>;

/* ---------------------------------------------------------------------------------------------------------------
 * Requests (shared by the server and the admin forms)
 * ------------------------------------------------------------------------------------------------------------- */

export const PRODUCT_LIMITS = {
  name: 120,
  description: 5000,
  usage: 3000,
  tags: 20,
  tag: 40,
  minPrice: 1,
  maxPrice: 10_000_000,
  maxStock: 1_000_000,
  brand: 60,
  registration: 60,
  ingredients: 5000,
} as const;

export const VARIANT_LIMITS = {
  options: 3,
  optionName: 30,
  values: 30,
  value: 40,
  variants: 100,
  sku: 40,
} as const;

/** A SKU: 1 to 40 letters, digits and dashes. */
export const SKU_PATTERN = /^[A-Za-z0-9-]{1,40}$/;
/** A swatch colour: "#RRGGBB". */
export const SWATCH_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const CATEGORY_LIMITS = { name: 60, description: 500 } as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** Whole shillings; a numeric string from a form field is accepted too. */
const priceSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z
    .number({ error: 'Price is required and must be a number' })
    .int('Price must be whole shillings')
    .min(PRODUCT_LIMITS.minPrice, 'Price must be at least Ksh 1')
    .max(PRODUCT_LIMITS.maxPrice, 'Price must be at most Ksh 10,000,000'),
);

/** The earlier price: whole shillings as for a price, or null / "" for none. */
const compareAtPriceSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v),
  z
    .number({ error: 'compareAtPrice must be a number of shillings (or null for none)' })
    .int('compareAtPrice must be whole shillings')
    .min(PRODUCT_LIMITS.minPrice, 'compareAtPrice must be at least Ksh 1')
    .max(PRODUCT_LIMITS.maxPrice, 'compareAtPrice must be at most Ksh 10,000,000')
    .nullable(),
);

/**
 * Units in stock: a whole number from 0, or null / "" for "not tracked". A numeric string from a form field is
 * accepted too.
 */
export const stockSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v),
  z
    .number({ error: 'Stock must be a whole number (leave it empty to not track stock)' })
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(PRODUCT_LIMITS.maxStock, `Stock must be at most ${PRODUCT_LIMITS.maxStock.toLocaleString('en-KE')}`)
    .nullable(),
);

/** POST /products/{id}/stock: a quick restock (+n) or correction (-n), applied to the current stock atomically. */
export const stockAdjustSchema = z.object({
  change: z
    .number({ error: 'change must be a whole number' })
    .int('change must be a whole number')
    .refine((n) => n !== 0, 'change must not be 0')
    .refine(
      (n) => Math.abs(n) <= PRODUCT_LIMITS.maxStock,
      `change must be at most ${PRODUCT_LIMITS.maxStock}`,
    ),
});

/** Tags: trimmed, blanks dropped, duplicates (ignoring case) dropped; a comma-separated string is split. */
export const tagsSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',') : v),
  z
    .array(z.string({ error: 'Each tag must be text' }), { error: 'Tags must be a list of words' })
    .transform((tags) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of tags) {
        const tag = raw.trim().replace(/\s+/g, ' ');
        const key = tag.toLowerCase();
        if (!tag || seen.has(key)) continue;
        seen.add(key);
        out.push(tag);
      }
      return out;
    })
    .pipe(
      z
        .array(
          z.string().max(PRODUCT_LIMITS.tag, `Each tag must be at most ${PRODUCT_LIMITS.tag} characters`),
        )
        .max(PRODUCT_LIMITS.tags, `At most ${PRODUCT_LIMITS.tags} tags`),
    ),
);

/** Text that may be left out: trimmed, and "" or null store nothing (null). */
const nullableText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

/** A brand name: inner spaces collapsed, so "Savanna  Glow" and "Savanna Glow" are one brand. */
const brandSchema = nullableText('Brand', PRODUCT_LIMITS.brand).transform((v) =>
  v ? v.replace(/\s+/g, ' ') : null,
);

/** Best before, "YYYY-MM" (null or "" for none). */
export const expiresOnSchema = z
  .string({ error: EXPIRES_ON_MESSAGE })
  .trim()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || EXPIRES_ON_PATTERN.test(v), EXPIRES_ON_MESSAGE);

const registrationSchema = nullableText('Registration', PRODUCT_LIMITS.registration);
const ingredientsSchema = nullableText('Ingredients', PRODUCT_LIMITS.ingredients);

/** A category id, or null / "" for none. */
const categoryRefSchema = z
  .string({ error: 'Category must be a category id' })
  .trim()
  .nullable()
  .transform((v) => (v ? v : null));

const imagesSchema = z
  .array(z.string({ error: 'Each image must be a data URL' }), {
    error: 'Images must be a list of data URLs',
  })
  .max(IMAGE_LIMITS.perProduct, `A product can have at most ${IMAGE_LIMITS.perProduct} images`);

const optionInputSchema = z.object({
  name: requiredText('Option name', VARIANT_LIMITS.optionName),
  values: z
    .array(requiredText('Option value', VARIANT_LIMITS.value), { error: 'Option values must be a list' })
    .min(1, 'An option needs at least one value')
    .max(VARIANT_LIMITS.values, `An option can have at most ${VARIANT_LIMITS.values} values`),
});

const optionsInputSchema = z
  .array(optionInputSchema, { error: 'options must be a list of {name, values}' })
  .max(VARIANT_LIMITS.options, `A product can have at most ${VARIANT_LIMITS.options} options`);

/** One variant as the admin sends it: `image` is an index into the product's images or one of their URLs. */
export const variantInputSchema = z.object({
  sku: z
    .string({ error: 'sku is required' })
    .trim()
    .regex(SKU_PATTERN, 'sku must be 1 to 40 letters, digits and dashes'),
  options: z.record(
    z.string(),
    z.string({ error: 'Each option value must be text' }).trim().min(1, 'Each option needs a value'),
    { error: 'options must name a value for every option, e.g. {"Shade": "Mocha"}' },
  ),
  price: priceSchema,
  compareAtPrice: compareAtPriceSchema.default(null),
  stock: stockSchema.default(null),
  image: z
    .union([z.number().int().min(0), z.string().trim()], {
      error: 'image must be the index of one of the product’s images or its URL',
    })
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .default(null),
  swatch: z
    .string({ error: 'swatch must be a colour like #A0522D' })
    .trim()
    .regex(SWATCH_PATTERN, 'swatch must be a colour like #A0522D')
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : null))
    .default(null),
});
export type VariantInput = z.input<typeof variantInputSchema>;

const variantsInputSchema = z
  .array(variantInputSchema, { error: 'variants must be a list' })
  .max(VARIANT_LIMITS.variants, `A product can have at most ${VARIANT_LIMITS.variants} variants`);

/** POST /products/ */
export const productCreateSchema = z
  .object({
    name: requiredText('Product name', PRODUCT_LIMITS.name),
    /** Required without variants; with variants the product's price is their lowest. */
    price: priceSchema.optional(),
    description: optionalText('Description', PRODUCT_LIMITS.description).default(''),
    usage: optionalText('Usage', PRODUCT_LIMITS.usage).default(''),
    category: categoryRefSchema.default(null),
    tags: tagsSchema.default([]),
    isFeatured: z.boolean({ error: 'isFeatured must be true or false' }).default(false),
    isProductNew: z.boolean({ error: 'isProductNew must be true or false' }).default(false),
    status: productStatusSchema.default('active'),
    images: imagesSchema.default([]),
    stock: stockSchema.default(null),
    compareAtPrice: compareAtPriceSchema.default(null),
    options: optionsInputSchema.default([]),
    variants: variantsInputSchema.default([]),
    brand: brandSchema.default(null),
    expiresOn: expiresOnSchema.default(null),
    registration: registrationSchema.default(null),
    ingredients: ingredientsSchema.default(null),
  })
  .refine((v) => v.price !== undefined || v.variants.length > 0, {
    path: ['price'],
    error: 'Price is required and must be a number',
  });
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreate = z.output<typeof productCreateSchema>;

/** PUT /products/{id}: the same fields, each optional (missing ones keep their value); `images` are ADDED. */
export const productUpdateSchema = z.object({
  name: requiredText('Product name', PRODUCT_LIMITS.name).optional(),
  price: priceSchema.optional(),
  description: optionalText('Description', PRODUCT_LIMITS.description).optional(),
  usage: optionalText('Usage', PRODUCT_LIMITS.usage).optional(),
  category: categoryRefSchema.optional(),
  tags: tagsSchema.optional(),
  isFeatured: z.boolean({ error: 'isFeatured must be true or false' }).optional(),
  isProductNew: z.boolean({ error: 'isProductNew must be true or false' }).optional(),
  status: productStatusSchema.optional(),
  images: imagesSchema.optional(),
  /** Absent = unchanged; null = stop tracking. */
  stock: stockSchema.optional(),
  /** Each: absent = unchanged; null or "" = none. */
  brand: brandSchema.optional(),
  expiresOn: expiresOnSchema.optional(),
  registration: registrationSchema.optional(),
  ingredients: ingredientsSchema.optional(),
  compareAtPrice: compareAtPriceSchema.optional(),
  /** Absent = unchanged. Given, they replace the lists (a variant keeps its _id when its sku stays). */
  options: optionsInputSchema.optional(),
  variants: variantsInputSchema.optional(),
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/** POST /products/deleteProductImage */
export const deleteProductImageSchema = z.object({
  url: z.string({ error: 'url is required' }).trim().min(1, 'url is required'),
  productId: z.string({ error: 'productId is required' }).trim().min(1, 'productId is required'),
});

/** POST /category/ and PUT /category/{id} */
export const categoryInputSchema = z.object({
  category: requiredText('Category name', CATEGORY_LIMITS.name),
  description: optionalText('Description', CATEGORY_LIMITS.description).default(''),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categoryUpdateSchema = categoryInputSchema.partial();

/* ---------------------------------------------------------------------------------------------------------------
 * Queries
 * ------------------------------------------------------------------------------------------------------------- */

const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** The admin products table's search box: at most this many characters. */
export const PRODUCT_SEARCH_MAX = 60;

/** GET /products/?page&limit&category&includeInactive&q (includeInactive and q: admins only). */
export const productListQuerySchema = pagingQuery(PAGE_SIZES.shop).extend({
  category: z.string().trim().max(100).optional(),
  includeInactive: booleanQuery.optional(),
  /** A brand as GET /brands names it (any case); an unknown one lists nothing. */
  brand: z.string().trim().max(PRODUCT_LIMITS.brand).optional(),
  /**
   * Admins only: products whose name, brand or a variant's SKU contains these letters (any case). Blank lists
   * everything.
   */
  q: z
    .string()
    .trim()
    .max(PRODUCT_SEARCH_MAX, `q must be at most ${PRODUCT_SEARCH_MAX} characters`)
    .optional(),
});

/** GET /brands: the brands of active products, A to Z, with how many each has. */
export const brandCountSchema = z.object({ brand: z.string(), count: z.number().int() });

export const featuredQuerySchema = pagingQuery(PAGE_SIZES.featured);

/** GET /products/search?search&page&limit */
export const searchQuerySchema = pagingQuery(PAGE_SIZES.search).extend({
  search: z
    .string({ error: 'Please type something to search for' })
    .trim()
    .min(1, 'Please type something to search for')
    .max(SEARCH_TERM_MAX, SEARCH_TERM_TOO_LONG),
});

export const relatedQuerySchema = z.object({ exclude: z.string().trim().max(100).optional() });

/** The search answer: a page of products plus the line the page shows above the grid. */
export const searchResultSchema = pagedSchema(productSchema).extend({ message: z.string() });
export type SearchResult = z.infer<typeof searchResultSchema>;
export type BrandCount = z.infer<typeof brandCountSchema>;
