import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Endpoint } from '@urembo/contract/endpoint';
import { paymentEndpoints as endpoints } from '@urembo/contract/endpoints/payments';
import { nairobiDate } from '@urembo/contract/nairobi-time';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routeOf } from '../../lib/endpoint-route';
import { badRequest, notFound } from '../../lib/http-error';
import { IDEMPOTENCY_KEY_HEADER } from '@urembo/contract/order-status';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@urembo/contract/endpoints/orders';
import type { RouteContext } from '../../lib/route-context';
import type { PaybillService } from './paybill';
import { pullAdminRoutes } from './pull-routes';
import type { PullSweep } from './pull-sweep';
import type { PaymentsService } from './service';
import type { RefundService } from './refunds';
import { currentUser } from '../auth';
import { searchOrders } from './repository';

/** What these routes use of the app. */
type Ctx = RouteContext<{
  paybill: PaybillService;
  payments: PaymentsService;
  pull: PullSweep;
  refunds: RefundService;
}>;

/** Daraja's callbacks are small; anything larger is not one. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Payments: STK push, its resolution, Daraja's callbacks, the manual form and the admin list. */
export function shopRoutes({ config, services }: Ctx): FastifyPluginAsyncZod {
  const { paybill, payments } = services;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.startStkPush),
      handler: async (request, reply) => {
        const answer = await payments.startStkPush(
          currentUser(request),
          request.params.orderId,
          request.body.phone,
        );
        return reply.status(201).send(answer);
      },
    });

    app.route({
      ...routeOf(endpoints.resolveStkPush),
      handler: async (request, reply) =>
        reply.send(await payments.resolve(currentUser(request), request.params.id)),
    });

    app.route({
      ...routeOf(endpoints.submitManualPayment),
      handler: async (request, reply) =>
        reply.status(201).send(await payments.submitManualPayment(currentUser(request), request.body)),
    });

    app.route({
      ...routeOf(endpoints.listOrderPayments),
      handler: async (request, reply) =>
        reply.send({ data: await payments.paymentsOfOrder(currentUser(request), request.params.orderId) }),
    });

    // Daraja's callbacks: their own scope keeps the raw body text (stored for audit before anything else).
    await app.register(async (callbacks) => {
      callbacks.removeAllContentTypeParsers();
      callbacks.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      const checkSecret = async (request: FastifyRequest) => {
        const { secret } = request.params as { secret: string };
        if (!sameSecret(secret, config.mpesa.callbackSecret)) throw notFound('Not found');
      };
      const callback = (
        endpoint: Endpoint,
        handle: (raw: string) => Promise<{ statusCode: number; body: unknown }>,
      ) =>
        callbacks.route({
          ...routeOf(endpoint, { bodyInHandler: true }),
          onRequest: checkSecret,
          handler: async (request: FastifyRequest, reply: FastifyReply) => {
            const { statusCode, body } = await handle(typeof request.body === 'string' ? request.body : '');
            return reply.status(statusCode).send(body);
          },
        });
      const stkResult = (raw: string) => payments.receiveCallback(raw);
      callback(endpoints.receiveStkCallback, stkResult);
      // The same endpoint without "M-Pesa" in its path, for when Daraja's URL filter refuses the word.
      callback(endpoints.receiveStkCallbackAlias, stkResult);
      // Paybill (C2B) and Transaction Status: no "mpesa" after /api/v1/ (Daraja's URL filter), the secret last.
      callback(endpoints.receiveC2bConfirmation, (raw) => paybill.receiveConfirmation(raw));
      callback(endpoints.receiveC2bValidation, (raw) => paybill.receiveValidation(raw));
      callback(endpoints.receiveStatusResult, (raw) => paybill.receiveStatusResult(raw, 'result'));
      callback(endpoints.receiveStatusTimeout, (raw) => paybill.receiveStatusResult(raw, 'timeout'));
      callback(endpoints.receiveReversalResult, (raw) => services.refunds.receiveResult(raw, 'result'));
      callback(endpoints.receiveReversalTimeout, (raw) => services.refunds.receiveResult(raw, 'timeout'));
    });
  };
}

/** The payments table, reconciliation, order search and paybill URL registration (admin surface). */
export function adminRoutes({ db, services }: Ctx): FastifyPluginAsyncZod {
  const { paybill, payments } = services;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.listPayments),
      handler: async (request, reply) => {
        const { page, limit, filter, unmatched, refundDue } = request.query;
        const chosen =
          refundDue === 'true' ? 'refund-due' : unmatched === 'true' ? 'unmatched' : (filter ?? 'all');
        return reply.send(await payments.listPayments(page, limit, chosen));
      },
    });

    app.route({
      ...routeOf(endpoints.updatePayment),
      handler: async (request) => {
        const body = request.body;
        return 'order' in body
          ? payments.assignPayment(request.params.id, body.order, currentUser(request).id)
          : payments.updatePaymentStatus(request.params.id, body.status, currentUser(request).id);
      },
    });

    app.route({
      ...routeOf(endpoints.refundPayment),
      handler: async (request, reply) => {
        const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
        let key: string | undefined;
        if (raw !== undefined) {
          const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
          if (!parsed.success) throw badRequest(IDEMPOTENCY_KEY_MESSAGE);
          key = parsed.data;
        }
        const payment = await services.refunds.refund(
          request.params.id,
          request.body,
          currentUser(request).id,
          key,
        );
        return reply.status(201).send(payment);
      },
    });

    app.route({
      ...routeOf(endpoints.getReconciliation),
      handler: async (request, reply) =>
        reply.send(await payments.reconciliation(request.query.date ?? nairobiDate())),
    });

    app.route({
      ...routeOf(endpoints.searchPaymentOrders),
      handler: async (request, reply) => {
        const rows = await searchOrders(db, request.query.q);
        return reply.send({
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
    });

    app.route({
      ...routeOf(endpoints.getC2bRegistration),
      handler: async () => paybill.registration(),
    });

    app.route({
      ...routeOf(endpoints.registerC2bUrls),
      handler: async (request) => paybill.registerUrls(currentUser(request).id),
    });

    await app.register(pullAdminRoutes(services.pull));
  };
}
