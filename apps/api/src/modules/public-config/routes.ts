import type { FastifyPluginAsync } from 'fastify';
import type { PublicConfig } from '@urembo/contract/public-config';
import type { AppContext } from '../../routes';

/** GET /config/public: shop settings the storefront shows (docs/api-additions-orders.md). Public, cacheable. */
export function publicConfigRoutes({ config }: AppContext): FastifyPluginAsync {
  const body: PublicConfig = {
    shop: config.shop,
    mpesa: {
      ...config.paymentInstructions,
      stkPush: config.mpesa.mode !== 'off',
      simulator: config.mpesa.mode === 'simulator',
    },
  };
  return async (app) => {
    app.get('/config/public', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(body),
    );
  };
}
