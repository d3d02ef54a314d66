import { z } from 'zod';
import { normalizeKenyanPhone } from './phone';

/** Where a payment came from: the customer's manual form, or an STK push confirmed by Safaricom. */
export const PAYMENT_SOURCES = ['user-mpesa-form', 'mpesa-stk'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** Why a payment needs a person to look at it (it is recorded but does not count towards the order). */
export const PAYMENT_FLAGS = ['amount-mismatch'] as const;

/** Payment (API.md): `status` true = complete, false = pending. `receipt` is null only for an STK payment
 * confirmed by an STK query whose callback never came (Safaricom's query answer carries no receipt). */
export const paymentSchema = z.object({
  _id: z.string(),
  ID: z.enum(PAYMENT_SOURCES),
  fullName: z.string(),
  amount: z.number().int(),
  channel: z.string(),
  receipt: z.string().nullable(),
  phone: z.string().nullable(),
  order: z.string(),
  status: z.boolean(),
  /** Addition to API.md: set when the payment is held back for review (e.g. the amount did not match). */
  flag: z.enum(PAYMENT_FLAGS).nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const STK_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type StkStatus = (typeof STK_STATUSES)[number];

/** M-Pesa receipt numbers (transaction codes) are 10 upper-case letters and digits, e.g. NLJ7RT61SV. */
export const RECEIPT_PATTERN = /^[A-Z0-9]{10}$/;

export function normalizeReceipt(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export const PHONE_FOR_MPESA_ERROR = 'Enter the M-Pesa phone number, like 0712 345 678';

/** POST /m-pesa/stk/{orderId}: the phone that gets the prompt, in any form customers type; stored as 2547…/2541…. */
export const stkPushBodySchema = z.object({
  phone: z.string({ error: 'phone is required' }).transform((v, ctx) => {
    const phone = normalizeKenyanPhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: PHONE_FOR_MPESA_ERROR });
      return z.NEVER;
    }
    return phone;
  }),
});
export type StkPushBody = z.input<typeof stkPushBodySchema>;

export const stkPushAnswerSchema = z.object({ _id: z.string(), message: z.string() });
export type StkPushAnswer = z.infer<typeof stkPushAnswerSchema>;

/** GET /m-pesa/resolveTransaction/{id}. `order` and `amount` are additions to API.md (links back to the order). */
export const resolveAnswerSchema = z.object({
  status: z.enum(STK_STATUSES),
  message: z.string(),
  order: z.string(),
  amount: z.number().int(),
});
export type ResolveAnswer = z.infer<typeof resolveAnswerSchema>;

export const MAX_PAYMENT_AMOUNT = 1_000_000;

/** POST /payment/: the manual M-Pesa form. `channel` defaults to "M-Pesa"; status is always false (pending). */
export const manualPaymentBodySchema = z.object({
  ID: z.literal('user-mpesa-form', { error: 'ID must be "user-mpesa-form"' }),
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  amount: z.coerce
    .number({ error: 'Amount is required' })
    .int('Amount must be whole shillings')
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

/** PUT /payment/{id} (admin). */
export const paymentStatusBodySchema = z.object({
  status: z.boolean({ error: 'status must be true or false' }),
});

/**
 * The seed's STK phone rule (§5) for prefilling the form: 07… or 01… followed by 8 digits becomes 2547…/2541…;
 * the 254 and +254 forms are kept; anything else leaves the field empty.
 */
export function stkPhoneFromProfile(phone: string | null | undefined): string {
  if (!phone) return '';
  const compact = phone.replace(/[\s-]/g, '');
  if (/^0[17]\d{8}$/.test(compact)) return `254${compact.slice(1)}`;
  if (/^\+?254[17]\d{8}$/.test(compact)) return compact.replace(/^\+/, '');
  return '';
}
