import { dashboardRoutes } from '../routes/dashboard';
import { adminSummarySchema } from '../dashboard';
import { defineEndpoints } from '../endpoint';

export const dashboardEndpoints = defineEndpoints(dashboardRoutes, {
  getAdminSummary: {
    summary:
      "The owner's dashboard: orders and paid revenue, what awaits payment or delivery, low stock, best sellers",
    description:
      'Days are Nairobi days. Revenue counts paid orders; awaiting payment counts unpaid (and unrefunded), uncancelled orders; ' +
      'awaiting delivery counts paid orders not yet delivered; low stock lists tracked products at or below ' +
      'LOW_STOCK_AT; best sellers are the last 30 days; expiring soon lists products whose best-before month ends ' +
      'within 60 days or has passed.',
    access: 'admin',
    responses: { 200: adminSummarySchema },
  },
});
