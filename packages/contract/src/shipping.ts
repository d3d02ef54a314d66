import { z } from 'zod';

export const countrySchema = z.object({ _id: z.string(), name: z.string() });
export const countySchema = z.object({ _id: z.string(), name: z.string(), country: z.string() });
export const townSchema = z.object({ _id: z.string(), name: z.string(), county: z.string() });
export const locationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  town: z.string(),
  shippingFee: z.number().int(),
});
export type Country = z.infer<typeof countrySchema>;
export type County = z.infer<typeof countySchema>;
export type Town = z.infer<typeof townSchema>;
export type Location = z.infer<typeof locationSchema>;

export const SHIPPING_KINDS = ['countries', 'counties', 'towns', 'locations'] as const;
export type ShippingKind = (typeof SHIPPING_KINDS)[number];
