import { pathParams, collectionSchema, pagedSchema, withMessage } from '@urembo/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryInputSchema,
  categoryUpdateSchema,
  deleteProductImageSchema,
  featuredQuerySchema,
  productCreateSchema,
  productListQuerySchema,
  productUpdateSchema,
  relatedQuerySchema,
  searchQuerySchema,
  stockAdjustSchema,
  categorySchema,
  productSchema,
  searchResultSchema,
} from '@urembo/contract/catalogue';
import { etagMatches, sendCachedJson } from '../../lib/answer-cache';
import { notFound } from '../../lib/http-error';
import type { RouteContext } from '../../lib/route-context';
import type { CatalogueService } from './service';
import { requireAdmin } from '../auth';
import { parseImageFileName } from './images';

/** What these routes use of the app. */
type Ctx = RouteContext<{ catalogue: CatalogueService }>;

/**
 * Product create/update bodies carry up to 8 images of 5 MB as base64 (4/3 larger) plus the other fields; every
 * other route keeps the global 1 MB limit.
 */
export const PRODUCT_BODY_LIMIT = 56 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /products..., /category..., /images/... (API.md, Catalogue): the shop's reads. */
export function shopRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const service = ctx.services.catalogue;
    const images = service.images;

    /* Products: public reads */

    // Public reads are answered from the answer cache: JSON bytes with an ETag, cleared by every catalogue write.
    const answers = ctx.caches.answers;

    app.get(
      '/products/featuredandnew',
      { schema: { response: { 200: pagedSchema(productSchema) }, querystring: featuredQuerySchema } },
      async (request, reply) =>
        sendCachedJson(request, reply, answers, () => service.featuredAndNew(request.query)),
    );

    app.get(
      '/products/search',
      {
        schema: {
          response: { 200: searchResultSchema },
          querystring: searchQuerySchema,
        },
      },
      async (request, reply) => {
        const { search, ...paging } = request.query;
        return sendCachedJson(request, reply, answers, () => service.search(search, paging));
      },
    );

    app.get(
      '/products/categoryProducts/:categoryId',
      {
        schema: {
          response: { 200: collectionSchema(productSchema) },
          params: pathParams('categoryId'),
          querystring: relatedQuerySchema,
        },
      },
      async (request, reply) => {
        const { categoryId } = request.params as { categoryId: string };
        const { exclude } = request.query;
        return sendCachedJson(request, reply, answers, async () => ({
          data: await service.related(categoryId, exclude),
        }));
      },
    );

    app.get(
      '/products',
      { schema: { response: { 200: pagedSchema(productSchema) }, querystring: productListQuerySchema } },
      async (request, reply) => {
        const query = request.query;
        // Inactive products are listed for the admin table only (and never cached).
        if (query.includeInactive) {
          await requireAdmin(request);
          return service.list({ ...query, includeInactive: true });
        }
        return sendCachedJson(request, reply, answers, () =>
          service.list({ ...query, includeInactive: false }),
        );
      },
    );

    app.get(
      '/products/:id',
      { schema: { response: { 200: productSchema }, params: pathParams('id') } },
      async (request, reply) => sendCachedJson(request, reply, answers, () => service.get(request.params.id)),
    );

    /* Categories */

    app.get(
      '/category',
      { schema: { response: { 200: collectionSchema(categorySchema) } } },
      async (request, reply) =>
        sendCachedJson(request, reply, answers, async () => ({ data: await service.categories() })),
    );

    /* Images: content-addressed, so a URL's bytes never change. */

    app.get('/images/:file', { schema: { params: pathParams('file') } }, async (request, reply) => {
      const parsed = parseImageFileName(request.params.file);
      if (!parsed) throw notFound('Image not found');
      const etag = `"${parsed.hash}-${parsed.width}"`;
      void reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      const bytes = await images.read(parsed.hash, parsed.width);
      if (!bytes) {
        void reply.header('cache-control', 'no-store').removeHeader('etag');
        throw notFound('Image not found');
      }
      return reply.type('image/webp').send(bytes);
    });
  };
}

/** Product, stock and category changes (admin surface: routes.ts guards them). */
export function adminRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const service = ctx.services.catalogue;

    app.post(
      '/products',
      {
        schema: { response: { 201: productSchema }, body: productCreateSchema },
        bodyLimit: PRODUCT_BODY_LIMIT,
      },
      async (request, reply) => {
        const product = await service.create(request.body);
        return reply.status(201).send(product);
      },
    );

    app.put(
      '/products/:id',
      {
        schema: { response: { 200: productSchema }, params: pathParams('id'), body: productUpdateSchema },
        bodyLimit: PRODUCT_BODY_LIMIT,
      },
      async (request) => {
        return service.update(request.params.id, request.body);
      },
    );

    app.delete('/products/:id', { schema: { params: pathParams('id') } }, async (request) => {
      await service.remove(request.params.id);
      return { message: 'Product deleted' };
    });

    app.post(
      '/products/:id/stock',
      {
        schema: {
          response: { 200: withMessage(productSchema) },
          params: pathParams('id'),
          body: stockAdjustSchema,
        },
      },
      async (request) => {
        const { change } = request.body;
        const product = await service.adjustStock(request.params.id, change);
        return { ...product, message: `Stock of ${product.name} is now ${product.stock}` };
      },
    );

    app.post(
      '/products/deleteProductImage',
      { schema: { body: deleteProductImageSchema } },
      async (request) => {
        const { url, productId } = request.body;
        return service.deleteImage(productId, url);
      },
    );

    app.post(
      '/category',
      { schema: { response: { 201: categorySchema }, body: categoryInputSchema } },
      async (request, reply) => {
        const category = await service.createCategory(request.body);
        return reply.status(201).send(category);
      },
    );

    app.put(
      '/category/:id',
      { schema: { response: { 200: categorySchema }, params: pathParams('id'), body: categoryUpdateSchema } },
      async (request) => {
        return service.updateCategory(request.params.id, request.body);
      },
    );
  };
}
