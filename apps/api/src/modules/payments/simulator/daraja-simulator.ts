import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config, MpesaConfig } from '../../../config';
import type { Database } from '../../../db/schema';
import { findSessionUser } from '../../auth/session';
import { MPESA_TRANSACTION_TYPES } from '../../../config';
import { darajaPassword, darajaTimestamp } from '../daraja-client';
import { renderPhonePage } from './phone-page';
import { PromptStore, simulatedReceipt, type SimPrompt } from './prompts';

/*
 * A Daraja look-alike for the demo (PRODUCT.md): the same endpoints, payloads and validation as Safaricom's
 * (Basic auth, Bearer token, Password, Timestamp, whole-shilling Amount, field lengths, phone format), and a
 * "phone" page at /dev/phone where a pending prompt is accepted with any 4-digit PIN or cancelled. Mounted only
 * when no Daraja credentials are configured and NODE_ENV is not production.
 */

export const SIMULATOR_PREFIX = '/mpesa-sim';
export const PHONE_PAGE_PATH = '/dev/phone';
const TOKEN_LIFETIME_S = 3599;
const TIMESTAMP_TOLERANCE_MS = 60 * 60 * 1000;
const CALLBACK_TIMEOUT_MS = 10_000;

export function simulatorIsMounted(config: Config): boolean {
  return config.mpesa.mode === 'simulator' && config.nodeEnv !== 'production';
}

interface DarajaErrorBody {
  requestId: string;
  errorCode: string;
  errorMessage: string;
}

class SimRejection extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (field: string) => new SimRejection(400, '400.002.02', `Bad Request - Invalid ${field}`);

function sendRejection(reply: FastifyReply, err: SimRejection) {
  const body: DarajaErrorBody = {
    requestId: `${randomBytes(4).toString('hex')}-${Date.now()}`,
    errorCode: err.errorCode,
    errorMessage: err.message,
  };
  return reply.status(err.httpStatus).send(body);
}

/** Nairobi-time `YYYYMMDDHHmmss` that parses to a real moment within an hour of now. */
function validTimestamp(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{14}$/.test(value)) return false;
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) =>
    Number(value.slice(at, at + (i === 0 ? 4 : 2))),
  );
  const utc = Date.UTC(y!, mo! - 1, d!, h! - 3, mi!, s!);
  if (darajaTimestamp(new Date(utc)) !== value) return false;
  return Math.abs(Date.now() - utc) <= TIMESTAMP_TOLERANCE_MS;
}

function isPhone(value: unknown): value is string {
  return typeof value === 'string' && /^254[17]\d{8}$/.test(value);
}

function asRecord(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * The prompts a signed-in customer may see and answer on the test phone: only those the shop pushed for that
 * customer's own orders (the shop's stk_requests record whose they are).
 */
async function promptsOwnedBy(
  db: Kysely<Database>,
  userId: string,
  prompts: SimPrompt[],
): Promise<Set<string>> {
  const ids = prompts.map((p) => p.checkoutRequestId);
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('stk_requests')
    .select('checkout_request_id')
    .where('user_id', '=', userId)
    .where('checkout_request_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.checkout_request_id));
}

export function darajaSimulator(config: Config, db: Kysely<Database>) {
  const mpesa: MpesaConfig = config.mpesa;
  return async (app: FastifyInstance) => {
    const tokens = new Map<string, number>();
    const prompts = new PromptStore();

    function requireBearer(request: FastifyRequest): void {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : '';
      const expiresAt = tokens.get(token);
      if (!expiresAt || expiresAt < Date.now())
        throw new SimRejection(404, '404.001.03', 'Invalid Access Token');
    }

    function checkCredentials(body: Record<string, unknown>): void {
      if (body.BusinessShortCode !== mpesa.shortcode && body.BusinessShortCode !== Number(mpesa.shortcode)) {
        throw invalid('BusinessShortCode');
      }
      if (!validTimestamp(body.Timestamp)) throw invalid('Timestamp');
      if (body.Password !== darajaPassword(mpesa.shortcode, mpesa.passkey, body.Timestamp)) {
        throw new SimRejection(500, '500.001.1001', 'Merchant does not exist');
      }
    }

    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error instanceof SimRejection) return sendRejection(reply, error);
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      return sendRejection(
        reply,
        new SimRejection(status, status < 500 ? '400.002.05' : '500.001.1000', error.message || 'Error'),
      );
    });

    app.get(`${SIMULATOR_PREFIX}/oauth/v1/generate`, async (request, reply) => {
      const query = asRecord(request.query);
      if (query.grant_type !== 'client_credentials') {
        throw new SimRejection(400, '400.008.01', 'Invalid grant type passed');
      }
      const header = request.headers.authorization ?? '';
      const decoded = header.startsWith('Basic ')
        ? Buffer.from(header.slice(6), 'base64').toString('utf8')
        : '';
      if (decoded !== `${mpesa.consumerKey}:${mpesa.consumerSecret}`) {
        throw new SimRejection(400, '400.008.02', 'Invalid Authentication passed');
      }
      const token = randomBytes(18).toString('base64url');
      tokens.set(token, Date.now() + TOKEN_LIFETIME_S * 1000);
      for (const [t, expiresAt] of tokens) if (expiresAt < Date.now()) tokens.delete(t);
      // Daraja sends expires_in as a string.
      return reply.send({ access_token: token, expires_in: String(TOKEN_LIFETIME_S) });
    });

    app.post(`${SIMULATOR_PREFIX}/mpesa/stkpush/v1/processrequest`, async (request, reply) => {
      requireBearer(request);
      const body = asRecord(request.body);
      checkCredentials(body);
      if (!MPESA_TRANSACTION_TYPES.includes(body.TransactionType as never)) throw invalid('TransactionType');
      const amount = typeof body.Amount === 'string' ? Number(body.Amount) : body.Amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 250_000) {
        throw invalid('Amount');
      }
      if (!isPhone(body.PartyA)) throw invalid('PartyA');
      if (!isPhone(body.PhoneNumber)) throw invalid('PhoneNumber');
      if (String(body.PartyB) !== mpesa.partyB) throw invalid('PartyB');
      const callbackUrl = body.CallBackURL;
      if (typeof callbackUrl !== 'string' || /\s/.test(callbackUrl) || !URL.canParse(callbackUrl)) {
        throw invalid('CallBackURL');
      }
      // The simulator only ever calls the shop's own callback: it must not be a way to make this server POST to an
      // address a caller chose (its token is easy to get in the demo).
      if (callbackUrl !== mpesa.callbackUrl) throw invalid('CallBackURL');
      const reference = body.AccountReference;
      if (typeof reference !== 'string' || reference.trim() === '' || reference.length > 12) {
        throw invalid('AccountReference');
      }
      const description = body.TransactionDesc;
      if (
        typeof description !== 'string' ||
        description.trim() === '' ||
        description.length > 13 ||
        /[@#&]/.test(description)
      ) {
        throw invalid('TransactionDesc');
      }
      const prompt = prompts.add(
        { amount, phone: body.PhoneNumber, accountReference: reference, description, callbackUrl },
        darajaTimestamp(new Date()),
      );
      return reply.send({
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      });
    });

    app.post(`${SIMULATOR_PREFIX}/mpesa/stkpushquery/v1/query`, async (request, reply) => {
      requireBearer(request);
      const body = asRecord(request.body);
      checkCredentials(body);
      const prompt =
        typeof body.CheckoutRequestID === 'string' ? prompts.get(body.CheckoutRequestID) : undefined;
      if (!prompt) throw invalid('CheckoutRequestID');
      if (prompt.status === 'pending') {
        throw new SimRejection(500, '500.001.1001', 'The transaction is being processed');
      }
      return reply.send({
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResultCode: String(prompt.resultCode),
        ResultDesc: prompt.resultDesc,
      });
    });

    /* ---- the phone page (server-rendered HTML with plain forms: no script, CSP-friendly) ---- */

    await app.register(async (page) => {
      page.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

      /** The signed-in customer's own prompts (none for a visitor, who is asked to sign in). */
      async function visiblePrompts(request: FastifyRequest) {
        const found = await findSessionUser(db, config, request);
        if (!found) return null;
        const all = [...prompts.pending(), ...prompts.recent(50)];
        const own = await promptsOwnedBy(db, found.user.id, all);
        return {
          pending: prompts.pending().filter((p) => own.has(p.checkoutRequestId)),
          recent: prompts
            .recent(50)
            .filter((p) => own.has(p.checkoutRequestId))
            .slice(0, 5),
          owns: (p: SimPrompt) => own.has(p.checkoutRequestId),
        };
      }

      const sendPage = (
        reply: FastifyReply,
        status: number,
        visible: Awaited<ReturnType<typeof visiblePrompts>>,
        extra: Parameters<typeof renderPhonePage>[0]['notice'],
      ) =>
        reply
          .status(status)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            renderPhonePage({
              merchant: config.paymentInstructions.tillName,
              pending: visible?.pending ?? [],
              recent: visible?.recent ?? [],
              signedIn: visible !== null,
              notice: extra,
            }),
          );

      page.get(PHONE_PAGE_PATH, async (request, reply) => {
        const visible = await visiblePrompts(request);
        const done = asRecord(request.query).done;
        const prompt = typeof done === 'string' ? prompts.get(done) : undefined;
        const shown = prompt && visible?.owns(prompt) ? prompt : undefined;
        return sendPage(reply, 200, visible, shown ? { kind: 'done', prompt: shown } : undefined);
      });

      page.post<{ Params: { id: string; action: string } }>(
        `${PHONE_PAGE_PATH}/:id/:action`,
        async (request, reply) => {
          const visible = await visiblePrompts(request);
          const found = prompts.get(request.params.id);
          // Another customer's prompt does not exist for this one.
          const prompt = found && visible?.owns(found) ? found : undefined;
          const action = request.params.action;
          if (!prompt || !['accept', 'cancel', 'timeout'].includes(action)) {
            return sendPage(reply, 404, visible, {
              kind: 'error',
              message: visible
                ? 'That prompt does not exist any more.'
                : 'Sign in to the shop to answer the prompts sent for your orders.',
            });
          }
          if (prompt.status !== 'pending') {
            return reply.redirect(
              `${PHONE_PAGE_PATH}?done=${encodeURIComponent(prompt.checkoutRequestId)}`,
              303,
            );
          }
          if (action === 'accept') {
            const pin = asRecord(request.body).pin;
            if (typeof pin !== 'string' || !/^\d{4}$/.test(pin)) {
              return sendPage(reply, 400, visible, {
                kind: 'pin',
                prompt,
                message: 'Enter a 4-digit M-PESA PIN (any 4 digits work here).',
              });
            }
            prompt.status = 'accepted';
            prompt.resultCode = 0;
            prompt.resultDesc = 'The service request is processed successfully.';
            prompt.receipt = simulatedReceipt();
          } else if (action === 'cancel') {
            prompt.status = 'cancelled';
            prompt.resultCode = 1032;
            prompt.resultDesc = 'Request cancelled by user';
          } else {
            prompt.status = 'timed-out';
            prompt.resultCode = 1037;
            prompt.resultDesc = 'DS timeout user cannot be reached';
          }
          prompt.delivery = await deliverCallback(mpesa.callbackUrl, prompt);
          request.log.info(
            { checkoutRequestId: prompt.checkoutRequestId, status: prompt.status, delivery: prompt.delivery },
            'M-Pesa simulator: prompt answered',
          );
          return reply.redirect(
            `${PHONE_PAGE_PATH}?done=${encodeURIComponent(prompt.checkoutRequestId)}`,
            303,
          );
        },
      );
    });
  };
}

/** Daraja's callback body (MPESA.md), POSTed to the CallBackURL of the push. */
export function callbackBodyFor(prompt: SimPrompt): unknown {
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: prompt.merchantRequestId,
    CheckoutRequestID: prompt.checkoutRequestId,
    ResultCode: prompt.resultCode,
    ResultDesc: prompt.resultDesc,
  };
  if (prompt.resultCode === 0) {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: prompt.amount },
        { Name: 'MpesaReceiptNumber', Value: prompt.receipt },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(darajaTimestamp(new Date())) },
        { Name: 'PhoneNumber', Value: Number(prompt.phone) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

async function deliverCallback(shopCallbackUrl: string, prompt: SimPrompt): Promise<string> {
  try {
    const response = await fetch(shopCallbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': randomUUID() },
      body: JSON.stringify(callbackBodyFor(prompt)),
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await response.text().catch(() => '');
    return response.ok ? `delivered (HTTP ${response.status})` : `the shop answered HTTP ${response.status}`;
  } catch (err) {
    return `could not reach the shop: ${err instanceof Error ? err.message : String(err)}`;
  }
}
