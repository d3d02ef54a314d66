import { z } from 'zod';

/** GET /config/public: the shop settings the storefront shows (contact, payment instructions). Nothing secret. */
export const publicConfigSchema = z.object({
  /**
   * How customers reach the shop (footer): SHOP_PHONE as 2547XXXXXXXX, SHOP_EMAIL, and the WhatsApp number that
   * "Order on WhatsApp" and the footer's link open (SHOP_WHATSAPP, else SHOP_PHONE), as 2547XXXXXXXX.
   */
  shop: z.object({ phone: z.string(), email: z.string(), whatsapp: z.string() }),
  /** True when the checkout offers "Send updates on WhatsApp" (the order's updates then come on WhatsApp). */
  whatsappUpdates: z.boolean(),
  mpesa: z.object({
    /** Paybill business number shown on the order page. */
    paybill: z.string(),
    /** Account number to pay the paybill with (empty when each order's reference is its account). */
    account: z.string(),
    /** True when the shop owns its paybill: the account to type is the order's reference, and payments settle by themselves. */
    accountIsOrderReference: z.boolean(),
    /** Till number (Buy Goods) shown on the checkout's Payment Method panel. */
    tillNumber: z.string(),
    /** The till's registered name, as the M-Pesa confirmation shows it. */
    tillName: z.string(),
    /** False when the shop has no Daraja credentials in production: only the paybill and the form are offered. */
    stkPush: z.boolean(),
    /** True in the demo: prompts go to the built-in simulator's phone page at /dev/phone. */
    simulator: z.boolean(),
  }),
  /** Products with a tracked stock at or below this show "Only N left" (LOW_STOCK_AT). */
  lowStockAt: z.number().int(),
  /** Days after delivery that items may be returned (RETURN_DAYS). */
  returnDays: z.number().int(),
  /** Delivery is free from this subtotal (after the discount), in shillings; null = never (FREE_DELIVERY_FROM). */
  freeDeliveryFrom: z.number().int().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
