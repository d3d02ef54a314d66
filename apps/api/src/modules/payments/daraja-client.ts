import { nairobiWallClock } from '@urembo/contract/nairobi-time';
import type { MpesaConfig } from '../../config';

/*
 * Safaricom Daraja over fetch: one cached OAuth token fetched single-flight and refreshed before it
 * expires, STK push and STK query with a fresh Nairobi-time Timestamp and Password each, and a time-out on every
 * call. Failures become a DarajaError that says whether Daraja refused, failed or could not be reached.
 */

export type DarajaSettings = Pick<
  MpesaConfig,
  | 'baseUrl'
  | 'consumerKey'
  | 'consumerSecret'
  | 'shortcode'
  | 'passkey'
  | 'transactionType'
  | 'partyB'
  | 'callbackUrl'
  | 'timeoutMs'
> &
  Partial<Pick<MpesaConfig, 'c2b' | 'reversal'>>;

/**
 * - `unreachable`: the connection failed (refused, reset, DNS).
 * - `timeout`: no answer within the time-out.
 * - `rejected`: Daraja answered with an error body (`errorCode`, `errorMessage`) or a non-zero ResponseCode.
 * - `failed`: Daraja answered 5xx without a usable body, or an answer we could not read.
 */
export type DarajaErrorKind = 'unreachable' | 'timeout' | 'rejected' | 'failed';

export class DarajaError extends Error {
  constructor(
    readonly kind: DarajaErrorKind,
    message: string,
    readonly httpStatus?: number,
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'DarajaError';
  }
}

/** Daraja's "still processing" answer to an STK query: not a failure. */
export function isStillProcessing(error: unknown): boolean {
  return (
    error instanceof DarajaError &&
    error.errorCode === '500.001.1001' &&
    /being processed/i.test(error.message)
  );
}

/** `YYYYMMDDHHmmss` in Africa/Nairobi time (UTC+3 all year, no daylight saving), whatever the machine's TZ. */
export function darajaTimestamp(date: Date): string {
  const n = nairobiWallClock(date);
  const two = (v: number) => String(v).padStart(2, '0');
  return (
    String(n.getUTCFullYear()) +
    two(n.getUTCMonth() + 1) +
    two(n.getUTCDate()) +
    two(n.getUTCHours()) +
    two(n.getUTCMinutes()) +
    two(n.getUTCSeconds())
  );
}

/** Password = base64 of the ASCII string shortcode + passkey + timestamp. */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'ascii').toString('base64');
}

export interface StkPushInput {
  amount: number;
  phone: string;
  accountReference: string;
  description: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

export interface StkQueryAnswer {
  resultCode: string | null;
  resultDesc: string | null;
  raw: unknown;
}

export interface TransactionStatusAccepted {
  originatorConversationId: string;
  conversationId: string | null;
}

export interface ReversalInput {
  receipt: string;
  amount: number;
  /** The shop's shortcode that received the money. */
  receiverParty: string;
  remarks: string;
  occasion: string;
}

export interface DarajaClient {
  stkPush(input: StkPushInput): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer>;
  /** C2B Register URL: Safaricom will confirm paybill payments to our URLs. Answers Daraja's description. */
  registerC2bUrls(): Promise<string>;
  /** Transaction Status query about a receipt; the result comes later to the ResultURL. */
  transactionStatus(receipt: string, remarks: string): Promise<TransactionStatusAccepted>;
  /** Reversal of a whole M-Pesa payment; the result comes later to the ResultURL. */
  reversal(input: ReversalInput): Promise<TransactionStatusAccepted>;
  /** The cached token, fetched when missing or about to expire (exported for tests). */
  accessToken(): Promise<string>;
  /**
   * Any other Daraja API (Pull Transactions): a POST with the bearer token, refreshed once on an invalid token.
   * Answers the JSON body; the caller reads it.
   */
  post(path: string, payload: unknown): Promise<unknown>;
}

export interface DarajaClientOptions {
  now?: () => number;
  /** Refresh this long before the token expires. */
  refreshEarlyMs?: number;
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

const INVALID_TOKEN_CODE = '404.001.03';

export function createDarajaClient(
  settings: DarajaSettings,
  options: DarajaClientOptions = {},
): DarajaClient {
  const now = options.now ?? Date.now;
  const refreshEarlyMs = options.refreshEarlyMs ?? 60_000;
  let cached: CachedToken | null = null;
  let inFlight: Promise<CachedToken> | null = null;

  async function fetchToken(): Promise<CachedToken> {
    const basic = Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString('base64');
    const body = await call('GET', '/oauth/v1/generate?grant_type=client_credentials', {
      authorization: `Basic ${basic}`,
    });
    const token = readString(body, 'access_token');
    const expiresIn = Number(readField(body, 'expires_in'));
    if (!token || !Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new DarajaError('failed', 'Daraja answered the token request without a usable token');
    }
    const lifetimeMs = expiresIn * 1000;
    // Refresh early, but never so early that a short-lived token is refetched at once.
    const early = Math.min(refreshEarlyMs, lifetimeMs / 2);
    return { value: token, expiresAt: now() + lifetimeMs - early };
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now()) return cached.value;
    // Single flight: every caller waiting for a token shares one request (a new token may revoke the old one).
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    const fresh = await inFlight;
    cached = fresh;
    return fresh.value;
  }

  /** A POST with the bearer token; an invalid-token answer refreshes the token once and retries. */
  async function authorisedPost(path: string, payload: unknown): Promise<unknown> {
    const token = await accessToken();
    try {
      return await call('POST', path, { authorization: `Bearer ${token}` }, payload);
    } catch (err) {
      if (!(err instanceof DarajaError)) throw err;
      const invalidToken = err.httpStatus === 401 || err.errorCode === INVALID_TOKEN_CODE;
      if (!invalidToken) throw err;
      if (cached?.value === token) cached = null;
      const retryToken = await accessToken();
      return call('POST', path, { authorization: `Bearer ${retryToken}` }, payload);
    }
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    payload?: unknown,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: payload !== undefined ? JSON.stringify(payload) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (err) {
      throw networkError(err);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      throw networkError(err);
    }
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const errorCode = readString(body, 'errorCode');
    if (!response.ok || errorCode) {
      const message = readString(body, 'errorMessage');
      if (message || errorCode) {
        throw new DarajaError(
          'rejected',
          message ?? `Daraja error ${errorCode}`,
          response.status,
          errorCode ?? undefined,
        );
      }
      throw new DarajaError(
        response.status >= 500 ? 'failed' : 'rejected',
        `Daraja answered HTTP ${response.status}`,
        response.status,
      );
    }
    if (body === undefined) throw new DarajaError('failed', 'Daraja answered without a JSON body');
    return body;
  }

  function credentials() {
    const timestamp = darajaTimestamp(new Date(now()));
    return {
      BusinessShortCode: settings.shortcode,
      Password: darajaPassword(settings.shortcode, settings.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    accessToken,
    post: authorisedPost,

    async stkPush(input) {
      const body = await authorisedPost('/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: settings.transactionType,
        Amount: input.amount,
        PartyA: input.phone,
        PartyB: settings.partyB,
        PhoneNumber: input.phone,
        CallBackURL: settings.callbackUrl,
        AccountReference: input.accountReference,
        TransactionDesc: input.description,
      });
      const responseCode = readString(body, 'ResponseCode');
      const checkoutRequestId = readString(body, 'CheckoutRequestID');
      const merchantRequestId = readString(body, 'MerchantRequestID');
      if (responseCode !== '0') {
        throw new DarajaError(
          'rejected',
          readString(body, 'ResponseDescription') ?? `Daraja did not accept the request (${responseCode})`,
          200,
        );
      }
      if (!checkoutRequestId || !merchantRequestId) {
        throw new DarajaError('failed', 'Daraja accepted the request without a CheckoutRequestID');
      }
      return {
        checkoutRequestId,
        merchantRequestId,
        customerMessage: readString(body, 'CustomerMessage') ?? '',
      };
    },

    async registerC2bUrls() {
      const c2b = settings.c2b;
      if (!c2b) throw new DarajaError('rejected', 'No paybill is configured (MPESA_C2B_SHORTCODE)');
      const body = await authorisedPost(`/mpesa/c2b/${c2b.registerVersion}/registerurl`, {
        ShortCode: c2b.shortcode,
        // Completed: if our validation URL cannot be reached, Safaricom completes the payment anyway.
        ResponseType: 'Completed',
        ConfirmationURL: c2b.confirmationUrl,
        ValidationURL: c2b.validationUrl,
      });
      const code = readString(body, 'ResponseCode');
      const description = readString(body, 'ResponseDescription') ?? 'no description';
      if (code !== null && Number(code) !== 0) {
        throw new DarajaError('rejected', `Daraja refused the URLs: ${description}`, 200, code);
      }
      return description;
    },

    async transactionStatus(receipt, remarks) {
      const c2b = settings.c2b;
      if (!c2b?.initiator) {
        throw new DarajaError('rejected', 'No initiator is configured (MPESA_INITIATOR_NAME)');
      }
      const body = await authorisedPost('/mpesa/transactionstatus/v1/query', {
        Initiator: c2b.initiator.name,
        SecurityCredential: c2b.initiator.securityCredential,
        CommandID: 'TransactionStatusQuery',
        TransactionID: receipt,
        PartyA: c2b.shortcode,
        IdentifierType: '4',
        ResultURL: c2b.statusResultUrl,
        QueueTimeOutURL: c2b.statusTimeoutUrl,
        Remarks: remarks,
        Occasion: receipt,
      });
      const code = readString(body, 'ResponseCode');
      const originatorConversationId = readString(body, 'OriginatorConversationID');
      if ((code !== null && Number(code) !== 0) || !originatorConversationId) {
        throw new DarajaError(
          'rejected',
          readString(body, 'ResponseDescription') ?? 'Daraja did not accept the status query',
          200,
          code ?? undefined,
        );
      }
      return { originatorConversationId, conversationId: readString(body, 'ConversationID') };
    },

    async reversal(input) {
      const reversal = settings.reversal;
      if (!reversal) {
        throw new DarajaError('rejected', 'No initiator is configured (MPESA_INITIATOR_NAME)');
      }
      const body = await authorisedPost('/mpesa/reversal/v1/request', {
        Initiator: reversal.initiator.name,
        SecurityCredential: reversal.initiator.securityCredential,
        CommandID: 'TransactionReversal',
        TransactionID: input.receipt,
        Amount: String(input.amount),
        ReceiverParty: input.receiverParty,
        // Daraja's own spelling.
        RecieverIdentifierType: '11',
        ResultURL: reversal.resultUrl,
        QueueTimeOutURL: reversal.timeoutUrl,
        Remarks: input.remarks,
        Occasion: input.occasion,
      });
      const code = readString(body, 'ResponseCode');
      const originatorConversationId = readString(body, 'OriginatorConversationID');
      if (code === null || Number(code) !== 0 || !originatorConversationId) {
        throw new DarajaError(
          'rejected',
          readString(body, 'ResponseDescription') ?? 'Daraja did not accept the reversal',
          200,
          code ?? undefined,
        );
      }
      return { originatorConversationId, conversationId: readString(body, 'ConversationID') };
    },

    async stkQuery(checkoutRequestId) {
      const body = await authorisedPost('/mpesa/stkpushquery/v1/query', {
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      });
      return {
        resultCode: readString(body, 'ResultCode'),
        resultDesc: readString(body, 'ResultDesc'),
        raw: body,
      };
    },
  };
}

function networkError(err: unknown): DarajaError {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return new DarajaError('timeout', 'Daraja did not answer in time');
  }
  return new DarajaError('unreachable', 'Daraja could not be reached');
}

function readField(body: unknown, key: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
}

/** A field as text: Daraja sends codes sometimes as numbers, sometimes as strings. */
function readString(body: unknown, key: string): string | null {
  const value = readField(body, key);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
