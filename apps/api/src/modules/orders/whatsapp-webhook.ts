import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderEndpoints as endpoints } from '@urembo/contract/endpoints/orders';
import { routeOf } from '../../lib/endpoint-route';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import type { RouteContext } from '../../lib/route-context';
import { validWebhookSignature } from '../../lib/whatsapp';
import type { OrderMessenger, WhatsAppStatus } from './messages';

/** Meta's webhook bodies are small; a status batch is a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The statuses in a webhook body (`entry[].changes[].value.statuses[]`); anything else in it is ignored. */
export function statusesOf(body: unknown): WhatsAppStatus[] {
  const statuses: WhatsAppStatus[] = [];
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const field = (value: unknown, key: string): unknown =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  for (const entry of list(field(body, 'entry'))) {
    for (const change of list(field(entry, 'changes'))) {
      for (const status of list(field(field(change, 'value'), 'statuses'))) {
        const id = field(status, 'id');
        const state = field(status, 'status');
        if (typeof id !== 'string' || typeof state !== 'string') continue;
        const error = list(field(status, 'errors'))[0];
        const reason = field(error, 'title') ?? field(error, 'message');
        statuses.push({ id, status: state, ...(typeof reason === 'string' ? { reason } : {}) });
      }
    }
  }
  return statuses;
}

/**
 * GET and POST /whatsapp/webhook: Meta's URL check and its signed delivery statuses. Without a WhatsApp account
 * configured both answer 404. The POST's own scope keeps the raw bytes: the signature is over them exactly.
 */
export function whatsappWebhookRoutes({
  config,
  services,
}: RouteContext<{ orderMessages: OrderMessenger }>): FastifyPluginAsyncZod {
  const whatsapp = config.whatsapp;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.verifyWhatsAppWebhook),
      handler: async (request, reply) => {
        if (!whatsapp) throw notFound('Not found');
        const query = request.query;
        const expected = whatsapp.verifyToken;
        if (query['hub.mode'] !== 'subscribe' || !expected || query['hub.verify_token'] !== expected) {
          throw forbidden('The verify token does not match WHATSAPP_VERIFY_TOKEN');
        }
        return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
      },
    });

    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      webhook.route({
        ...routeOf(endpoints.receiveWhatsAppWebhook, { bodyInHandler: true }),
        handler: async (request, reply) => {
          if (!whatsapp) throw notFound('Not found');
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['x-hub-signature-256'];
          if (
            !validWebhookSignature(
              raw,
              typeof signature === 'string' ? signature : undefined,
              whatsapp.appSecret,
            )
          ) {
            throw unauthorized('The X-Hub-Signature-256 header does not match the body');
          }
          let body: unknown;
          try {
            body = JSON.parse(raw.toString('utf8'));
          } catch {
            body = null;
          }
          const requeued = await services.orderMessages.receiveWhatsAppStatuses(statusesOf(body));
          return reply.send({ requeued });
        },
      });
    });
  };
}
