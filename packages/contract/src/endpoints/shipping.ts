import { z } from 'zod';
import { collectionSchema, messageSchema, withMessage } from '../common';
import { defineEndpoints } from '../endpoint';
import { shippingRoutes } from '../routes/shipping';
import {
  countiesQuerySchema,
  countriesQuerySchema,
  countrySchema,
  countySchema,
  createCountryBodySchema,
  createCountyBodySchema,
  createLocationBodySchema,
  createTownBodySchema,
  locationSchema,
  locationsQuerySchema,
  townSchema,
  townsQuerySchema,
  updateShippingBodySchemas,
} from '../shipping';

/** PUT and DELETE /shipping/{kind}/{id}: the level (any other word is a 404) and the place's id. */
const placeParams = z.object({
  kind: z.string().describe('The level: countries, counties, towns or locations (any other: 404)'),
  id: z.string(),
});

const anyPlaceWithMessage = z.union([
  withMessage(countrySchema),
  withMessage(countySchema),
  withMessage(townSchema),
  withMessage(locationSchema),
]);

const LIST_RULES =
  'Switched-off places (`active: false`) and places under one are left out; `includeInactive=true` lists them ' +
  'too, for admins only (401 signed out, 403 for a customer).';

const ADD_RULES =
  'Names are unique under one parent (409 naming the existing one); the parent must exist (400 otherwise).';

export const shippingEndpoints = defineEndpoints(shippingRoutes, {
  listCountries: {
    summary: 'The countries the shop delivers to',
    description: LIST_RULES,
    access: 'public',
    readsSession: true,
    query: countriesQuerySchema,
    responses: { 200: collectionSchema(countrySchema) },
    errors: [401, 403],
  },
  listCounties: {
    summary: "A country's counties (every county without `country`)",
    description: LIST_RULES,
    access: 'public',
    readsSession: true,
    query: countiesQuerySchema,
    responses: { 200: collectionSchema(countySchema) },
    errors: [401, 403],
  },
  listTowns: {
    summary: "A county's towns (every town without `county`)",
    description: LIST_RULES,
    access: 'public',
    readsSession: true,
    query: townsQuerySchema,
    responses: { 200: collectionSchema(townSchema) },
    errors: [401, 403],
  },
  listLocations: {
    summary: "A town's delivery locations and their fees (every location without `town`)",
    description: LIST_RULES,
    access: 'public',
    readsSession: true,
    query: locationsQuerySchema,
    responses: { 200: collectionSchema(locationSchema) },
    errors: [401, 403],
  },
  createCountry: {
    summary: 'Add a country',
    description: ADD_RULES,
    access: 'admin',
    body: createCountryBodySchema,
    responses: { 201: withMessage(countrySchema) },
    errors: [409],
  },
  createCounty: {
    summary: 'Add a county to a country',
    description: ADD_RULES,
    access: 'admin',
    body: createCountyBodySchema,
    responses: { 201: withMessage(countySchema) },
    errors: [409],
  },
  createTown: {
    summary: 'Add a town to a county',
    description: ADD_RULES,
    access: 'admin',
    body: createTownBodySchema,
    responses: { 201: withMessage(townSchema) },
    errors: [409],
  },
  createLocation: {
    summary: 'Add a delivery location to a town, with its delivery fee',
    description: ADD_RULES,
    access: 'admin',
    body: createLocationBodySchema,
    responses: { 201: withMessage(locationSchema) },
    errors: [409],
  },
  updatePlace: {
    summary: 'Rename a place, move it to another parent, change a location’s fee, or switch it off or on',
    description:
      "The body is the level's create fields and `active`, each optional (none → 400). " +
      'Names stay unique under one parent (409). `active: false` switches a place off: it stays for the saved ' +
      "addresses that name it, shoppers' lists leave it (and what is under it) out, and checkout refuses " +
      'addresses there with a message naming it.',
    access: 'admin',
    params: placeParams,
    body: z.union([
      updateShippingBodySchemas.countries,
      updateShippingBodySchemas.counties,
      updateShippingBodySchemas.towns,
      updateShippingBodySchemas.locations,
    ]),
    responses: { 200: anyPlaceWithMessage },
    errors: [404, 409],
  },
  deletePlace: {
    summary: 'Delete a place that has nothing under it',
    description:
      'A country, county or town with places under it → 409 saying how many; a place saved addresses use → 409 ' +
      'saying how many addresses (switch it off instead).',
    access: 'admin',
    params: placeParams,
    responses: { 200: messageSchema },
    errors: [404, 409],
  },
});
