import { pathParams, collectionSchema } from '@urembo/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SHIPPING_KINDS,
  SHIPPING_KIND_SINGULAR,
  countiesQuerySchema,
  createCountryBodySchema,
  createCountyBodySchema,
  createLocationBodySchema,
  createTownBodySchema,
  locationsQuerySchema,
  townsQuerySchema,
  updateShippingBodySchemas,
  type ShippingKind,
  countrySchema,
} from '@urembo/contract/shipping';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import type { RouteContext } from '../../lib/route-context';
import { listCounties, listCountries, listLocations, listTowns } from './repository';
import { toPlaceDto, type ShippingService } from './service';

/** What these routes use of the app. */
type Ctx = RouteContext<{ shipping: ShippingService }>;

function kindOf(value: string): ShippingKind {
  if (!(SHIPPING_KINDS as readonly string[]).includes(value)) throw notFound('Unknown shipping list');
  return value as ShippingKind;
}

/** The parent id a create or update body names for that level. */
function parentIdOf(kind: ShippingKind, body: { country?: string; county?: string; town?: string }) {
  if (kind === 'counties') return body.country;
  if (kind === 'towns') return body.county;
  if (kind === 'locations') return body.town;
  return undefined;
}

/** /shipping/* (API.md "Shipping"): public lists, admin changes. */
export function shopRoutes({ db }: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shipping/countries',
      { schema: { response: { 200: collectionSchema(countrySchema) } } },
      async () => ({
        data: (await listCountries(db)).map((r) => toPlaceDto('countries', r)),
      }),
    );
    app.get('/shipping/counties', { schema: { querystring: countiesQuerySchema } }, async (request) => {
      const { country } = request.query;
      return { data: (await listCounties(db, country)).map((r) => toPlaceDto('counties', r)) };
    });
    app.get('/shipping/towns', { schema: { querystring: townsQuerySchema } }, async (request) => {
      const { county } = request.query;
      return { data: (await listTowns(db, county)).map((r) => toPlaceDto('towns', r)) };
    });
    app.get('/shipping/locations', { schema: { querystring: locationsQuerySchema } }, async (request) => {
      const { town } = request.query;
      return { data: (await listLocations(db, town)).map((r) => toPlaceDto('locations', r)) };
    });
  };
}

/** Adding, renaming and removing places and fees (admin surface: routes.ts guards them). */
export function adminRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const service = services.shipping;
  return async (app) => {
    app.post('/shipping/countries', { schema: { body: createCountryBodySchema } }, async (request, reply) => {
      const body = request.body;
      const place = await service.create('countries', { name: body.name });
      return reply.status(201).send({ ...place, message: 'country added' });
    });

    app.post('/shipping/counties', { schema: { body: createCountyBodySchema } }, async (request, reply) => {
      const body = request.body;
      const place = await service.create('counties', { name: body.name, parentId: body.country });
      return reply.status(201).send({ ...place, message: 'county added' });
    });

    app.post('/shipping/towns', { schema: { body: createTownBodySchema } }, async (request, reply) => {
      const body = request.body;
      const place = await service.create('towns', { name: body.name, parentId: body.county });
      return reply.status(201).send({ ...place, message: 'Town added' });
    });

    app.post(
      '/shipping/locations',
      { schema: { body: createLocationBodySchema } },
      async (request, reply) => {
        const body = request.body;
        const place = await service.create('locations', {
          name: body.name,
          parentId: body.town,
          shippingFee: body.shippingFee,
        });
        return reply.status(201).send({ ...place, message: 'location added' });
      },
    );

    app.put('/shipping/:kind/:id', { schema: { params: pathParams('kind', 'id') } }, async (request) => {
      const kind = kindOf(request.params.kind);
      const body = parseInput(updateShippingBodySchemas[kind], request.body) as {
        name?: string;
        country?: string;
        county?: string;
        town?: string;
        shippingFee?: number;
      };
      const place = await service.update(kind, request.params.id, {
        name: body.name,
        parentId: parentIdOf(kind, body),
        shippingFee: body.shippingFee,
      });
      return { ...place, message: `${SHIPPING_KIND_SINGULAR[kind]} updated` };
    });

    app.delete('/shipping/:kind/:id', { schema: { params: pathParams('kind', 'id') } }, async (request) => {
      const kind = kindOf(request.params.kind);
      return { message: await service.remove(kind, request.params.id) };
    });
  };
}
