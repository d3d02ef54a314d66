import { catalogueEndpoints as endpoints } from '@urembo/contract/endpoints/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { etagMatches, KEPT_ANSWER_ROUTE, sendCachedJson, sendJsonOnce } from '../../lib/answer-cache';
import { routeOf } from '../../lib/endpoint-route';
import { notFound } from '../../lib/http-error';
import type { RouteContext } from '../../lib/route-context';
import type { CatalogueService } from './service';
import { currentUser, requireAdmin } from '../auth';
import { parseImageFileName } from './images';

/** What these routes use of the app. */
type Ctx = RouteContext<{ catalogue: CatalogueService }>;

/**
 * Product create/update bodies carry up to 8 images of 5 MB as base64 (4/3 larger) plus the other fields; every
 * other route keeps the global 1 MB limit.
 */
export const PRODUCT_BODY_LIMIT = 56 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /products..., /category..., /images/...: the shop's reads. */
export function shopRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const service = ctx.services.catalogue;
    const images = service.images;

    /* Products: public reads */

    // Public reads are answered from the answer cache: JSON bytes with an ETag, kept until a write changes them.
    const answers = ctx.caches.answers;

    app.route({
      ...routeOf(endpoints.listFeaturedProducts),
      ...KEPT_ANSWER_ROUTE,
      handler: async (request, reply) =>
        sendCachedJson(request, reply, answers, () => service.featuredAndNew(request.query)),
    });

    app.route({
      ...routeOf(endpoints.searchProducts),
      ...KEPT_ANSWER_ROUTE,
      handler: async (request, reply) => {
        const { search, ...paging } = request.query;
        return sendCachedJson(request, reply, answers, () => service.search(search, paging));
      },
    });

    app.route({
      ...routeOf(endpoints.listRelatedProducts),
      ...KEPT_ANSWER_ROUTE,
      handler: async (request, reply) =>
        sendCachedJson(request, reply, answers, async () => ({
          data: await service.related(request.params.categoryId, request.query.exclude),
        })),
    });

    app.route({
      ...routeOf(endpoints.listProducts),
      ...KEPT_ANSWER_ROUTE,
      handler: async (request, reply) => {
        const query = request.query;
        // Inactive products, and the search by name, brand or SKU, are for the admin table only (never cached).
        if (query.includeInactive || query.q) {
          await requireAdmin(request);
          return sendJsonOnce(
            request,
            reply,
            await service.list({ ...query, includeInactive: query.includeInactive === true }),
          );
        }
        return sendCachedJson(request, reply, answers, () =>
          service.list({ ...query, includeInactive: false }),
        );
      },
    });

    app.route({
      ...routeOf(endpoints.getProduct),
      ...KEPT_ANSWER_ROUTE,
      handler: async (request, reply) =>
        sendCachedJson(request, reply, answers, () => service.get(request.params.id), { list: false }),
    });

    app.route({
      ...routeOf(endpoints.listBrands),
      ...KEPT_ANSWER_ROUTE,
      handler: async (request, reply) =>
        sendCachedJson(request, reply, answers, async () => ({ data: await service.brands() })),
    });

    /* Categories */

    app.route({
      ...routeOf(endpoints.listCategories),
      ...KEPT_ANSWER_ROUTE,
      handler: async (request, reply) =>
        sendCachedJson(request, reply, answers, async () => ({ data: await service.categories() })),
    });

    /* Images: content-addressed, so a URL's bytes never change. */

    app.route({
      ...routeOf(endpoints.getImage),
      handler: async (request, reply) => {
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
      },
    });
  };
}

/** Product, stock and category changes (admin surface: routes.ts guards them). */
export function adminRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const service = ctx.services.catalogue;

    app.route({
      ...routeOf(endpoints.createProduct),
      bodyLimit: PRODUCT_BODY_LIMIT,
      handler: async (request, reply) => {
        const product = await service.create(request.body, currentUser(request).id);
        return reply.status(201).send(product);
      },
    });

    app.route({
      ...routeOf(endpoints.updateProduct),
      bodyLimit: PRODUCT_BODY_LIMIT,
      handler: async (request) => service.update(request.params.id, request.body, currentUser(request).id),
    });

    app.route({
      ...routeOf(endpoints.deleteProduct),
      handler: async (request) => {
        await service.remove(request.params.id, currentUser(request).id);
        return { message: 'Product deleted' };
      },
    });

    app.route({
      ...routeOf(endpoints.adjustStock),
      handler: async (request) => {
        const product = await service.adjustStock(
          request.params.id,
          request.body.change,
          currentUser(request).id,
        );
        return { ...product, message: `Stock of ${product.name} is now ${product.stock}` };
      },
    });

    app.route({
      ...routeOf(endpoints.deleteProductImage),
      handler: async (request) => {
        const { url, productId } = request.body;
        return service.deleteImage(productId, url, currentUser(request).id);
      },
    });

    app.route({
      ...routeOf(endpoints.createCategory),
      handler: async (request, reply) => {
        const category = await service.createCategory(request.body, currentUser(request).id);
        return reply.status(201).send(category);
      },
    });

    app.route({
      ...routeOf(endpoints.updateCategory),
      handler: async (request) =>
        service.updateCategory(request.params.id, request.body, currentUser(request).id),
    });

    app.route({
      ...routeOf(endpoints.deleteCategory),
      handler: async (request) => ({
        message: await service.deleteCategory(request.params.id, currentUser(request).id),
      }),
    });

    app.route({
      ...routeOf(endpoints.listSearchSynonyms),
      handler: async () => ({ data: await service.synonyms.list() }),
    });

    app.route({
      ...routeOf(endpoints.createSearchSynonym),
      handler: async (request, reply) =>
        reply.status(201).send(await service.synonyms.create(request.body, currentUser(request).id)),
    });

    app.route({
      ...routeOf(endpoints.updateSearchSynonym),
      handler: async (request) =>
        service.synonyms.update(request.params.id, request.body, currentUser(request).id),
    });

    app.route({
      ...routeOf(endpoints.deleteSearchSynonym),
      handler: async (request) => ({
        message: await service.synonyms.remove(request.params.id, currentUser(request).id),
      }),
    });
  };
}
