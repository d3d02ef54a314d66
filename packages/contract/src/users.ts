import { z } from 'zod';
import { PAGE_SIZES, pagingQuery } from './common';

export const roleSchema = z.enum(['customer', 'admin']);
export type Role = z.infer<typeof roleSchema>;

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
});
export type User = z.infer<typeof userSchema>;

export const usersQuerySchema = pagingQuery(PAGE_SIZES.adminUsers);
