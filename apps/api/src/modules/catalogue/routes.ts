import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
} from '@urembo/contract/catalogue';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import type { AppContext } from '../../routes';
import { requireAdmin } from '../auth/guards';
import { parseImageFileName } from './images';

/**
 * Product create/update bodies carry up to 8 images of 5 MB as base64 (4/3 larger) plus the other fields; every
 * other route keeps the global 1 MB limit.
 */
export const PRODUCT_BODY_LIMIT = 56 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** GET /products..., /category..., /images/... (API.md, Catalogue): the shop's reads. */
export function shopRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const service = ctx.services.catalogue;
    const images = service.images;

    /* Products: public reads */

    app.get('/products/featuredandnew', async (request) => {
      return service.featuredAndNew(parseInput(featuredQuerySchema, request.query));
    });

    app.get('/products/search', async (request) => {
      const { search, ...paging } = parseInput(searchQuerySchema, request.query);
      return service.search(search, paging);
    });

    app.get('/products/categoryProducts/:categoryId', async (request) => {
      const { categoryId } = request.params as { categoryId: string };
      const { exclude } = parseInput(relatedQuerySchema, request.query);
      return { data: await service.related(categoryId, exclude) };
    });

    app.get('/products', async (request) => {
      const query = parseInput(productListQuerySchema, request.query);
      // Inactive products are listed for the admin table only.
      if (query.includeInactive) await requireAdmin(request);
      return service.list({ ...query, includeInactive: query.includeInactive ?? false });
    });

    app.get('/products/:id', async (request) => service.get(idParam(request)));

    /* Categories */

    app.get('/category', async () => ({ data: await service.categories() }));

    /* Images: content-addressed, so a URL's bytes never change. */

    app.get('/images/:file', async (request, reply) => {
      const parsed = parseImageFileName((request.params as { file: string }).file);
      if (!parsed) throw notFound('Image not found');
      const etag = `"${parsed.hash}-${parsed.width}"`;
      void reply.header('cache-control', IMMUTABLE).header('etag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send();
      }
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
export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const service = ctx.services.catalogue;

    app.post('/products', { bodyLimit: PRODUCT_BODY_LIMIT }, async (request, reply) => {
      const product = await service.create(parseInput(productCreateSchema, request.body));
      return reply.status(201).send(product);
    });

    app.put('/products/:id', { bodyLimit: PRODUCT_BODY_LIMIT }, async (request) => {
      return service.update(idParam(request), parseInput(productUpdateSchema, request.body));
    });

    app.delete('/products/:id', async (request) => {
      await service.remove(idParam(request));
      return { message: 'Product deleted' };
    });

    app.post<{ Params: { id: string } }>('/products/:id/stock', async (request) => {
      const { change } = parseInput(stockAdjustSchema, request.body);
      const product = await service.adjustStock(idParam(request), change);
      return { ...product, message: `Stock of ${product.name} is now ${product.stock}` };
    });

    app.post('/products/deleteProductImage', async (request) => {
      const { url, productId } = parseInput(deleteProductImageSchema, request.body);
      return service.deleteImage(productId, url);
    });

    app.post('/category', async (request, reply) => {
      const category = await service.createCategory(parseInput(categoryInputSchema, request.body));
      return reply.status(201).send(category);
    });

    app.put('/category/:id', async (request) => {
      return service.updateCategory(idParam(request), parseInput(categoryUpdateSchema, request.body));
    });
  };
}
