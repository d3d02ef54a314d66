import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentPullEndpoints as endpoints } from '@urembo/contract/endpoints/payment-pull';
import { routeOf } from '../../lib/endpoint-route';
import type { PullSweep } from './pull-sweep';

/** The Pull Transactions sweep for the admin: its last run, and a run now. */
export function pullAdminRoutes(pull: PullSweep): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.getPullSweep),
      handler: async () => pull.status(),
    });
    app.route({
      ...routeOf(endpoints.runPullSweep),
      handler: async () => pull.runNow(),
    });
  };
}
