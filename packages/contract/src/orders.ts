import { z } from 'zod';
import { productSchema } from './catalogue';

export const PAYMENT_STATUSES = ['pending', 'paid', 'payment-unsuccessful'] as const;
export const DELIVERY_STATUSES = ['pending', 'in-transit', 'delivered', 'cancelled'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** How statuses read on screen ("payment-unsuccessful" → "Payment Unsuccessful"). */
export const STATUS_LABELS: Record<PaymentStatus | DeliveryStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  'payment-unsuccessful': 'Payment Unsuccessful',
  'in-transit': 'In Transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The customer's order list filter (seed §2): pending, paid, delivered, cancelled. */
export const ORDER_FILTERS = ['pending', 'paid', 'delivered', 'cancelled'] as const;

export const cartLineSchema = productSchema.extend({ count: z.number().int() });
export type CartLine = z.infer<typeof cartLineSchema>;
export interface Cart {
  data: CartLine[];
  subtotal: number;
}

export const orderLineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().int(),
  images: z.array(z.string()),
  count: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  _id: z.string(),
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
  shippingFee: z.number().int(),
  totalAmount: z.number().int(),
  paymentStatus: paymentStatusSchema,
  deliveryStatus: deliveryStatusSchema,
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderItemSchema = z.object({
  _id: z.string(),
  user: z.object({ fullName: z.string(), email: z.string().nullable(), phone: z.string() }),
  product: z.object({ _id: z.string().nullable(), name: z.string() }),
  count: z.number().int(),
  price: z.number().int(),
  createdAt: z.string(),
  order: z.object({
    _id: z.string(),
    paymentStatus: paymentStatusSchema,
    deliveryStatus: deliveryStatusSchema,
  }),
});
export type OrderItem = z.infer<typeof orderItemSchema>;
