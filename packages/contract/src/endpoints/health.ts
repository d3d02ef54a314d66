import { z } from 'zod';
import { healthRoutes } from '../routes/health';
import { apiErrorSchema, healthSchema } from '../common';
import { defineEndpoints } from '../endpoint';

/** 503 while the database does not answer: the shared error plus the same fields as a healthy answer. */
export const healthDownSchema = apiErrorSchema.extend({
  status: z.literal('unavailable'),
  db: healthSchema.shape.db,
  database: z.literal('down'),
});

export const healthEndpoints = defineEndpoints(healthRoutes, {
  getHealth: {
    summary: 'Whether the server and its database answer',
    description:
      'For load balancers and monitoring: 200 while the database answers, 503 (with Retry-After) while it does not.',
    access: 'public',
    noStore: true,
    responses: { 200: healthSchema, 503: healthDownSchema },
  },
});
