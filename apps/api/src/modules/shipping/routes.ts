import type { FastifyPluginAsync } from 'fastify';
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
} from '@urembo/contract/shipping';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import type { AppContext } from '../../routes';
import { listCounties, listCountries, listLocations, listTowns } from './repository';
import { toPlaceDto } from './service';

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
export function shopRoutes({ db }: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/shipping/countries', async () => ({
      data: (await listCountries(db)).map((r) => toPlaceDto('countries', r)),
    }));
    app.get('/shipping/counties', async (request) => {
      const { country } = parseInput(countiesQuerySchema, request.query);
      return { data: (await listCounties(db, country)).map((r) => toPlaceDto('counties', r)) };
    });
    app.get('/shipping/towns', async (request) => {
      const { county } = parseInput(townsQuerySchema, request.query);
      return { data: (await listTowns(db, county)).map((r) => toPlaceDto('towns', r)) };
    });
    app.get('/shipping/locations', async (request) => {
      const { town } = parseInput(locationsQuerySchema, request.query);
      return { data: (await listLocations(db, town)).map((r) => toPlaceDto('locations', r)) };
    });
  };
}

/** Adding, renaming and removing places and fees (admin surface: routes.ts guards them). */
export function adminRoutes({ services }: AppContext): FastifyPluginAsync {
  const service = services.shipping;
  return async (app) => {
    app.post('/shipping/countries', async (request, reply) => {
      const body = parseInput(createCountryBodySchema, request.body);
      const place = await service.create('countries', { name: body.name });
      return reply.status(201).send({ ...place, message: 'country added' });
    });

    app.post('/shipping/counties', async (request, reply) => {
      const body = parseInput(createCountyBodySchema, request.body);
      const place = await service.create('counties', { name: body.name, parentId: body.country });
      return reply.status(201).send({ ...place, message: 'county added' });
    });

    app.post('/shipping/towns', async (request, reply) => {
      const body = parseInput(createTownBodySchema, request.body);
      const place = await service.create('towns', { name: body.name, parentId: body.county });
      return reply.status(201).send({ ...place, message: 'Town added' });
    });

    app.post('/shipping/locations', async (request, reply) => {
      const body = parseInput(createLocationBodySchema, request.body);
      const place = await service.create('locations', {
        name: body.name,
        parentId: body.town,
        shippingFee: body.shippingFee,
      });
      return reply.status(201).send({ ...place, message: 'location added' });
    });

    app.put<{ Params: { kind: string; id: string } }>('/shipping/:kind/:id', async (request) => {
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

    app.delete<{ Params: { kind: string; id: string } }>('/shipping/:kind/:id', async (request) => {
      const kind = kindOf(request.params.kind);
      return { message: await service.remove(kind, request.params.id) };
    });
  };
}
