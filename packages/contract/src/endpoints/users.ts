import { userRoutes } from '../routes/users';
import { messageSchema, pagedSchema } from '../common';
import { defineEndpoints } from '../endpoint';
import { z } from 'zod';
import { deleteMeBodySchema, updateMeBodySchema } from '../auth';
import { accountExportSchema, userSchema, usersQuerySchema } from '../users';

export const userEndpoints = defineEndpoints(userRoutes, {
  listUsers: {
    summary: "The shop's accounts, newest first",
    description: '10 a page by default.',
    access: 'admin',
    query: usersQuerySchema,
    responses: { 200: pagedSchema(userSchema) },
  },
  updateMe: {
    summary: "Change the caller's own name, phone, email or language",
    description:
      'A new phone or email needs `currentPassword` (400 without it or when wrong; wrong ones count like wrong ' +
      'sign-ins, 429 once held back), becomes unverified again (a new email is sent a code) and is announced to ' +
      'the old email or number. One already used by another account → 409.',
    access: 'customer',
    body: updateMeBodySchema,
    responses: { 200: z.object({ user: userSchema }) },
    errors: [409, 429],
  },
  exportMe: {
    summary: "Download the caller's own data as one JSON document",
    description:
      'Profile, saved addresses, orders with their items and payments, reviews, sessions and sign-in history, sent ' +
      'as a download (`Content-Disposition: attachment`). Never a password hash, token or code, and never anyone ' +
      "else's data.",
    access: 'customer',
    responses: { 200: accountExportSchema },
  },
  deleteMe: {
    summary: "Delete the caller's own account",
    description:
      'Needs the account password (400 wrong, counting like a wrong sign-in; 429 once held back). In one ' +
      'transaction: every session ends, the name, phone, email and saved addresses are erased from the account and ' +
      'its orders (which keep their items and amounts for the books), its reviews show "Former customer", and it ' +
      'can no longer sign in; its phone and email are free for a new account. The last admin cannot be deleted (409).',
    access: 'customer',
    body: deleteMeBodySchema,
    responses: { 200: messageSchema },
    errors: [409, 429],
    sessionCookie: 'clears',
  },
});
