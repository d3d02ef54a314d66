import { z } from 'zod';
import { productSchema, variantSchema } from './catalogue';
import { oneOf } from './common';
import { appliedDiscountSchema, discountCodeInputSchema } from './discounts';
import { ADMIN_ORDER_FILTERS } from './dashboard';
import {
  DELIVERY_STATUSES,
  MAX_LINE_COUNT,
  MAX_ORDER_LINES,
  ORDER_STATUS_FILTERS,
  PAYMENT_STATUSES,
} from './order-status';

// The statuses, labels and filters live in order-status.ts (no zod, for the storefront's bundle); they are
// exported here too, where the entity schemas that use them are.
export {
  DELIVERY_STATUSES,
  ORDER_TABS,
  PAYMENT_STATUSES,
  STATUS_LABELS,
  type DeliveryStatus,
  type PaymentStatus,
} from './order-status';

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);

/** The variant a cart line holds, as it is now; the line's `price` is its price. */
export const cartVariantSchema = variantSchema.pick({
  _id: true,
  sku: true,
  options: true,
  price: true,
  image: true,
  stock: true,
  inStock: true,
});

/** The variant an order line holds: its id, SKU and options as they were when ordered. */
export const orderLineVariantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
});
export type OrderLineVariant = z.infer<typeof orderLineVariantSchema>;

export const cartLineSchema = productSchema.extend({
  count: z.number().int(),
  /** The variant chosen (its price is the line's), or null for a product without variants. */
  variant: cartVariantSchema.nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;
/** A customer's cart: its lines (the product as it is now, and how many) and the server's subtotal. */
export const cartSchema = z.object({ data: z.array(cartLineSchema), subtotal: z.number().int() });
export type Cart = z.infer<typeof cartSchema>;

export const orderLineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().int(),
  images: z.array(z.string()),
  count: z.number().int(),
  variant: orderLineVariantSchema.nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  /** Second round: the short name a person reads and types (paybill account number). */
  reference: z.string(),
  user: z.object({ _id: z.string(), fullName: z.string() }),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  country: z.string(),
  county: z.string(),
  town: z.string(),
  location: z.string(),
  items: z.array(orderLineSchema),
  subtotal: z.number().int(),
  /** The code applied and the shillings it took off the subtotal; null without one. */
  discount: appliedDiscountSchema.nullable(),
  shippingFee: z.number().int(),
  /** subtotal - discount + shippingFee. */
  totalAmount: z.number().int(),
  paymentStatus: paymentStatusSchema,
  deliveryStatus: deliveryStatusSchema,
  /** Third round: what its completed payments add up to, and what of them went back (refunds). */
  paidAmount: z.number().int(),
  refundedAmount: z.number().int(),
  createdAt: z.string(),
  /** When it was delivered (null until then): items may be returned for RETURN_DAYS after it. */
  deliveredAt: z.string().nullable(),
  /** True when its updates go to the customer on WhatsApp (asked for at checkout); SMS otherwise. */
  whatsapp: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderItemSchema = z.object({
  _id: z.string(),
  user: z.object({ fullName: z.string(), email: z.string().nullable(), phone: z.string() }),
  product: z.object({ _id: z.string().nullable(), name: z.string() }),
  variant: orderLineVariantSchema.nullable(),
  count: z.number().int(),
  price: z.number().int(),
  createdAt: z.string(),
  order: z.object({
    _id: z.string(),
    reference: z.string(),
    paymentStatus: paymentStatusSchema,
    deliveryStatus: deliveryStatusSchema,
  }),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/* ---------------------------------------------------------------------------------------------------------------
 * Requests. The server validates with these schemas and the web app builds its calls from their types.
 * ------------------------------------------------------------------------------------------------------------ */

const countMessage = `count must be a whole number from 1 to ${MAX_LINE_COUNT}`;
const lineCount = z
  .number({ error: countMessage })
  .int({ error: countMessage })
  .min(1, { error: countMessage })
  .max(MAX_LINE_COUNT, { error: countMessage });
const productId = z
  .string({ error: 'productId is required' })
  .trim()
  .min(1, { error: 'productId is required' })
  .max(100);

const variantId = z
  .string({ error: 'variantId must be the id of one of the product’s variants' })
  .trim()
  .min(1, { error: 'variantId must be the id of one of the product’s variants' })
  .max(100);

/** POST /user/addToCart/{userId}: adds `count` (default 1) to the line of the product (and variant). */
export const addToCartBodySchema = z.object({
  productId,
  variantId: variantId.optional(),
  count: lineCount.default(1),
});
export type AddToCartBody = z.input<typeof addToCartBodySchema>;

/** DELETE /user/removeFromCart/{userId}: takes one off the line (removing it at zero), or the whole line with `all`. */
export const removeFromCartBodySchema = z.object({
  productId,
  variantId: variantId.optional(),
  all: z.boolean({ error: 'all must be true or false' }).default(false),
});
export type RemoveFromCartBody = z.input<typeof removeFromCartBodySchema>;

/** One line of an order request: a product id and how many. Prices are never taken from the client. */
export const orderItemInputSchema = z.object({
  _id: z
    .string({ error: 'each item needs the product _id' })
    .trim()
    .min(1, { error: 'each item needs the product _id' })
    .max(100),
  /** The variant's id; required for a product with variants. */
  variant: z
    .string({ error: 'variant must be the id of one of the product’s variants' })
    .trim()
    .min(1, { error: 'variant must be the id of one of the product’s variants' })
    .max(100)
    .optional(),
  count: lineCount,
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

const orderItemsInput = z
  .array(orderItemInputSchema, { error: 'items must be a list of {_id, count}' })
  .min(1, { error: 'Your order has no items' })
  .max(MAX_ORDER_LINES, { error: `An order can hold at most ${MAX_ORDER_LINES} different products` });

const placeName = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(100, { error: `${field} is too long` });

/** Where the order goes, by the names of the delivery geography (as an address stores them). */
export const deliveryPlaceSchema = z.object({
  country: placeName('country'),
  county: placeName('county'),
  town: placeName('town'),
  location: placeName('location'),
});
export type DeliveryPlace = z.infer<typeof deliveryPlaceSchema>;

/**
 * POST /order/{userId}. `phone` is any accepted Kenyan form (normalised by the server); `email` may be empty or
 * absent. Any total or price in the body is ignored: the server prices the order.
 */
export const createOrderBodySchema = deliveryPlaceSchema.extend({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(100, { error: 'name is too long' }),
  phone: z.string({ error: 'phone is required' }).trim().min(1, { error: 'phone is required' }).max(30),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, {
      error: 'email is not a valid email address',
    })
    .nullish()
    .transform((v) => v || null),
  items: orderItemsInput,
  /** A discount code (any case); refused with the reason (400) when it does not apply. */
  discountCode: discountCodeInputSchema,
  /**
   * "Send updates on WhatsApp": the order's updates go to its phone on WhatsApp, with SMS as the fallback. Ignored
   * (updates by SMS) where the shop offers none (GET /config/public `whatsappUpdates`).
   */
  whatsapp: z.boolean({ error: 'whatsapp must be true or false' }).optional(),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

/**
 * POST /order/{userId}/quote: prices items (and delivery, when the four place names are given) exactly as order
 * creation would, without creating anything. The checkout summary shows this, so the browser never adds up money.
 */
export const orderQuoteBodySchema = z
  .object({
    country: z.string().trim().max(100).optional(),
    county: z.string().trim().max(100).optional(),
    town: z.string().trim().max(100).optional(),
    location: z.string().trim().max(100).optional(),
    items: orderItemsInput,
    discountCode: discountCodeInputSchema,
  })
  .refine(
    (v) => {
      const given = [v.country, v.county, v.town, v.location].filter((x) => x !== undefined && x !== '');
      return given.length === 0 || given.length === 4;
    },
    { error: 'Give all of country, county, town and location, or none of them' },
  );

export const orderQuoteSchema = z.object({
  items: z.array(orderLineSchema),
  subtotal: z.number().int(),
  /** The code applied and the shillings it takes off; null without one. */
  discount: appliedDiscountSchema.nullable(),
  /** null when no delivery place was given. */
  shippingFee: z.number().int().nullable(),
  /** subtotal - discount + shippingFee; null when no delivery place was given. */
  totalAmount: z.number().int().nullable(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const orderListQuerySchema = z.object({
  status: oneOf('status', ORDER_STATUS_FILTERS).optional(),
  /** What the orders wait for, as the admin's filter counts it: payment (unpaid, not cancelled) or delivery. */
  awaiting: oneOf('awaiting', ADMIN_ORDER_FILTERS).optional(),
});

/** PUT /order/updateStatus/{id} (admin): either or both statuses; neither → 400 "Not changed". */
export const updateOrderStatusBodySchema = z.object({
  paymentStatus: oneOf('paymentStatus', PAYMENT_STATUSES).optional(),
  deliveryStatus: oneOf('deliveryStatus', DELIVERY_STATUSES).optional(),
  /**
   * Marking an order paid by hand records a payment for what is still owed: the M-Pesa receipt the admin saw, or
   * a reason (e.g. "cash on delivery"). One of them is required then.
   */
  receipt: z
    .string({ error: 'Receipt must be text' })
    .trim()
    .max(20, 'Receipt must be at most 20 characters')
    .optional(),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(200, 'Reason must be at most 200 characters')
    .optional(),
});
export type UpdateOrderStatusBody = z.infer<typeof updateOrderStatusBodySchema>;

/** GET /order/{id}/messages (admin): one SMS about the order, sent, waiting or failed. */
export const orderMessageSchema = z.object({
  event: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** How it goes out: "whatsapp" for an order that asked for it, "sms" otherwise and after WhatsApp refused it. */
  channel: z.enum(['sms', 'whatsapp']),
});
export type OrderMessage = z.infer<typeof orderMessageSchema>;
