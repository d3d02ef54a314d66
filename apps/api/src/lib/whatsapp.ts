import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { writeToOutbox } from './outbox';

/** One template message: a template registered with Meta, its language and the values of its {{n}} placeholders. */
export interface WhatsAppTemplateMessage {
  /** A Kenyan mobile as 2547XXXXXXXX (or 2541XXXXXXXX). */
  to: string;
  template: string;
  language: 'en' | 'sw';
  parameters: string[];
  /** The template's text with the values in, for the outbox and the admin's record of what was sent. */
  text: string;
}

export interface WhatsAppSender {
  /** Sends one template message; answers the id WhatsApp gave it. Throws WhatsAppError when it was not taken. */
  send(message: WhatsAppTemplateMessage): Promise<{ id: string }>;
}

/**
 * `unavailable`: no answer in time, a 5xx or a rate limit (try again later); `rejected`: WhatsApp answered and
 * refused this message (no such WhatsApp account, template not approved, bad token): send an SMS instead.
 */
export class WhatsAppError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WhatsAppError';
  }
}

interface CloudApiAnswer {
  messages?: { id?: string }[];
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

/**
 * Meta's WhatsApp Cloud API: POST {base}/{phone-number-id}/messages with a bearer token and a template message.
 * Success is HTTP 200 with `messages[0].id`.
 */
export class CloudApiWhatsApp implements WhatsAppSender {
  constructor(
    private readonly options: { token: string; phoneNumberId: string; baseUrl: string },
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: WhatsAppTemplateMessage): Promise<{ id: string }> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/${this.options.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.options.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: message.to,
          type: 'template',
          template: {
            name: message.template,
            language: { code: message.language },
            components: [
              { type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) },
            ],
          },
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      throw new WhatsAppError(
        'unavailable',
        timedOut
          ? `WhatsApp did not answer within ${this.timeoutMs} ms`
          : `could not reach WhatsApp: ${(err as Error).message}`,
        { cause: err },
      );
    }
    const text = await response.text().catch(() => '');
    let body: CloudApiAnswer = {};
    try {
      body = JSON.parse(text) as CloudApiAnswer;
    } catch {
      // Said below with the status.
    }
    const why = body.error?.error_data?.details ?? body.error?.message ?? text.slice(0, 200);
    if (response.status >= 500 || response.status === 429) {
      throw new WhatsAppError('unavailable', `WhatsApp answered HTTP ${response.status}: ${why}`);
    }
    const id = body.messages?.[0]?.id;
    if (response.status !== 200 || !id) {
      throw new WhatsAppError('rejected', `WhatsApp refused the message (HTTP ${response.status}): ${why}`);
    }
    this.log.info({ to: message.to, template: message.template, id }, 'WhatsApp message sent');
    return { id };
  }
}

/** A demo shop without WhatsApp credentials: messages are written to DATA_DIR/outbox/ as JSON, like its SMS. */
export class OutboxWhatsApp implements WhatsAppSender {
  constructor(
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: WhatsAppTemplateMessage): Promise<{ id: string }> {
    const id = `outbox.${randomBytes(8).toString('hex')}`;
    const record = { id, ...message, createdAt: new Date().toISOString() };
    const file = await writeToOutbox(
      this.dataDir,
      'whatsapp',
      'json',
      `${JSON.stringify(record, null, 2)}\n`,
    );
    this.log.info({ to: message.to, file }, 'WhatsApp message written to the outbox');
    return { id };
  }
}

/**
 * The Cloud API when configured; the outbox in a shop whose SMS go to the outbox too (the demo); otherwise none: a
 * shop that sends real SMS but has no WhatsApp account offers no WhatsApp updates at all.
 */
export function createWhatsAppSender(config: Config, log: FastifyBaseLogger): WhatsAppSender | null {
  if (config.whatsapp) return new CloudApiWhatsApp(config.whatsapp, log);
  return config.sms ? null : new OutboxWhatsApp(config.dataDir, log);
}

/** Whether the checkout offers order updates on WhatsApp (the same rule as createWhatsAppSender). */
export function offersWhatsAppUpdates(config: Pick<Config, 'whatsapp' | 'sms'>): boolean {
  return Boolean(config.whatsapp) || !config.sms;
}

/**
 * Meta signs each webhook POST: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app
 * secret>`. Compared in constant time over the exact bytes received.
 */
export function validWebhookSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected);
}
