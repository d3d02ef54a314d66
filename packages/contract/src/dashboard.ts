import { z } from 'zod';
import { productSchema } from './catalogue';

const periodSchema = z.object({
  /** Orders placed in the period, cancelled ones left out. */
  orders: z.number().int(),
  /** Total of the period's orders that are paid, in shillings. */
  revenue: z.number().int(),
});

/** GET /admin/summary (`revenueByDay` is docs/api-additions-stock.md). */
export const adminSummarySchema = z.object({
  today: periodSchema,
  last7Days: periodSchema,
  /** Unpaid, uncancelled orders. */
  awaitingPayment: z.number().int(),
  /** Paid orders not yet delivered (nor cancelled). */
  awaitingDelivery: z.number().int(),
  /** Tracked products with stock at or below LOW_STOCK_AT, lowest first. */
  lowStock: z.array(productSchema),
  lowStockAt: z.number().int(),
  /**
   * Products whose best-before month ends within 60 days, or has passed (those can no longer be sold), soonest
   * first: take them off the shelf or sell them first.
   */
  expiringSoon: z.array(productSchema),
  /** Tracked variants (a shade, a size) with stock at or below LOW_STOCK_AT, lowest first. */
  lowStockVariants: z.array(
    z.object({
      product: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
      variant: z.object({
        _id: z.string(),
        sku: z.string(),
        options: z.record(z.string(), z.string()),
        stock: z.number().int(),
      }),
    }),
  ),
  /** Most units sold in uncancelled orders of the last 30 days. */
  topProducts: z.array(z.object({ _id: z.string(), name: z.string(), count: z.number().int() })),
  /** The last 30 Nairobi days, oldest first, each `YYYY-MM-DD` with its orders and paid revenue. */
  revenueByDay: z.array(periodSchema.extend({ date: z.string() })),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** GET /order?awaiting=payment|delivery (admin): the dashboard's links into the orders table. */
export const ADMIN_ORDER_FILTERS = ['payment', 'delivery'] as const;
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];
