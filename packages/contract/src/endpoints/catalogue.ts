import {
  brandCountSchema,
  categoryInputSchema,
  categorySchema,
  categoryUpdateSchema,
  deleteProductImageSchema,
  featuredQuerySchema,
  productCreateSchema,
  productListQuerySchema,
  productSchema,
  productUpdateSchema,
  relatedQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  stockAdjustSchema,
} from '../catalogue';
import { searchSynonymBodySchema, searchSynonymSchema, searchSynonymUpdateSchema } from '../search-words';
import { collectionSchema, messageSchema, pagedSchema, pathParams, withMessage } from '../common';
import { defineEndpoints, otherBody } from '../endpoint';
import { catalogueRoutes } from '../routes/catalogue';

const ACTIVE_ONLY = 'Only active products.';
const PICTURES =
  'Pictures come as data URLs (JPEG, PNG or WebP, checked by their bytes; at most 5 MB each and 8 a product, so ' +
  'the body may be up to 56 MB) and are stored as WebP at 320, 640 and 1200 pixels wide; a bad one → 400 naming it.';

export const catalogueEndpoints = defineEndpoints(catalogueRoutes, {
  listFeaturedProducts: {
    summary: 'Featured or new products, for the home page',
    description: `${ACTIVE_ONLY} 10 a page by default.`,
    access: 'public',
    query: featuredQuerySchema,
    responses: { 200: pagedSchema(productSchema) },
    etag: true,
  },
  searchProducts: {
    summary: 'Search products by name, tags, category and description',
    description:
      `${ACTIVE_ONLY} Words match as prefixes, name matches first; the input is always plain words. ` +
      '25 a page by default; `message` is the line shown above the results. A blank term → 400.',
    access: 'public',
    query: searchQuerySchema,
    responses: { 200: searchResultSchema },
    etag: true,
  },
  listRelatedProducts: {
    summary: 'Other products of a category (at most 8), for a product page',
    description: ACTIVE_ONLY,
    access: 'public',
    params: pathParams('categoryId'),
    query: relatedQuerySchema,
    responses: { 200: collectionSchema(productSchema) },
    etag: true,
  },
  listProducts: {
    summary: 'The shop’s products, newest first, optionally of one category',
    description:
      `${ACTIVE_ONLY} \`category\` is a category's id or slug, \`brand\` a brand in any case (an unknown one ` +
      'lists nothing); 10 a page by ' +
      'default. `includeInactive=true` lists inactive products too, for admins only (401 signed out, 403 for a ' +
      'customer), and is never cached. `q` (admins only, the same 401/403; at most 60 characters, else 400) keeps ' +
      'the products whose name, brand or a variant’s SKU contains it, in any case; blank is no filter.',
    access: 'public',
    readsSession: true,
    query: productListQuerySchema,
    responses: { 200: pagedSchema(productSchema) },
    errors: [401, 403],
    etag: true,
  },
  getProduct: {
    summary: 'One product, by id or slug',
    description: 'An inactive product is answered too (its page says it is unavailable).',
    access: 'public',
    params: pathParams('id'),
    responses: { 200: productSchema },
    errors: [404],
    etag: true,
  },
  listBrands: {
    summary: 'The brands of the shop’s active products, A to Z, with how many products each has',
    description: 'For the shop page’s brand filter (`GET /products?brand=`).',
    access: 'public',
    responses: { 200: collectionSchema(brandCountSchema) },
    etag: true,
  },
  listCategories: {
    summary: 'The categories',
    access: 'public',
    responses: { 200: collectionSchema(categorySchema) },
    etag: true,
  },
  getImage: {
    summary: 'A product picture',
    description:
      'Named `{hash}-{width}.webp` (width 320, 640 or 1200); the name is the SHA-256 of the upload, so its bytes ' +
      'never change: cached for a year (immutable). Any other name, or a picture no longer kept → 404.',
    access: 'public',
    params: pathParams('file'),
    responses: { 200: otherBody('image/webp', 'The picture') },
    errors: [404],
    etag: true,
  },
  createProduct: {
    summary: 'Add a product',
    description:
      `${PICTURES} An unknown category → 400. \`expiresOn\` not "YYYY-MM" → 400; an active product whose ` +
      'ingredients name a substance banned in Kenyan cosmetics (hydroquinone, mercury in any form) → 400 naming it. ' +
      "A variant's SKU already used by another product → 409.",
    access: 'admin',
    body: productCreateSchema,
    responses: { 201: productSchema },
    errors: [409],
  },
  updateProduct: {
    summary: 'Change a product (pictures sent are added to its own)',
    description:
      `Fields left out stay as they are. ${PICTURES} The product as changed may not be active with banned ` +
      "ingredients (400 naming the substance). A variant's SKU already used by another product → 409.",
    access: 'admin',
    params: pathParams('id'),
    body: productUpdateSchema,
    responses: { 200: productSchema },
    errors: [404, 409],
  },
  deleteProduct: {
    summary: 'Delete a product',
    description: 'Its pictures go when no other product or past order uses them.',
    access: 'admin',
    params: pathParams('id'),
    responses: { 200: messageSchema },
    errors: [404],
  },
  adjustStock: {
    summary: 'Restock (+n) or correct (−n) a product’s stock, applied to the stock as it is now',
    description: 'A product that does not track stock, or a change below zero → 409.',
    access: 'admin',
    params: pathParams('id'),
    body: stockAdjustSchema,
    responses: { 200: withMessage(productSchema) },
    errors: [404, 409],
  },
  deleteProductImage: {
    summary: 'Remove one picture from a product',
    description: 'A URL that is not one of the product’s pictures → 400 or 404.',
    access: 'admin',
    body: deleteProductImageSchema,
    responses: { 200: productSchema },
    errors: [404],
  },
  createCategory: {
    summary: 'Add a category',
    description: 'Names are unique (409).',
    access: 'admin',
    body: categoryInputSchema,
    responses: { 201: categorySchema },
    errors: [409],
  },
  updateCategory: {
    summary: 'Rename or describe a category',
    description: 'Names are unique (409).',
    access: 'admin',
    params: pathParams('id'),
    body: categoryUpdateSchema,
    responses: { 200: categorySchema },
    errors: [404, 409],
  },
  deleteCategory: {
    summary: 'Delete a category no product and no discount code uses',
    description:
      'A category that still holds products (active or not) → 409 saying how many; one a discount code is ' +
      'limited to → 409 naming the code. Missing → 404.',
    access: 'admin',
    params: pathParams('id'),
    responses: { 200: messageSchema },
    errors: [404, 409],
  },
  listSearchSynonyms: {
    summary: 'The search synonyms admins keep',
    description:
      'Typing `word` also searches for each of `means`. Common Kiswahili beauty words (mafuta, nywele, ngozi, ' +
      'sabuni, manukato, midomo...) are always known and are not listed here.',
    access: 'admin',
    responses: { 200: collectionSchema(searchSynonymSchema) },
  },
  createSearchSynonym: {
    summary: 'Add a search synonym',
    description:
      'Each word is one word of letters and digits, kept lower-cased; at most 10 `means`. A word already kept → ' +
      '409. Searches use it at once.',
    access: 'admin',
    body: searchSynonymBodySchema,
    responses: { 201: searchSynonymSchema },
    errors: [409],
  },
  updateSearchSynonym: {
    summary: 'Change a search synonym',
    description: 'Either field (none → 400); a word another synonym keeps → 409.',
    access: 'admin',
    params: pathParams('id'),
    body: searchSynonymUpdateSchema,
    responses: { 200: searchSynonymSchema },
    errors: [404, 409],
  },
  deleteSearchSynonym: {
    summary: 'Delete a search synonym',
    access: 'admin',
    params: pathParams('id'),
    responses: { 200: messageSchema },
    errors: [404],
  },
});
