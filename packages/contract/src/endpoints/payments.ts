import { z } from 'zod';
import { collectionSchema, oneOf, pagedSchema, pagingQuery, pathParams, PAGE_SIZES } from '../common';
import { defineEndpoints } from '../endpoint';
import {
  c2bRegistrationSchema,
  manualPaymentBodySchema,
  orderMatchSchema,
  PAYMENT_FILTERS,
  paymentSchema,
  reconciliationSchema,
  refundBodySchema,
  resolveAnswerSchema,
  stkPushAnswerSchema,
  stkPushBodySchema,
  updatePaymentBodySchema,
} from '../payments';
import { paymentRoutes } from '../routes/payments';
import { IDEMPOTENCY_KEY_HEADER } from '../order-status';
import { idempotencyKeySchema } from './orders';

/*
 * Daraja's callbacks, as Safaricom sends them (documented here; the server keeps each body as the text it arrived
 * as, for audit, and reads the fields it needs itself).
 */

const secretParams = z.object({
  secret: z.string().describe('The callback secret (MPESA_CALLBACK_SECRET); any other value → 404'),
});

/** What the shop answers Daraja: `ResultCode` 0 when the callback is stored, 1 when it could not be read. */
const darajaAnswer = z.object({
  ResultCode: z.union([z.number().int(), z.string()]),
  ResultDesc: z.string(),
});

const stkCallbackBody = z
  .object({
    Body: z.object({
      stkCallback: z.object({
        MerchantRequestID: z.string(),
        CheckoutRequestID: z.string(),
        ResultCode: z
          .union([z.number().int(), z.string()])
          .describe('0 paid; 1032 cancelled; 1037 no answer'),
        ResultDesc: z.string(),
        CallbackMetadata: z
          .object({
            Item: z.array(
              z.object({
                Name: z
                  .string()
                  .describe('Amount, MpesaReceiptNumber, TransactionDate, PhoneNumber, Balance'),
                Value: z.union([z.string(), z.number()]).optional(),
              }),
            ),
          })
          .optional(),
      }),
    }),
  })
  .describe("Daraja's STK push result");

const c2bBody = z
  .object({
    TransactionType: z.string(),
    TransID: z.string().describe('The M-Pesa receipt'),
    TransTime: z.string(),
    TransAmount: z.string().describe('Like "123.00"'),
    BusinessShortCode: z.string(),
    BillRefNumber: z.string().describe("The account the customer typed: an order's reference settles it"),
    InvoiceNumber: z.string().optional(),
    OrgAccountBalance: z.string().optional(),
    ThirdPartyTransID: z.string().optional(),
    MSISDN: z.string(),
    FirstName: z.string().optional(),
    MiddleName: z.string().optional(),
    LastName: z.string().optional(),
  })
  .describe("Safaricom's C2B (paybill) payment");

const statusResultBody = z
  .object({
    Result: z.object({
      ResultType: z.union([z.number().int(), z.string()]).optional(),
      ResultCode: z.union([z.number().int(), z.string()]),
      ResultDesc: z.string(),
      OriginatorConversationID: z.string(),
      ConversationID: z.string().optional(),
      TransactionID: z.string().optional(),
      ResultParameters: z
        .object({
          ResultParameter: z.union([
            z.array(z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() })),
            z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() }),
          ]),
        })
        .optional(),
    }),
  })
  .describe("Daraja's Transaction Status result");

const reversalResultBody = z
  .object({
    Result: z.object({
      ResultType: z.union([z.number().int(), z.string()]).optional(),
      ResultCode: z.union([z.number().int(), z.string()]).describe('0 reversed; anything else failed'),
      ResultDesc: z.string(),
      OriginatorConversationID: z.string(),
      ConversationID: z.string().optional(),
      TransactionID: z.string().optional().describe('The reversal’s own receipt'),
      ResultParameters: z
        .object({
          ResultParameter: z.union([
            z.array(z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() })),
            z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() }),
          ]),
        })
        .optional(),
    }),
  })
  .describe("Daraja's Reversal result");

const CALLBACK =
  'Called by Safaricom, not by people: the secret last segment is its guard. The body is stored for audit ' +
  'before anything else; a body that cannot be read → 400 in Daraja’s form. JSON only, at most 64 KB.';

export const paymentEndpoints = defineEndpoints(paymentRoutes, {
  startStkPush: {
    summary: 'Send an M-Pesa prompt (STK push) for the unpaid balance of the caller’s order',
    description:
      'The phone in any Kenyan form. Another customer’s order → 404; paid or cancelled → 409. One prompt per ' +
      'order at a time and a few per customer an hour (429 with Retry-After). M-Pesa refusing → 502, busy or ' +
      'not answering, or prompts not offered by this shop → 503.',
    access: 'customer',
    params: pathParams('orderId'),
    body: stkPushBodySchema,
    responses: { 201: stkPushAnswerSchema },
    errors: [404, 409, 429, 502],
  },
  resolveStkPush: {
    summary: 'The state of an M-Pesa prompt: pending, paid, failed or cancelled',
    description:
      'Its customer or an admin (anyone else → 404). When the callback is late the shop asks Daraja, at most ' +
      'every few seconds.',
    access: 'customer',
    params: pathParams('id'),
    responses: { 200: resolveAnswerSchema },
    errors: [404],
  },
  submitManualPayment: {
    summary: 'Send an M-Pesa receipt for the caller’s order (the manual form)',
    description:
      'A receipt equal to an unmatched paybill payment assigns it at once; an unknown one is stored pending and ' +
      'checked with Safaricom. A receipt already used → 409; another customer’s order → 404; paid or cancelled ' +
      '→ 409.',
    access: 'customer',
    body: manualPaymentBodySchema,
    responses: { 201: paymentSchema },
    errors: [404, 409],
  },
  listOrderPayments: {
    summary: 'The payments recorded for an order',
    description: 'Its customer or an admin (anyone else → 404).',
    access: 'customer',
    params: pathParams('orderId'),
    responses: { 200: collectionSchema(paymentSchema) },
    errors: [404],
  },
  receiveStkCallback: {
    summary: "Daraja's STK push result",
    description: CALLBACK,
    access: 'public',
    params: secretParams,
    body: stkCallbackBody,
    responses: { 200: darajaAnswer, 400: darajaAnswer },
    errors: [404],
  },
  receiveStkCallbackAlias: {
    summary: "Daraja's STK push result, at a path without “M-Pesa” in it",
    description: `The same as /m-pesa/callback/{secret}, for when Safaricom's URL filter refuses the word. ${CALLBACK}`,
    access: 'public',
    params: secretParams,
    body: stkCallbackBody,
    responses: { 200: darajaAnswer, 400: darajaAnswer },
    errors: [404],
  },
  receiveC2bConfirmation: {
    summary: 'Safaricom’s confirmation of a paybill payment',
    description:
      `Idempotent on TransID. A BillRefNumber equal to an order's reference credits that order; otherwise the ` +
      `payment waits unmatched for an admin. ${CALLBACK}`,
    access: 'public',
    params: secretParams,
    body: c2bBody,
    responses: { 200: darajaAnswer, 400: darajaAnswer },
    errors: [404],
  },
  receiveC2bValidation: {
    summary: 'Safaricom’s validation of a paybill payment (always accepted)',
    description: CALLBACK,
    access: 'public',
    params: secretParams,
    body: c2bBody,
    responses: { 200: darajaAnswer, 400: darajaAnswer },
    errors: [404],
  },
  receiveStatusResult: {
    summary: 'Daraja’s Transaction Status result about a typed receipt',
    description: `A completed payment to the shop's shortcode completes the receipt with Safaricom's amount. ${CALLBACK}`,
    access: 'public',
    params: secretParams,
    body: statusResultBody,
    responses: { 200: darajaAnswer, 400: darajaAnswer },
    errors: [404],
  },
  receiveStatusTimeout: {
    summary: 'Daraja’s queue time-out of a Transaction Status query',
    description: CALLBACK,
    access: 'public',
    params: secretParams,
    body: statusResultBody,
    responses: { 200: darajaAnswer, 400: darajaAnswer },
    errors: [404],
  },
  listPayments: {
    summary: 'Every payment, newest first, or those unmatched, pending, conflicting or with a refund due',
    description:
      '25 a page by default; `unmatched=true` is `filter=unmatched`. `refundDue=true` (or `filter=refund-due`) ' +
      'lists the payments with money to send back (of a cancelled order, beyond the order’s total, or for ' +
      'received returns, less what was refunded), each with `refundDue`.',
    access: 'admin',
    query: pagingQuery(PAGE_SIZES.adminPayments).extend({
      filter: oneOf('filter', PAYMENT_FILTERS).optional(),
      unmatched: z.enum(['true', 'false'], { error: 'unmatched must be true or false' }).optional(),
      refundDue: z.enum(['true', 'false'], { error: 'refundDue must be true or false' }).optional(),
    }),
    responses: { 200: pagedSchema(paymentSchema) },
  },
  updatePayment: {
    summary: 'Complete or un-complete a typed receipt, or assign an unmatched payment to an order',
    description:
      '`{status}`: manual-form payments only (others → 400; one held for review → 409). `{order}`: the order’s ' +
      'reference or id (unknown → 404); an already assigned payment → 409.',
    access: 'admin',
    params: pathParams('id'),
    body: updatePaymentBodySchema,
    responses: { 200: paymentSchema },
    errors: [404, 409],
  },
  refundPayment: {
    summary: 'Send money of a payment back to its customer (a refund)',
    description:
      '`manual`: the admin sent the money and gives that transfer’s receipt (10 letters and digits); it completes ' +
      'at once. `mpesa-reversal`: Safaricom reverses the whole remaining amount of an M-Pesa payment (a partial ' +
      'amount → 400: send parts by hand); it stays pending until Safaricom’s result completes or fails it, and ' +
      'needs MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL (else 409). `amount` is 1 to what is left of the ' +
      'payment (else 400); concurrent refunds never pass the payment. A completed refund queues an SMS to the ' +
      'order’s phone. An `Idempotency-Key` makes a repeat answer the first refund.',
    access: 'admin',
    params: pathParams('id'),
    headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
    body: refundBodySchema,
    responses: { 201: paymentSchema },
    errors: [404, 409],
  },
  receiveReversalResult: {
    summary: 'Daraja’s Reversal result (a refund completes or fails)',
    description: `The same result twice counts once; a result for an unknown conversation is ignored. ${CALLBACK}`,
    access: 'public',
    params: secretParams,
    body: reversalResultBody,
    responses: { 200: darajaAnswer, 400: darajaAnswer },
    errors: [404],
  },
  receiveReversalTimeout: {
    summary: 'Daraja’s queue time-out of a Reversal (it is sent again)',
    description: CALLBACK,
    access: 'public',
    params: secretParams,
    body: reversalResultBody,
    responses: { 200: darajaAnswer, 400: darajaAnswer },
    errors: [404],
  },
  getReconciliation: {
    summary: 'A day’s money by the way it came (Nairobi days; today by default)',
    access: 'admin',
    query: z.object({
      date: z
        .string({ error: 'date is required' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must look like 2026-01-31')
        .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'date is not a real day')
        .optional(),
    }),
    responses: { 200: reconciliationSchema },
  },
  searchPaymentOrders: {
    summary: 'Orders an unmatched payment may belong to, by reference, phone or name',
    access: 'admin',
    query: z.object({
      q: z
        .string({ error: 'q is required' })
        .trim()
        .min(2, 'Type at least 2 characters')
        .max(60, 'Search is too long'),
    }),
    responses: { 200: collectionSchema(orderMatchSchema) },
  },
  getC2bRegistration: {
    summary: 'The last registration of the paybill URLs with Safaricom',
    access: 'admin',
    responses: { 200: c2bRegistrationSchema },
  },
  registerC2bUrls: {
    summary: 'Register the paybill URLs with Safaricom now',
    description: 'The outcome, good or bad, is the answer (and is kept).',
    access: 'admin',
    responses: { 200: c2bRegistrationSchema },
  },
});
