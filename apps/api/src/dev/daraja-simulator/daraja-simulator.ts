import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { NAIROBI_OFFSET_MS } from '@urembo/contract/nairobi-time';
import { isCanonicalKenyanPhone } from '@urembo/contract/phone';
import type { Config, MpesaConfig } from '../../config';
import type { Database } from '../../db/schema';
import { findSessionUser } from '../../modules/auth';
import { MPESA_TRANSACTION_TYPES } from '../../config';
import { darajaPassword, darajaTimestamp } from '../../modules/payments';
import { renderPaybillPage } from './paybill-page';
import { renderPhonePage } from './phone-page';
import { PaybillStore, PromptStore, simulatedReceipt, type SimPrompt } from './prompts';

/*
 * A Daraja look-alike for the demo: the same endpoints, payloads and validation as Safaricom's
 * (Basic auth, Bearer token, Password, Timestamp, whole-shilling Amount, field lengths, phone format), and a
 * "phone" page at /dev/phone where a pending prompt is accepted with any 4-digit PIN or cancelled. Mounted only
 * when no Daraja credentials are configured and NODE_ENV is not production.
 */

export const SIMULATOR_PREFIX = '/mpesa-sim';
export const PHONE_PAGE_PATH = '/dev/phone';
export const PAYBILL_PAGE_PATH = '/dev/phone/paybill';
/** Safaricom's sandbox test MSISDN: the test phone's own number. */
export const TEST_PHONE_MSISDN = '254708374149';
const STATUS_RESULT_DELAY_MS = 300;
const TOKEN_LIFETIME_S = 3599;
const TIMESTAMP_TOLERANCE_MS = 60 * 60 * 1000;
const CALLBACK_TIMEOUT_MS = 10_000;

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
  const utc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - NAIROBI_OFFSET_MS;
  if (darajaTimestamp(new Date(utc)) !== value) return false;
  return Math.abs(Date.now() - utc) <= TIMESTAMP_TOLERANCE_MS;
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
    const paybills = new PaybillStore();
    /** C2B URLs registered per shortcode (Register URL). */
    const registered = new Map<string, { confirmationUrl: string; validationUrl: string }>();
    // The simulator only ever calls this shop (never an address a caller chose).
    const shopApi = `${config.publicUrl}/api/v1/`;
    const isShopUrl = (value: unknown): value is string =>
      typeof value === 'string' && value.startsWith(shopApi) && !/\s/.test(value) && URL.canParse(value);

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
      if (!isCanonicalKenyanPhone(body.PartyA)) throw invalid('PartyA');
      if (!isCanonicalKenyanPhone(body.PhoneNumber)) throw invalid('PhoneNumber');
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

    for (const version of ['v1', 'v2']) {
      app.post(`${SIMULATOR_PREFIX}/mpesa/c2b/${version}/registerurl`, async (request, reply) => {
        requireBearer(request);
        const body = asRecord(request.body);
        const shortcode = String(body.ShortCode ?? '');
        if (!/^\d{5,7}$/.test(shortcode)) throw invalid('ShortCode');
        if (body.ResponseType !== 'Completed' && body.ResponseType !== 'Cancelled')
          throw invalid('ResponseType');
        if (
          !isShopUrl(body.ConfirmationURL) ||
          /mpesa|safaricom/i.test(body.ConfirmationURL.slice(shopApi.length))
        ) {
          throw invalid('ConfirmationURL');
        }
        if (
          !isShopUrl(body.ValidationURL) ||
          /mpesa|safaricom/i.test(body.ValidationURL.slice(shopApi.length))
        ) {
          throw invalid('ValidationURL');
        }
        registered.set(shortcode, {
          confirmationUrl: body.ConfirmationURL,
          validationUrl: body.ValidationURL,
        });
        return reply.send({
          OriginatorCoversationID: randomUUID(),
          ResponseCode: '0',
          ResponseDescription: 'Success',
        });
      });
    }

    app.post(`${SIMULATOR_PREFIX}/mpesa/transactionstatus/v1/query`, async (request, reply) => {
      requireBearer(request);
      const body = asRecord(request.body);
      for (const field of ['Initiator', 'SecurityCredential', 'TransactionID', 'Remarks', 'Occasion']) {
        if (typeof body[field] !== 'string' || (body[field] as string).trim() === '') throw invalid(field);
      }
      if (body.CommandID !== 'TransactionStatusQuery') throw invalid('CommandID');
      if (body.IdentifierType !== '4') throw invalid('IdentifierType');
      const partyA = String(body.PartyA ?? '');
      if (!/^\d{5,7}$/.test(partyA)) throw invalid('PartyA');
      if (!isShopUrl(body.ResultURL)) throw invalid('ResultURL');
      if (!isShopUrl(body.QueueTimeOutURL)) throw invalid('QueueTimeOutURL');
      const originatorConversationId = `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`;
      const conversationId = `AG_${darajaTimestamp(new Date()).slice(0, 8)}_${randomBytes(10).toString('hex')}`;
      const receipt = String(body.TransactionID).toUpperCase();
      const paybill = paybills.byReceipt(receipt);
      const prompt = prompts.byReceipt(receipt);
      const known = paybill
        ? { amount: paybill.amount, shortcode: paybill.shortcode, phone: paybill.phone }
        : prompt
          ? { amount: prompt.amount, shortcode: mpesa.partyB, phone: prompt.phone }
          : null;
      const result = known
        ? {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            OriginatorConversationID: originatorConversationId,
            ConversationID: conversationId,
            TransactionID: simulatedReceipt(),
            ResultParameters: {
              ResultParameter: [
                { Key: 'DebitPartyName', Value: `${known.phone} - Test Phone` },
                { Key: 'TransactionStatus', Value: 'Completed' },
                { Key: 'Amount', Value: known.amount },
                { Key: 'ReceiptNo', Value: receipt },
                { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
                {
                  Key: 'CreditPartyName',
                  Value: `${known.shortcode} - ${config.paymentInstructions.tillName}`,
                },
                { Key: 'ReasonType', Value: 'Pay Bill Online' },
              ],
            },
            ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: String(body.Occasion) } },
          }
        : {
            ResultType: 0,
            ResultCode: 'R000001',
            ResultDesc: 'The transaction receipt number does not exist.',
            OriginatorConversationID: originatorConversationId,
            ConversationID: conversationId,
            TransactionID: simulatedReceipt(),
          };
      const resultUrl = body.ResultURL;
      // Like Safaricom, the result comes later, to the ResultURL.
      setTimeout(() => {
        void postJson(resultUrl, { Result: result }).then((delivery) =>
          request.log.info({ receipt, delivery }, 'M-Pesa simulator: transaction status result'),
        );
      }, STATUS_RESULT_DELAY_MS).unref();
      return reply.send({
        OriginatorConversationID: originatorConversationId,
        ConversationID: conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      });
    });

    /* ---- Pull Transactions: the paybill payments made from the test phone, as Safaricom lists them ---- */

    const pullRegistered = new Set<string>();
    const pullTime = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
    const pullInstant = (value: unknown): number | null => {
      const m = typeof value === 'string' ? pullTime.exec(value) : null;
      if (!m) return null;
      return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - NAIROBI_OFFSET_MS;
    };

    app.post(`${SIMULATOR_PREFIX}/pulltransactions/v1/register`, async (request, reply) => {
      requireBearer(request);
      const body = asRecord(request.body);
      const shortcode = String(body.ShortCode ?? '');
      if (!/^\d{5,7}$/.test(shortcode)) throw invalid('ShortCode');
      if (body.RequestType !== 'Pull') throw invalid('RequestType');
      if (typeof body.NominatedNumber !== 'string' || !/^0[17]\d{8}$/.test(body.NominatedNumber))
        throw invalid('NominatedNumber');
      if (!isShopUrl(body.CallBackURL)) throw invalid('CallBackURL');
      pullRegistered.add(shortcode);
      return reply.send({
        ResponseRefID: randomUUID(),
        ResponseStatus: '1000',
        ShortCode: shortcode,
        ResponseDescription: 'Shortcode Registered Successfully',
      });
    });

    app.post(`${SIMULATOR_PREFIX}/pulltransactions/v1/query`, async (request, reply) => {
      requireBearer(request);
      const body = asRecord(request.body);
      const shortcode = String(body.ShortCode ?? '');
      if (!pullRegistered.has(shortcode)) throw invalid('ShortCode');
      const start = pullInstant(body.StartDate);
      const end = pullInstant(body.EndDate);
      if (start === null || start < Date.now() - 48 * 3_600_000 - 60_000) throw invalid('StartDate');
      if (end === null || end < start) throw invalid('EndDate');
      const offset =
        typeof body.OffSetValue === 'string' && /^\d{1,6}$/.test(body.OffSetValue) ? +body.OffSetValue : -1;
      if (offset < 0) throw invalid('OffSetValue');
      const page = paybills.between(shortcode, start, end).slice(offset, offset + 100);
      return reply.send({
        ResponseRefID: randomUUID(),
        ResponseCode: '1000',
        ResponseMessage: 'Success',
        Response: [
          page.map((p) => ({
            transactionId: p.transId,
            trxDate: `${new Date(p.at).toISOString().slice(0, 19)}Z`,
            msisdn: `${p.phone.slice(0, 4)}******${p.phone.slice(-2)}`,
            sender: 'TEST PHONE',
            transactiontype: 'c2b-pay-bill-debit',
            billreference: p.account,
            amount: `${p.amount}.0`,
            organizationname: config.paymentInstructions.tillName,
          })),
        ],
      });
    });

    // Reversal (a refund of a whole payment): accepted at once, the result comes later to the ResultURL.
    app.post(`${SIMULATOR_PREFIX}/mpesa/reversal/v1/request`, async (request, reply) => {
      requireBearer(request);
      const body = asRecord(request.body);
      for (const field of ['Initiator', 'SecurityCredential', 'TransactionID', 'Remarks', 'Occasion']) {
        if (typeof body[field] !== 'string' || (body[field] as string).trim() === '') throw invalid(field);
      }
      if (body.CommandID !== 'TransactionReversal') throw invalid('CommandID');
      if (body.RecieverIdentifierType !== '11') throw invalid('RecieverIdentifierType');
      if (!/^\d{5,7}$/.test(String(body.ReceiverParty ?? ''))) throw invalid('ReceiverParty');
      const amount = Number(body.Amount);
      if (typeof body.Amount !== 'string' || !Number.isInteger(amount) || amount < 1) throw invalid('Amount');
      if (!isShopUrl(body.ResultURL)) throw invalid('ResultURL');
      if (!isShopUrl(body.QueueTimeOutURL)) throw invalid('QueueTimeOutURL');
      const originatorConversationId = `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`;
      const conversationId = `AG_${darajaTimestamp(new Date()).slice(0, 8)}_${randomBytes(10).toString('hex')}`;
      const receipt = String(body.TransactionID).toUpperCase();
      const known = paybills.byReceipt(receipt) ?? prompts.byReceipt(receipt);
      const result = {
        ResultType: 0,
        ResultCode: known ? 0 : 'R000002',
        ResultDesc: known
          ? 'The service request is processed successfully.'
          : 'R000002: The OriginalTransactionID is invalid',
        OriginatorConversationID: originatorConversationId,
        ConversationID: conversationId,
        TransactionID: simulatedReceipt(),
        ResultParameters: {
          ResultParameter: [
            { Key: 'Amount', Value: amount },
            { Key: 'OriginalTransactionID', Value: receipt },
          ],
        },
      };
      const resultUrl = body.ResultURL;
      setTimeout(() => {
        void postJson(resultUrl, { Result: result }).then((delivery) =>
          request.log.info({ receipt, delivery }, 'M-Pesa simulator: reversal result'),
        );
      }, STATUS_RESULT_DELAY_MS).unref();
      return reply.send({
        OriginatorConversationID: originatorConversationId,
        ConversationID: conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
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
        const [pending, recent] = [prompts.pending(), prompts.recent(50)];
        const own = await promptsOwnedBy(db, found.user.id, [...pending, ...recent]);
        const owns = (p: SimPrompt) => own.has(p.checkoutRequestId);
        return { pending: pending.filter(owns), recent: recent.filter(owns).slice(0, 5), owns };
      }

      const sendHtml = (reply: FastifyReply, status: number, html: string) =>
        reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

      const sendPage = (
        reply: FastifyReply,
        status: number,
        visible: Awaited<ReturnType<typeof visiblePrompts>>,
        extra: Parameters<typeof renderPhonePage>[0]['notice'],
      ) =>
        sendHtml(
          reply,
          status,
          renderPhonePage({
            merchant: config.paymentInstructions.tillName,
            pending: visible?.pending ?? [],
            recent: visible?.recent ?? [],
            signedIn: visible !== null,
            notice: extra,
          }),
        );

      const paybillShortcode = config.mpesa.c2b?.shortcode ?? mpesa.partyB;
      const sendPaybillPage = (
        reply: FastifyReply,
        status: number,
        values: { business: string; account: string; amount: string },
        notice?: { ok: boolean; message: string },
      ) =>
        sendHtml(
          reply,
          status,
          renderPaybillPage({ shortcode: paybillShortcode, values, notice, recent: paybills.recent(5) }),
        );

      page.get(PAYBILL_PAGE_PATH, async (request, reply) => {
        const query = asRecord(request.query);
        const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 20) : '');
        return sendPaybillPage(reply, 200, {
          business: text(query.business) || paybillShortcode,
          account: text(query.account),
          amount: text(query.amount),
        });
      });

      page.post(PAYBILL_PAGE_PATH, async (request, reply) => {
        const form = asRecord(request.body);
        const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 20) : '');
        const values = {
          business: text(form.business),
          account: text(form.account),
          amount: text(form.amount),
        };
        const amount = Number(values.amount);
        if (!/^\d{4}$/.test(text(form.pin))) {
          return sendPaybillPage(reply, 400, values, {
            ok: false,
            message: 'Enter a 4-digit M-PESA PIN (any 4 digits work here).',
          });
        }
        if (!/^\d+$/.test(values.amount) || amount < 1 || amount > 250_000) {
          return sendPaybillPage(reply, 400, values, {
            ok: false,
            message: 'Enter a whole amount from 1 to 250,000.',
          });
        }
        if (!values.account) {
          return sendPaybillPage(reply, 400, values, { ok: false, message: 'Enter the account number.' });
        }
        const urls = registered.get(values.business);
        if (!urls) {
          return sendPaybillPage(reply, 400, values, {
            ok: false,
            message:
              values.business === paybillShortcode
                ? 'The shop has not registered its paybill URLs yet (it retries in the background, or use "Register paybill URLs" in the admin).'
                : `Business number ${values.business} is not a paybill on this test phone (the shop's is ${paybillShortcode}).`,
          });
        }
        const payment = {
          transId: simulatedReceipt(),
          shortcode: values.business,
          account: values.account,
          amount,
          phone: TEST_PHONE_MSISDN,
          at: Date.now(),
          delivery: 'not sent',
        };
        const c2bBody = {
          TransactionType: 'Pay Bill',
          TransID: payment.transId,
          TransTime: darajaTimestamp(new Date()),
          TransAmount: `${amount}.00`,
          BusinessShortCode: values.business,
          BillRefNumber: values.account,
          InvoiceNumber: '',
          OrgAccountBalance: '',
          ThirdPartyTransID: '',
          MSISDN: TEST_PHONE_MSISDN,
          FirstName: 'Test',
          MiddleName: '',
          LastName: 'Phone',
        };
        const lose = form.lose === '1';
        await postJson(urls.validationUrl, c2bBody);
        // Losing the confirmation shows the Pull sweep at work: Safaricom still lists the payment.
        payment.delivery = lose ? 'lost on purpose' : await postJson(urls.confirmationUrl, c2bBody);
        paybills.add(payment);
        if (lose) {
          return sendPaybillPage(
            reply,
            200,
            { business: values.business, account: '', amount: '' },
            {
              ok: true,
              message: `${payment.transId} Confirmed. ${formatAmount(amount)} sent to ${values.business} for account ${values.account}. Its confirmation was lost: the shop's next Pull sweep (Admin → Payments → Sweep now) recovers it.`,
            },
          );
        }
        const ok = payment.delivery.startsWith('delivered');
        request.log.info(
          { transId: payment.transId, delivery: payment.delivery },
          'M-Pesa simulator: paybill payment',
        );
        return sendPaybillPage(
          reply,
          ok ? 200 : 502,
          { business: values.business, account: '', amount: '' },
          {
            ok,
            message: ok
              ? `${payment.transId} Confirmed. ${formatAmount(amount)} sent to ${values.business} for account ${values.account}. The shop has been told.`
              : `${payment.transId}: the shop was NOT told: ${payment.delivery}.`,
          },
        );
      });

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

/** Daraja's callback body, POSTed to the CallBackURL of the push. */
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

function formatAmount(amount: number): string {
  return `Ksh${amount.toLocaleString('en-KE')}.00`;
}

/** POSTs JSON to the shop and says how it went (for the phone page and the log). */
async function postJson(url: string, body: unknown): Promise<string> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': randomUUID() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await response.text().catch(() => '');
    return response.ok ? `delivered (HTTP ${response.status})` : `the shop answered HTTP ${response.status}`;
  } catch (err) {
    return `could not reach the shop: ${err instanceof Error ? err.message : String(err)}`;
  }
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
