import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PAGE_SIZES,
  oneOf,
  pagingQuery,
  pathParams,
  collectionSchema,
  pagedSchema,
} from '@urembo/contract/common';
import { nairobiDate } from '@urembo/contract/nairobi-time';
import { z } from 'zod';
import {
  manualPaymentBodySchema,
  PAYMENT_FILTERS,
  stkPushBodySchema,
  updatePaymentBodySchema,
  c2bRegistrationSchema,
  paymentSchema,
  reconciliationSchema,
  resolveAnswerSchema,
  stkPushAnswerSchema,
  orderMatchSchema,
} from '@urembo/contract/payments';
import { notFound } from '../../lib/http-error';
import type { RouteContext } from '../../lib/route-context';
import type { PaybillService } from './paybill';
import type { PaymentsService } from './service';
import { currentUser, requireUser } from '../auth';
import { searchOrders } from './repository';

/** What these routes use of the app. */
type Ctx = RouteContext<{ paybill: PaybillService; payments: PaymentsService }>;

const paymentListQuery = pagingQuery(PAGE_SIZES.adminPayments).extend({
  filter: oneOf('filter', PAYMENT_FILTERS).optional(),
  unmatched: z.enum(['true', 'false'], { error: 'unmatched must be true or false' }).optional(),
});
const reconciliationQuery = z.object({
  date: z
    .string({ error: 'date is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must look like 2026-01-31')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'date is not a real day')
    .optional(),
});
const orderSearchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(2, 'Type at least 2 characters')
    .max(60, 'Search is too long'),
});

/** Daraja's callbacks are small; anything larger is not one. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Payments (API.md): STK push, its resolution, Daraja's callback, the manual form and the admin list. */
export function shopRoutes({ config, services }: Ctx): FastifyPluginAsyncZod {
  const { paybill, payments } = services;
  return async (app) => {
    app.post(
      '/m-pesa/stk/:orderId',
      {
        schema: {
          response: { 201: stkPushAnswerSchema },
          params: pathParams('orderId'),
          body: stkPushBodySchema,
        },
        onRequest: requireUser,
      },
      async (request, reply) => {
        const { phone } = request.body;
        const answer = await payments.startStkPush(currentUser(request), request.params.orderId, phone);
        return reply.status(201).send(answer);
      },
    );

    app.get(
      '/m-pesa/resolveTransaction/:id',
      {
        schema: { response: { 200: resolveAnswerSchema }, params: pathParams('id') },
        onRequest: requireUser,
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await payments.resolve(currentUser(request), request.params.id)),
    );

    app.post(
      '/payment',
      { schema: { response: { 201: paymentSchema }, body: manualPaymentBodySchema }, onRequest: requireUser },
      async (request, reply) => {
        const body = request.body;
        return reply.status(201).send(await payments.submitManualPayment(currentUser(request), body));
      },
    );

    app.get(
      '/payment/order/:orderId',
      {
        schema: { response: { 200: collectionSchema(paymentSchema) }, params: pathParams('orderId') },
        onRequest: requireUser,
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send({ data: await payments.paymentsOfOrder(currentUser(request), request.params.orderId) }),
    );

    // Daraja's callback: its own scope keeps the raw body text (stored for audit before anything else).
    await app.register(async (callbacks) => {
      callbacks.removeAllContentTypeParsers();
      callbacks.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      const checkSecret = async (request: FastifyRequest<{ Params: { secret: string } }>) => {
        if (!sameSecret(request.params.secret, config.mpesa.callbackSecret)) throw notFound('Not found');
      };
      const receive = async (request: FastifyRequest, reply: FastifyReply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const { statusCode, body } = await payments.receiveCallback(raw);
        return reply.status(statusCode).send(body);
      };
      callbacks.post<{ Params: { secret: string } }>(
        '/m-pesa/callback/:secret',
        { onRequest: checkSecret },
        receive,
      );
      const reply200 =
        (handle: (raw: string) => Promise<{ statusCode: number; body: unknown }>) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const { statusCode, body } = await handle(typeof request.body === 'string' ? request.body : '');
          return reply.status(statusCode).send(body);
        };
      // Paybill (C2B) and Transaction Status: no "mpesa" after /api/v1/ (Daraja's URL filter), the secret last.
      callbacks.post(
        '/payments/c2b/confirmation/:secret',
        { onRequest: checkSecret },
        reply200((raw) => paybill.receiveConfirmation(raw)),
      );
      callbacks.post(
        '/payments/c2b/validation/:secret',
        { onRequest: checkSecret },
        reply200((raw) => paybill.receiveValidation(raw)),
      );
      callbacks.post(
        '/payments/status/result/:secret',
        { onRequest: checkSecret },
        reply200((raw) => paybill.receiveStatusResult(raw, 'result')),
      );
      callbacks.post(
        '/payments/status/timeout/:secret',
        { onRequest: checkSecret },
        reply200((raw) => paybill.receiveStatusResult(raw, 'timeout')),
      );
      // The same endpoint without "M-Pesa" in its path, for when Daraja's URL filter refuses the word.
      callbacks.post<{ Params: { secret: string } }>(
        '/payments/stk-callback/:secret',
        { onRequest: checkSecret },
        receive,
      );
    });
  };
}

/** The payments table, reconciliation, order search and paybill URL registration (admin surface). */
export function adminRoutes({ db, services }: Ctx): FastifyPluginAsyncZod {
  const { paybill, payments } = services;
  return async (app) => {
    app.get(
      '/payment',
      { schema: { response: { 200: pagedSchema(paymentSchema) }, querystring: paymentListQuery } },
      async (request, reply) => {
        const { page, limit, filter, unmatched } = request.query;
        const chosen = unmatched === 'true' ? 'unmatched' : (filter ?? 'all');
        return reply
          .header('cache-control', 'no-store')
          .send(await payments.listPayments(page, limit, chosen));
      },
    );

    app.put(
      '/payment/:id',
      {
        schema: { response: { 200: paymentSchema }, params: pathParams('id'), body: updatePaymentBodySchema },
      },
      async (request) => {
        const body = request.body;
        return 'order' in body
          ? payments.assignPayment(request.params.id, body.order)
          : payments.updatePaymentStatus(request.params.id, body.status);
      },
    );

    app.get(
      '/payment/reconciliation',
      { schema: { response: { 200: reconciliationSchema }, querystring: reconciliationQuery } },
      async (request, reply) => {
        const { date } = request.query;
        return reply
          .header('cache-control', 'no-store')
          .send(await payments.reconciliation(date ?? nairobiDate()));
      },
    );

    app.get(
      '/payment/order-search',
      { schema: { response: { 200: collectionSchema(orderMatchSchema) }, querystring: orderSearchQuery } },
      async (request, reply) => {
        const { q } = request.query;
        const rows = await searchOrders(db, q);
        return reply.header('cache-control', 'no-store').send({
          data: rows.map((r) => ({
            _id: r.id,
            reference: r.reference,
            name: r.name,
            phone: r.phone,
            totalAmount: r.total_amount,
            paymentStatus: r.payment_status,
            deliveryStatus: r.delivery_status,
            createdAt: r.created_at,
          })),
        });
      },
    );

    app.get('/payment/c2b/registration', { schema: { response: { 200: c2bRegistrationSchema } } }, async () =>
      paybill.registration(),
    );

    app.post(
      '/payment/c2b/registration',
      { schema: { response: { 200: c2bRegistrationSchema } } },
      async () => paybill.registerUrls(),
    );
  };
}
