import { publicConfigEndpoints } from '@urembo/contract/endpoints/public-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicConfig } from '@urembo/contract/public-config';
import { routeOf } from '../../lib/endpoint-route';
import { offersWhatsAppUpdates } from '../../lib/whatsapp';
import type { RouteContext } from '../../lib/route-context';
import { paymentDestination } from '../orders';

/** What these routes use of the app. */
type Ctx = RouteContext;

/** GET /config/public: shop settings the storefront shows (docs/api-additions-orders.md). Public, cacheable. */
export function shopRoutes({ config }: Ctx): FastifyPluginAsyncZod {
  const destination = paymentDestination(config, null);
  const body: PublicConfig = {
    shop: config.shop,
    mpesa: {
      ...config.paymentInstructions,
      // One destination for checkout and the order page.
      paybill: destination.paybill,
      account: destination.account,
      accountIsOrderReference: destination.accountIsOrderReference,
      stkPush: config.mpesa.mode !== 'off',
      simulator: config.mpesa.mode === 'simulator',
    },
    lowStockAt: config.stock.lowStockAt,
    returnDays: config.returnDays,
    freeDeliveryFrom: config.freeDeliveryFrom,
    whatsappUpdates: offersWhatsAppUpdates(config),
  };
  return async (app) => {
    app.route({
      ...routeOf(publicConfigEndpoints.getPublicConfig),
      handler: async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
    });
  };
}
