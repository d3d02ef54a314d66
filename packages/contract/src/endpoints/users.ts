import { userRoutes } from '../routes/users';
import { pagedSchema } from '../common';
import { defineEndpoints } from '../endpoint';
import { z } from 'zod';
import { updateMeBodySchema } from '../auth';
import { userSchema, usersQuerySchema } from '../users';

export const userEndpoints = defineEndpoints(userRoutes, {
  listUsers: {
    summary: "The shop's accounts, newest first",
    description: '10 a page by default.',
    access: 'admin',
    query: usersQuerySchema,
    responses: { 200: pagedSchema(userSchema) },
  },
  updateMe: {
    summary: "Change the caller's own name, phone or email",
    description:
      'A new phone or email needs `currentPassword` (400 without it or when wrong; wrong ones count like wrong ' +
      'sign-ins, 429 once held back), becomes unverified again (a new email is sent a code) and is announced to ' +
      'the old email or number. One already used by another account → 409.',
    access: 'customer',
    body: updateMeBodySchema,
    responses: { 200: z.object({ user: userSchema }) },
    errors: [409, 429],
  },
});
