import { z } from 'zod';

/** false: switched off (saved addresses still name it; shoppers' lists leave it out and checkout refuses it). */
const active = z.boolean().describe("false: switched off; shoppers' lists leave it out, checkout refuses it");
export const countrySchema = z.object({ _id: z.string(), name: z.string(), active });
export const countySchema = z.object({ _id: z.string(), name: z.string(), country: z.string(), active });
export const townSchema = z.object({ _id: z.string(), name: z.string(), county: z.string(), active });
export const locationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  town: z.string(),
  shippingFee: z.number().int(),
  active,
});
export type Country = z.infer<typeof countrySchema>;
export type County = z.infer<typeof countySchema>;
export type Town = z.infer<typeof townSchema>;
export type Location = z.infer<typeof locationSchema>;

export const SHIPPING_KINDS = ['countries', 'counties', 'towns', 'locations'] as const;
export type ShippingKind = (typeof SHIPPING_KINDS)[number];

/** A place name in the delivery geography: trimmed, 1 to 80 characters. */
const placeName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);
const parentId = (label: string) =>
  z
    .string({ error: `Choose the ${label}` })
    .trim()
    .min(1, `Choose the ${label}`)
    .max(64, `Unknown ${label}`);
export const shippingFeeSchema = z.coerce
  .number({ error: 'Delivery fee must be a number of shillings' })
  .int('Delivery fee must be whole shillings')
  .min(0, 'Delivery fee cannot be negative')
  .max(100_000, 'Delivery fee must be at most Ksh 100,000');

export const createCountryBodySchema = z.object({ name: placeName('Country name') });
export const createCountyBodySchema = z.object({
  name: placeName('County name'),
  country: parentId('country'),
});
export const createTownBodySchema = z.object({ name: placeName('Town name'), county: parentId('county') });
export const createLocationBodySchema = z.object({
  name: placeName('Location name'),
  town: parentId('town'),
  shippingFee: shippingFeeSchema,
});

/** Switching a place on or off (PUT): off keeps it for the addresses that name it but delivers there no more. */
const activeBody = z.object({ active: z.boolean({ error: 'active must be true or false' }).optional() });

/** PUT /shipping/{kind}/{id}: any of the create fields (a rename, a move to another parent, a new fee) or active. */
export const updateShippingBodySchemas = {
  countries: createCountryBodySchema.partial().extend(activeBody.shape),
  counties: createCountyBodySchema.partial().extend(activeBody.shape),
  towns: createTownBodySchema.partial().extend(activeBody.shape),
  locations: createLocationBodySchema.partial().extend(activeBody.shape),
} as const;

/** includeInactive=true: switched-off places too (admins only). */
const includeInactive = z
  .enum(['true', 'false'], { error: 'includeInactive must be true or false' })
  .transform((v) => v === 'true')
  .optional();

/**
 * The list queries: each level filtered by its parent (all of that level when the parent is left out). Without
 * includeInactive a list leaves out switched-off places and those under a switched-off place.
 */
export const countriesQuerySchema = z.object({ includeInactive });
export const countiesQuerySchema = z.object({
  country: z.string().trim().min(1).optional(),
  includeInactive,
});
export const townsQuerySchema = z.object({ county: z.string().trim().min(1).optional(), includeInactive });
export const locationsQuerySchema = z.object({ town: z.string().trim().min(1).optional(), includeInactive });

/** Singular names for messages and toasts ("country added", "Failed to create county"). */
export const SHIPPING_KIND_SINGULAR: Record<ShippingKind, string> = {
  countries: 'country',
  counties: 'county',
  towns: 'town',
  locations: 'location',
};
