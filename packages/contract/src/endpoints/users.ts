import { userRoutes } from '../routes/users';
import { pagedSchema } from '../common';
import { defineEndpoints } from '../endpoint';
import { userSchema, usersQuerySchema } from '../users';

export const userEndpoints = defineEndpoints(userRoutes, {
  listUsers: {
    summary: "The shop's accounts, newest first",
    description: '10 a page by default.',
    access: 'admin',
    query: usersQuerySchema,
    responses: { 200: pagedSchema(userSchema) },
  },
});
