import type { FastifyBaseLogger } from 'fastify';
import { toE164 } from '@urembo/contract/phone';
import type { Config } from '../config';
import { writeToOutbox } from './outbox';

export interface SmsSender {
  /** Sends one SMS to a canonical Kenyan number (2547…); throws SmsError when the gateway did not accept it. */
  send(phone: string, message: string): Promise<void>;
}

/**
 * `unavailable`: the gateway did not answer in time or answered 5xx (try again later);
 * `rejected`: it answered and refused the message (bad credentials, number, balance...).
 */
export class SmsError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SmsError';
  }
}

/** Africa's Talking recipient statuses that mean the message was taken: processed, sent, queued. */
const ACCEPTED_STATUS_CODES = new Set([100, 101, 102]);

interface AtResponse {
  SMSMessageData?: {
    Message?: string;
    Recipients?: { statusCode?: number | string; status?: string; number?: string; messageId?: string }[];
  };
}

/**
 * Africa's Talking bulk SMS: POST {base}/version1/messaging, form-encoded, apiKey header, `to` in E.164.
 * Success is HTTP 201 with each recipient's statusCode 100, 101 or 102.
 */
export class AfricasTalkingSms implements SmsSender {
  constructor(
    private readonly options: { username: string; apiKey: string; baseUrl: string; senderId?: string },
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(phone: string, message: string): Promise<void> {
    const to = toE164(phone);
    const form = new URLSearchParams({ username: this.options.username, to, message });
    if (this.options.senderId) form.set('from', this.options.senderId);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: {
          apiKey: this.options.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      throw new SmsError(
        'unavailable',
        timedOut
          ? `Africa's Talking did not answer within ${this.timeoutMs} ms`
          : `could not reach Africa's Talking: ${(err as Error).message}`,
        { cause: err },
      );
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) {
      throw new SmsError(
        'unavailable',
        `Africa's Talking answered HTTP ${response.status}: ${text.slice(0, 200)}`,
      );
    }
    if (response.status !== 201 && response.status !== 200) {
      throw new SmsError(
        'rejected',
        `Africa's Talking answered HTTP ${response.status}: ${text.slice(0, 200)}`,
      );
    }
    let body: AtResponse;
    try {
      body = JSON.parse(text) as AtResponse;
    } catch {
      throw new SmsError(
        'rejected',
        `Africa's Talking answered something that is not JSON: ${text.slice(0, 200)}`,
      );
    }
    const recipient =
      body.SMSMessageData?.Recipients?.find((r) => r.number === to) ?? body.SMSMessageData?.Recipients?.[0];
    const code = Number(recipient?.statusCode);
    if (!recipient || !ACCEPTED_STATUS_CODES.has(code)) {
      throw new SmsError(
        'rejected',
        `Africa's Talking did not accept the SMS: ${recipient?.status ?? body.SMSMessageData?.Message ?? 'no recipient'} (${Number.isNaN(code) ? 'no status code' : code})`,
      );
    }
    this.log.info({ to, messageId: recipient.messageId, status: recipient.status }, 'SMS sent');
  }
}

/** Without Africa's Talking credentials: SMS are written to DATA_DIR/outbox/ as JSON (recipient logged). */
export class OutboxSms implements SmsSender {
  constructor(
    private readonly dataDir: string,
    private readonly senderId: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phone: string, message: string): Promise<void> {
    const to = toE164(phone);
    const record = { to, from: this.senderId ?? null, message, createdAt: new Date().toISOString() };
    const file = await writeToOutbox(this.dataDir, 'sms', 'json', `${JSON.stringify(record, null, 2)}\n`);
    this.log.info({ to, file }, 'SMS written to the outbox');
  }
}

export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  return config.sms ? new AfricasTalkingSms(config.sms, log) : new OutboxSms(config.dataDir, undefined, log);
}
