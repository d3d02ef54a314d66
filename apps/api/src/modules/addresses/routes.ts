import { pathParams, collectionSchema } from '@urembo/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressBodySchema, addressSchema } from '@urembo/contract/addresses';
import type { RouteContext } from '../../lib/route-context';
import type { AddressService } from './service';
import { assertSelf, currentUser, requireUser } from '../auth';

/** What these routes use of the app. */
type Ctx = RouteContext<{ addresses: AddressService }>;

/** /address/* (API.md "Addresses"): owner only. */
export function shopRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const service = services.addresses;
    app.addHook('onRequest', requireUser);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.get(
      '/address/user/:userId',
      { schema: { response: { 200: collectionSchema(addressSchema) }, params: pathParams('userId') } },
      async (request) => {
        const user = assertSelf(request, request.params.userId);
        return { data: await service.list(user.id) };
      },
    );

    app.post(
      '/address',
      { schema: { response: { 201: addressSchema }, body: addressBodySchema } },
      async (request, reply) => {
        const body = request.body;
        const address = await service.create(currentUser(request), body);
        return reply.status(201).send(address);
      },
    );

    app.put(
      '/address/:id',
      { schema: { response: { 200: addressSchema }, params: pathParams('id'), body: addressBodySchema } },
      async (request) => {
        const body = request.body;
        return service.update(currentUser(request), request.params.id, body);
      },
    );

    app.delete('/address/:id', { schema: { params: pathParams('id') } }, async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { message: 'address deleted' };
    });
  };
}
