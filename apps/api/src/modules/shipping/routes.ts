import { shippingEndpoints as endpoints } from '@urembo/contract/endpoints/shipping';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SHIPPING_KINDS,
  SHIPPING_KIND_SINGULAR,
  updateShippingBodySchemas,
  type ShippingKind,
} from '@urembo/contract/shipping';
import { routeOf } from '../../lib/endpoint-route';
import { currentUser, requireAdmin } from '../auth';
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

/** Shoppers get the places delivered to; includeInactive=true (admins only) lists switched-off ones too. */
async function filterOf(request: FastifyRequest & { query: { includeInactive?: boolean | undefined } }) {
  if (!request.query.includeInactive) return { activeOnly: true };
  await requireAdmin(request);
  return { activeOnly: false };
}

/** /shipping/*: public lists, admin changes. */
export function shopRoutes({ db }: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.listCountries),
      handler: async (request) => ({
        data: (await listCountries(db, await filterOf(request))).map((r) => toPlaceDto('countries', r)),
      }),
    });
    app.route({
      ...routeOf(endpoints.listCounties),
      handler: async (request) => ({
        data: (await listCounties(db, await filterOf(request), request.query.country)).map((r) =>
          toPlaceDto('counties', r),
        ),
      }),
    });
    app.route({
      ...routeOf(endpoints.listTowns),
      handler: async (request) => ({
        data: (await listTowns(db, await filterOf(request), request.query.county)).map((r) =>
          toPlaceDto('towns', r),
        ),
      }),
    });
    app.route({
      ...routeOf(endpoints.listLocations),
      handler: async (request) => ({
        data: (await listLocations(db, await filterOf(request), request.query.town)).map((r) =>
          toPlaceDto('locations', r),
        ),
      }),
    });
  };
}

/** Adding, renaming and removing places and fees (admin surface: routes.ts guards them). */
export function adminRoutes({ services }: Ctx): FastifyPluginAsyncZod {
  const service = services.shipping;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.createCountry),
      handler: async (request, reply) => {
        const place = await service.create('countries', { name: request.body.name }, currentUser(request).id);
        return reply.status(201).send({ ...place, message: 'country added' });
      },
    });

    app.route({
      ...routeOf(endpoints.createCounty),
      handler: async (request, reply) => {
        const { name, country } = request.body;
        const place = await service.create('counties', { name, parentId: country }, currentUser(request).id);
        return reply.status(201).send({ ...place, message: 'county added' });
      },
    });

    app.route({
      ...routeOf(endpoints.createTown),
      handler: async (request, reply) => {
        const { name, county } = request.body;
        const place = await service.create('towns', { name, parentId: county }, currentUser(request).id);
        return reply.status(201).send({ ...place, message: 'Town added' });
      },
    });

    app.route({
      ...routeOf(endpoints.createLocation),
      handler: async (request, reply) => {
        const { name, town, shippingFee } = request.body;
        const place = await service.create(
          'locations',
          { name, parentId: town, shippingFee },
          currentUser(request).id,
        );
        return reply.status(201).send({ ...place, message: 'location added' });
      },
    });

    // The body's fields depend on the level in the path, so the handler parses it with that level's schema.
    app.route({
      ...routeOf(endpoints.updatePlace, { bodyInHandler: true }),
      handler: async (request) => {
        const kind = kindOf(request.params.kind);
        const body = parseInput(updateShippingBodySchemas[kind], request.body) as {
          name?: string;
          country?: string;
          county?: string;
          town?: string;
          shippingFee?: number;
          active?: boolean;
        };
        const place = await service.update(
          kind,
          request.params.id,
          {
            name: body.name,
            parentId: parentIdOf(kind, body),
            shippingFee: body.shippingFee,
            active: body.active,
          },
          currentUser(request).id,
        );
        return { ...place, message: `${SHIPPING_KIND_SINGULAR[kind]} updated` };
      },
    });

    app.route({
      ...routeOf(endpoints.deletePlace),
      handler: async (request) => {
        const kind = kindOf(request.params.kind);
        return { message: await service.remove(kind, request.params.id, currentUser(request).id) };
      },
    });
  };
}
