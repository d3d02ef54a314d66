import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_SIZES, pagingQuery } from '@urembo/contract/common';
import {
  manualPaymentBodySchema,
  paymentStatusBodySchema,
  stkPushBodySchema,
} from '@urembo/contract/payments';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import type { AppContext } from '../../routes';
import { currentUser, requireAdmin, requireUser } from '../auth/guards';
import { createDarajaClient } from './daraja-client';
import { createPaymentsService } from './service';

/** Daraja's callbacks are small; anything larger is not one. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Payments (API.md): STK push, its resolution, Daraja's callback, the manual form and the admin list. */
export function paymentsRoutes({ config, db }: AppContext): FastifyPluginAsync {
  return async (app) => {
    const daraja = createDarajaClient(config.mpesa);
    const payments = createPaymentsService({ db, config, daraja, log: app.log });

    app.post<{ Params: { orderId: string } }>(
      '/m-pesa/stk/:orderId',
      { preHandler: requireUser },
      async (request, reply) => {
        const { phone } = parseInput(stkPushBodySchema, request.body);
        const answer = await payments.startStkPush(currentUser(request), request.params.orderId, phone);
        return reply.status(201).send(answer);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/m-pesa/resolveTransaction/:id',
      { preHandler: requireUser },
      async (request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await payments.resolve(currentUser(request), request.params.id)),
    );

    app.post('/payment', { preHandler: requireUser }, async (request, reply) => {
      const body = parseInput(manualPaymentBodySchema, request.body);
      return reply.status(201).send(await payments.submitManualPayment(currentUser(request), body));
    });

    app.get('/payment', { preHandler: requireAdmin }, async (request) => {
      const { page, limit } = parseInput(pagingQuery(PAGE_SIZES.adminPayments), request.query);
      return payments.listPayments(page, limit);
    });

    app.put<{ Params: { id: string } }>('/payment/:id', { preHandler: requireAdmin }, async (request) => {
      const { status } = parseInput(paymentStatusBodySchema, request.body);
      return payments.updatePaymentStatus(request.params.id, status);
    });

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
      // The same endpoint without "M-Pesa" in its path, for when Daraja's URL filter refuses the word.
      callbacks.post<{ Params: { secret: string } }>(
        '/payments/stk-callback/:secret',
        { onRequest: checkSecret },
        receive,
      );
    });
  };
}
