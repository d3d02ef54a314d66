import { z } from 'zod';
import { kenyanPhoneSchema, optionalEmailSchema, requiredText } from './auth';

export const addressSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  country: z.string(),
  county: z.string(),
  town: z.string(),
  location: z.string(),
  isDefault: z.boolean(),
  /**
   * Why checkout would refuse this address (its place was switched off or is no longer in the delivery
   * geography), naming the place; null when the shop delivers there.
   */
  undeliverable: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

/** The fields a customer fills in (POST /address/, PUT /address/{id}); place names come from the shipping lists. */
export const addressBodySchema = z.object({
  name: requiredText('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  phone: kenyanPhoneSchema,
  email: optionalEmailSchema,
  country: requiredText('Country').trim().min(1, 'Choose a country').max(80),
  county: requiredText('County').trim().min(1, 'Choose a county').max(80),
  town: requiredText('Town').trim().min(1, 'Choose a town').max(80),
  location: requiredText('Location').trim().min(1, 'Choose a location').max(80),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional().default(false),
});
export type AddressBody = z.input<typeof addressBodySchema>;

/** How many address books one customer may keep. */
export const MAX_ADDRESSES = 20;
