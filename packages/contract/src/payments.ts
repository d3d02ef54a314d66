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

/** Third round: the ledger's state of a payment. Only "completed" counts towards its order. */
export const PAYMENT_STATES = ['pending', 'completed', 'failed', 'held'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/** Why money is held aside (it does not count towards an order). */
export const HOLD_REASONS = ['receipt-reused', 'order-not-payable', 'other-shortcode'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const REFUND_METHODS = ['mpesa-reversal', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_STATES = ['pending', 'completed', 'failed'] as const;

/** Money sent back from a payment: by hand (with the receipt of that transfer) or by Safaricom's Reversal API. */
export const refundSchema = z.object({
  _id: z.string(),
  amount: z.number().int(),
  method: z.enum(REFUND_METHODS),
  state: z.enum(REFUND_STATES),
  receipt: z.string().nullable(),
  /** The admin's reason: staff-only, the empty string when a customer reads her order's payments. */
  reason: z.string(),
  /** Safaricom's reason when a Reversal failed (admins only: null for a customer). */
  failure: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** Payment: `status` true = complete, false = pending. `receipt` is null only for an STK payment
 * confirmed by an STK query whose callback never came (Safaricom's query answer carries no receipt). */
export const paymentSchema = z.object({
  _id: z.string(),
  ID: z.enum(PAYMENT_SOURCES),
  fullName: z.string(),
  amount: z.number().int(),
  channel: z.string(),
  receipt: z.string().nullable(),
  /** The payer's number; to a customer, masked ("2547*****777") unless it is hers or the order's. */
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
  /** Addition: the admin's reason for a payment recorded by hand (admins only: null for a customer). */
  note: z.string().nullable(),
  /** Addition: a typed receipt's check with Safaricom. */
  verification: z.enum(PAYMENT_VERIFICATIONS).nullable(),
  createdAt: z.string(),
  /** Third round: the ledger. `status` is true exactly when `state` is "completed". */
  state: z.enum(PAYMENT_STATES),
  holdReason: z.enum(HOLD_REASONS).nullable(),
  /** What its completed refunds sent back. */
  refundedAmount: z.number().int(),
  refunds: z.array(refundSchema),
  /** Money of this payment the shop must still send back (GET /payment/?refundDue=true). */
  refundDue: z.number().int().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const STK_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;

/** M-Pesa receipt numbers (transaction codes) are 10 upper-case letters and digits, e.g. NLJ7RT61SV. */
export const RECEIPT_PATTERN = /^[A-Z0-9]{10}$/;

export function normalizeReceipt(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** The one receipt rule wherever a person types one (manual form, admin mark-paid, manual refund). */
export const RECEIPT_RULE = 'Receipt number must be 10 letters and digits, like NLJ7RT61SV';

/** A typed receipt, trimmed and upper-cased; null when it breaks the rule. */
export function parseReceipt(input: string): string | null {
  const receipt = normalizeReceipt(input);
  return RECEIPT_PATTERN.test(receipt) ? receipt : null;
}

/** A zod field for a typed receipt (the one rule). */
export function receiptField(required = 'Receipt number is required') {
  return z
    .string({ error: required })
    .transform(normalizeReceipt)
    .pipe(z.string().min(1, required).regex(RECEIPT_PATTERN, RECEIPT_RULE));
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
  receipt: receiptField(),
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

/**
 * GET /payment/?filter=… (admin). `unmatched=true` is another spelling of filter=unmatched, `refundDue=true` of
 * filter=refund-due (payments with money to send back, each with `refundDue`).
 */
export const PAYMENT_FILTERS = ['all', 'unmatched', 'pending', 'conflicts', 'refund-due'] as const;
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

const REFUND_AMOUNT_RULE = 'amount must be a whole number of shillings from 1 to what is left of the payment';

/** POST /payment/{id}/refund (admin). */
export const refundBodySchema = z
  .object({
    amount: z
      .number({ error: REFUND_AMOUNT_RULE })
      .int(REFUND_AMOUNT_RULE)
      .min(1, REFUND_AMOUNT_RULE)
      .max(MAX_PAYMENT_AMOUNT, REFUND_AMOUNT_RULE),
    method: z.enum(REFUND_METHODS, { error: 'method must be "mpesa-reversal" or "manual"' }),
    reason: z
      .string({ error: 'Give the reason for the refund' })
      .trim()
      .min(1, 'Give the reason for the refund')
      .max(200, 'reason must be at most 200 characters'),
    receipt: z.string().max(40, RECEIPT_RULE).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'manual') {
      if (body.receipt === undefined || body.receipt.trim() === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['receipt'],
          message: 'A manual refund needs the receipt of the money you sent back (10 letters and digits)',
        });
      } else if (!parseReceipt(body.receipt)) {
        ctx.addIssue({ code: 'custom', path: ['receipt'], message: RECEIPT_RULE });
      }
    }
  });
export type RefundBody = z.input<typeof refundBodySchema>;
