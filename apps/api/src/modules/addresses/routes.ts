import type { FastifyPluginAsync } from 'fastify';
import { addressBodySchema } from '@urembo/contract/addresses';
import { parseInput } from '../../lib/validate';
import type { AppContext } from '../../routes';
import { assertSelf, currentUser, requireUser } from '../auth/guards';

/** /address/* (API.md "Addresses"): owner only. */
export function shopRoutes({ services }: AppContext): FastifyPluginAsync {
  return async (app) => {
    const service = services.addresses;
    app.addHook('onRequest', requireUser);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.get<{ Params: { userId: string } }>('/address/user/:userId', async (request) => {
      const user = assertSelf(request, request.params.userId);
      return { data: await service.list(user.id) };
    });

    app.post('/address', async (request, reply) => {
      const body = parseInput(addressBodySchema, request.body);
      const address = await service.create(currentUser(request), body);
      return reply.status(201).send(address);
    });

    app.put<{ Params: { id: string } }>('/address/:id', async (request) => {
      const body = parseInput(addressBodySchema, request.body);
      return service.update(currentUser(request), request.params.id, body);
    });

    app.delete<{ Params: { id: string } }>('/address/:id', async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { message: 'address deleted' };
    });
  };
}
