import { z } from 'zod';

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
});
export type Address = z.infer<typeof addressSchema>;
