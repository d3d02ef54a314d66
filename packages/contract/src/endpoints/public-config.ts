import { publicConfigRoutes } from '../routes/public-config';
import { defineEndpoints } from '../endpoint';
import { publicConfigSchema } from '../public-config';

export const publicConfigEndpoints = defineEndpoints(publicConfigRoutes, {
  getPublicConfig: {
    summary: "The shop's public settings: contact, how to pay, the low-stock mark",
    description: 'What checkout, the order page and the footer show. Cacheable for 5 minutes.',
    access: 'public',
    responses: { 200: publicConfigSchema },
  },
});
