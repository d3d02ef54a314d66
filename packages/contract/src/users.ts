import { z } from 'zod';
import { PAGE_SIZES, pagingQuery } from './common';
import { LANGUAGES } from './languages';

export const roleSchema = z.enum(['customer', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The languages the shop speaks: English, Kiswahili (languages.ts, which the web app reads without zod). */
export { LANGUAGES };
export const languageSchema = z.enum(LANGUAGES, { error: 'language must be one of en, sw' });
export type Language = z.infer<typeof languageSchema>;

export const userSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  role: roleSchema,
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** The language the customer reads the shop and its messages in. */
  language: languageSchema,
});
export type User = z.infer<typeof userSchema>;

export const usersQuerySchema = pagingQuery(PAGE_SIZES.adminUsers);

/**
 * GET /user/me/export: everything the shop keeps about the caller, as one JSON document (the customer's right to a
 * copy of her data). Never a password hash, a token, a code or another person's data.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: userSchema,
  addresses: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      country: z.string(),
      county: z.string(),
      town: z.string(),
      location: z.string(),
      isDefault: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      _id: z.string(),
      reference: z.string(),
      createdAt: z.string(),
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      country: z.string(),
      county: z.string(),
      town: z.string(),
      location: z.string(),
      subtotal: z.number(),
      shippingFee: z.number(),
      totalAmount: z.number(),
      paymentStatus: z.string(),
      deliveryStatus: z.string(),
      items: z.array(
        z.object({ name: z.string(), price: z.number(), count: z.number(), sku: z.string().nullable() }),
      ),
      payments: z.array(
        z.object({
          _id: z.string(),
          createdAt: z.string(),
          amount: z.number(),
          source: z.string(),
          channel: z.string(),
          receipt: z.string().nullable(),
          phone: z.string().nullable(),
          status: z.string(),
        }),
      ),
    }),
  ),
  reviews: z.array(
    z.object({
      _id: z.string(),
      product: z.object({ _id: z.string(), name: z.string().nullable() }),
      rating: z.number(),
      comment: z.string(),
      createdAt: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      device: z.string().nullable(),
    }),
  ),
  signInHistory: z.array(
    z.object({ at: z.string(), event: z.string(), device: z.string().nullable(), ip: z.string().nullable() }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
