import { z } from 'zod';
import { normalizeKenyanPhone, toKenyanPhone } from './phone';

/**
 * Where a payment came from: the customer's manual form, an STK push confirmed by Safaricom, a paybill payment
 * confirmed by Safaricom (C2B), or an admin recording money by hand (marking an order paid).
 */
export const PAYMENT_SOURCES = ['user-mpesa-form', 'mpesa-stk', 'mpesa-c2b', 'admin'] as const;

/**
 * Why a payment needs a person to look at it (it is recorded but does not count towards the order):
 * amount-mismatch (an STK amount differs from the request), conflict (its receipt was already credited to another
 * payment), refund (money for a cancelled or already-paid order), duplicate (a typed receipt that turned out to be
 * the same money as a Safaricom-confirmed payment).
 */
export const PAYMENT_FLAGS = ['amount-mismatch', 'conflict', 'refund', 'duplicate'] as const;

/** A typed receipt's check with Safaricom (Transaction Status API). */
export const PAYMENT_VERIFICATIONS = ['checking', 'confirmed', 'unknown'] as const;

/** Payment: `status` true = complete, false = pending. `receipt` is null only for an STK payment
 * confirmed by an STK query whose callback never came (Safaricom's query answer carries no receipt). */
export const paymentSchema = z.object({
  _id: z.string(),
  ID: z.enum(PAYMENT_SOURCES),
  fullName: z.string(),
  amount: z.number().int(),
  channel: z.string(),
  receipt: z.string().nullable(),
  phone: z.string().nullable(),
  /** Null for a paybill payment whose account number matched no order (unmatched). */
  order: z.string().nullable(),
  /** Addition: the order's short reference, for people. */
  orderReference: z.string().nullable(),
  status: z.boolean(),
  /** Set when the payment is held back for review (e.g. the amount did not match). */
  flag: z.enum(PAYMENT_FLAGS).nullable(),
  /** Addition: the paybill account number as the customer typed it (paybill payments). */
  account: z.string().nullable(),
  /** Addition: the admin's reason for a payment recorded by hand. */
  note: z.string().nullable(),
  /** Addition: a typed receipt's check with Safaricom. */
  verification: z.enum(PAYMENT_VERIFICATIONS).nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const STK_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;

/** M-Pesa receipt numbers (transaction codes) are 10 upper-case letters and digits, e.g. NLJ7RT61SV. */
export const RECEIPT_PATTERN = /^[A-Z0-9]{10}$/;

export function normalizeReceipt(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export const PHONE_FOR_MPESA_ERROR = 'Enter the M-Pesa phone number, like 0712 345 678';

/** POST /m-pesa/stk/{orderId}: the phone that gets the prompt, in any form customers type; stored as 2547…/2541…. */
export const stkPushBodySchema = z.object({
  phone: z.string({ error: 'phone is required' }).transform(toKenyanPhone(PHONE_FOR_MPESA_ERROR)),
});

export const stkPushAnswerSchema = z.object({ _id: z.string(), message: z.string() });
export type StkPushAnswer = z.infer<typeof stkPushAnswerSchema>;

/** GET /m-pesa/resolveTransaction/{id}. `order` and `amount` link back to the order. */
export const resolveAnswerSchema = z.object({
  status: z.enum(STK_STATUSES),
  message: z.string(),
  order: z.string(),
  amount: z.number().int(),
});
export type ResolveAnswer = z.infer<typeof resolveAnswerSchema>;

export const MAX_PAYMENT_AMOUNT = 1_000_000;
export const AMOUNT_WHOLE_SHILLINGS = 'Amount must be a whole number of shillings';

/** POST /payment/: the manual M-Pesa form. `channel` defaults to "M-Pesa"; status is always false (pending). */
export const manualPaymentBodySchema = z.object({
  ID: z.literal('user-mpesa-form', { error: 'ID must be "user-mpesa-form"' }),
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  amount: z.coerce
    .number({ error: AMOUNT_WHOLE_SHILLINGS })
    .int(AMOUNT_WHOLE_SHILLINGS)
    .min(1, 'Amount must be at least Ksh 1')
    .max(MAX_PAYMENT_AMOUNT, 'Amount is too large'),
  channel: z.string().trim().max(40, 'channel must be at most 40 characters').optional(),
  order: z.string({ error: 'order is required' }).trim().min(1, 'order is required').max(64),
  receipt: z
    .string({ error: 'Receipt number is required' })
    .transform(normalizeReceipt)
    .pipe(
      z
        .string()
        .min(1, 'Receipt number is required')
        .regex(RECEIPT_PATTERN, 'Receipt number must be 10 letters and digits, like NLJ7RT61SV'),
    ),
});
export type ManualPaymentBody = z.input<typeof manualPaymentBodySchema>;

/** PUT /payment/{id} (admin): complete/un-complete a typed receipt, or assign an unmatched payment to an order. */
export const paymentStatusBodySchema = z.object({
  status: z.boolean({ error: 'status must be true or false' }),
});
export const assignPaymentBodySchema = z.object({
  order: z
    .string({ error: 'Give the order (its reference or id)' })
    .trim()
    .min(1, 'Give the order (its reference or id)')
    .max(64, 'Order must be at most 64 characters'),
});
export const updatePaymentBodySchema = z.union([paymentStatusBodySchema, assignPaymentBodySchema], {
  error: 'Send {status: true|false} or {order: "<reference>"}',
});

/** GET /payment/?filter=… (admin). `unmatched=true` is another spelling of filter=unmatched. */
export const PAYMENT_FILTERS = ['all', 'unmatched', 'pending', 'conflicts'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** GET /payment/reconciliation?date=YYYY-MM-DD (admin): the day's money by way it came, Nairobi time. */
export const reconciliationSchema = z.object({
  date: z.string(),
  paybill: z.object({ count: z.number().int(), amount: z.number().int() }),
  stk: z.object({ count: z.number().int(), amount: z.number().int() }),
  manual: z.object({ count: z.number().int(), amount: z.number().int() }),
  admin: z.object({ count: z.number().int(), amount: z.number().int() }),
  unmatched: z.object({ count: z.number().int(), amount: z.number().int() }),
  flagged: z.object({ count: z.number().int(), amount: z.number().int() }),
  pendingManual: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** GET/POST /payment/c2b/registration (admin): the last paybill URL registration. */
export const c2bRegistrationSchema = z.object({
  configured: z.boolean(),
  shortcode: z.string().nullable(),
  ok: z.boolean().nullable(),
  message: z.string().nullable(),
  at: z.string().nullable(),
});
export type C2bRegistration = z.infer<typeof c2bRegistrationSchema>;

/**
 * The seed's STK phone rule for prefilling the form: 07… or 01… followed by 8 digits becomes 2547…/2541…;
 * the 254 and +254 forms are kept; anything else leaves the field empty.
 */
export function stkPhoneFromProfile(phone: string | null | undefined): string {
  // The seed's rule takes only the 0… and (+)254… forms; the normalising itself is the one rule in phone.ts.
  if (!phone || !/^\s*(0|\+?254)/.test(phone)) return '';
  return normalizeKenyanPhone(phone) ?? '';
}

/** GET /payment/order-search?q= (admin): an order an unmatched payment may belong to. */
export const orderMatchSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  name: z.string(),
  phone: z.string(),
  totalAmount: z.number(),
  paymentStatus: z.string(),
  deliveryStatus: z.string(),
  createdAt: z.string(),
});
export type OrderMatch = z.infer<typeof orderMatchSchema>;
