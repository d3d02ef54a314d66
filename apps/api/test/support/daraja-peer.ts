import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * A Daraja peer on loopback for the tests: a small HTTP server, independent of the app's code and of its built-in
 * simulator, that checks every field of every request the way Safaricom documents it and records what
 * it saw. Tests assert `peer.problems` is empty, drive its answers (slow, down, still processing, final results)
 * and make it POST callbacks to the CallBackURL it was given.
 */

export interface PeerSettings {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  partyB: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** The exact CallBackURL the app must send (set once the app's address is known). */
  callbackUrl?: string;
  /** C2B: the paybill, the initiator and the URLs the app must register and send (when it has a paybill). */
  c2b?: {
    shortcode: string;
    initiatorName: string;
    securityCredential: string;
    confirmationUrl?: string;
    validationUrl?: string;
    resultUrl?: string;
    timeoutUrl?: string;
  };
  /** Reversal: the ResultURL and QueueTimeOutURL the app must send. */
  reversal?: { resultUrl: string; timeoutUrl: string };
}

export interface StatusQueryRecord {
  body: Record<string, unknown>;
  originatorConversationId: string;
  conversationId: string;
}

/** Every field of a Reversal request, exactly (Daraja spells one "Reciever"). */
const REVERSAL_FIELDS = [
  'Amount',
  'CommandID',
  'Initiator',
  'Occasion',
  'QueueTimeOutURL',
  'ReceiverParty',
  'RecieverIdentifierType',
  'Remarks',
  'ResultURL',
  'SecurityCredential',
  'TransactionID',
].sort();

const REGISTER_FIELDS = ['ConfirmationURL', 'ResponseType', 'ShortCode', 'ValidationURL'].sort();
const STATUS_FIELDS = [
  'CommandID',
  'IdentifierType',
  'Initiator',
  'Occasion',
  'PartyA',
  'QueueTimeOutURL',
  'Remarks',
  'ResultURL',
  'SecurityCredential',
  'TransactionID',
].sort();

const PULL_REGISTER_FIELDS = ['CallBackURL', 'NominatedNumber', 'RequestType', 'ShortCode'].sort();
const PULL_QUERY_FIELDS = ['EndDate', 'OffSetValue', 'ShortCode', 'StartDate'].sort();
/** Pull's StartDate/EndDate: Nairobi wall-clock time. */
const PULL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A paybill payment Safaricom keeps for Pull Transactions (its answer's fields). */
export interface PullTransaction {
  transactionId: string;
  /** When it happened (the peer answers it as trxDate, in UTC with a Z). */
  at: Date;
  amount: string;
  billreference: string;
  msisdn?: string;
  sender?: string;
  transactiontype?: string;
}

/** The instant a Pull time names (Nairobi is UTC+3 all year). */
function pullInstant(value: string): number | null {
  const m = PULL_TIME.exec(value);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - 3 * 3_600_000;
}

export interface PushRecord {
  body: Record<string, unknown>;
  checkoutRequestId: string;
  merchantRequestId: string;
}

/** What the next STK query about a request answers. */
export type QueryAnswer = { kind: 'processing' } | { kind: 'result'; resultCode: string; resultDesc: string };

const PUSH_FIELDS = [
  'BusinessShortCode',
  'Password',
  'Timestamp',
  'TransactionType',
  'Amount',
  'PartyA',
  'PartyB',
  'PhoneNumber',
  'CallBackURL',
  'AccountReference',
  'TransactionDesc',
].sort();
const QUERY_FIELDS = ['BusinessShortCode', 'Password', 'Timestamp', 'CheckoutRequestID'].sort();

/** Nairobi wall-clock time via the ICU time-zone database (deliberately not the app's UTC+3 arithmetic). */
function nairobiNow(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}${get('month')}${get('day')}${get('hour')}${get('minute')}${get('second')}`;
}

function within(timestamp: string, seconds: number): boolean {
  const now = Date.now();
  for (let s = -seconds; s <= seconds; s += 1) {
    if (nairobiNow(new Date(now + s * 1000)) === timestamp) return true;
  }
  return false;
}

export class DarajaPeer {
  url = '';
  port = 0;
  oauthCalls = 0;
  readonly pushes: PushRecord[] = [];
  readonly queries: string[] = [];
  readonly registrations: Record<string, unknown>[] = [];
  readonly statusQueries: StatusQueryRecord[] = [];
  /** Reversal requests accepted, in order. */
  readonly reversals: StatusQueryRecord[] = [];
  /** The next Reversal requests answer this (then it is cleared when `once`). */
  failReversalWith: { status: number; body?: unknown; delayMs?: number; once?: boolean } | null = null;
  /** Pull Transactions: registrations and queries received, and the transactions the peer keeps for them. */
  readonly pullRegistrations: Record<string, unknown>[] = [];
  readonly pullQueries: Record<string, unknown>[] = [];
  readonly pullTransactions: PullTransaction[] = [];
  /** Transactions an answer lists at most (Daraja: 100). */
  pullPageSize = 100;
  /** Answer Pull queries with this HTTP status and body instead (garbage, refusals); `delayMs` for time-outs. */
  failPullWith: { status: number; body?: unknown; raw?: string } | null = null;
  /** Only queries from this OffSetValue on fail (a later page going wrong). */
  failPullFromOffset = 0;
  /** Hold Pull query answers this long (to see two sweeps overlap). */
  pullDelayMs = 0;
  /** Answer Register URL with this HTTP status and body instead (e.g. Daraja down or refusing). */
  failRegisterWith: { status: number; body?: unknown } | null = null;
  /** Every way a request broke Daraja's rules; tests expect it to stay empty. */
  readonly problems: string[] = [];
  /** Seconds of token lifetime to announce; Daraja has sent both a number and a string. */
  expiresIn: number | string = '3599';
  /** Hold every answer this long (to test the app's time-out). */
  delayMs = 0;
  /** Answer every STK push with this HTTP status and a body (e.g. 500 without body, 503 spike arrest). */
  failPushWith: { status: number; body?: unknown } | null = null;
  /** How long OAuth answers are held (to test single flight). */
  oauthDelayMs = 0;
  private readonly tokens = new Set<string>();
  private readonly queryAnswers = new Map<string, QueryAnswer[]>();
  private server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(readonly settings: PeerSettings) {
    this.server = this.createHttpServer();
  }

  private createHttpServer(): Server {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    return server;
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
    return this;
  }

  /** Stops listening: the app now meets "connection refused". */
  async goDown(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server = this.createHttpServer();
  }

  async comeBack(): Promise<void> {
    await this.start(this.port);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Forgets every token it issued (as when Daraja issues a new one): the app must refresh and retry once. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  answerQueries(checkoutRequestId: string, ...answers: QueryAnswer[]): void {
    this.queryAnswers.set(checkoutRequestId, answers);
  }

  lastPush(): PushRecord {
    const push = this.pushes.at(-1);
    if (!push) throw new Error('the peer received no STK push');
    return push;
  }

  /** POSTs Daraja's callback for a push to the CallBackURL it carried (or to `url`, e.g. a forged secret). */
  async sendCallback(
    push: PushRecord,
    result: {
      resultCode: number | string;
      resultDesc?: string;
      amount?: number;
      receipt?: string;
      phone?: number;
      url?: string;
    },
  ): Promise<{ status: number; body: unknown }> {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: result.resultCode,
      ResultDesc:
        result.resultDesc ??
        (String(result.resultCode) === '0' ? 'The service request is processed successfully.' : 'Failed'),
    };
    if (String(result.resultCode) === '0') {
      // Items deliberately out of the documented order: the app must look them up by Name.
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'MpesaReceiptNumber', Value: result.receipt ?? 'NLJ7RT61SV' },
          { Name: 'Balance' },
          { Name: 'Amount', Value: result.amount ?? Number(push.body.Amount) },
          { Name: 'TransactionDate', Value: Number(nairobiNow(new Date())) },
          { Name: 'PhoneNumber', Value: result.phone ?? Number(push.body.PhoneNumber) },
        ],
      };
    }
    const response = await fetch(result.url ?? String(push.body.CallBackURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Body: { stkCallback } }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  /** POSTs a C2B confirmation (Safaricom's field names) to the registered ConfirmationURL, or to `url`. */
  async sendConfirmation(
    fields: {
      transId: string;
      amount: number | string;
      billRef: string;
      shortcode?: string;
      msisdn?: string;
    },
    url?: string,
    rawBody?: string,
  ): Promise<{ status: number; body: unknown }> {
    const body = {
      TransactionType: 'Pay Bill',
      TransID: fields.transId,
      TransTime: nairobiNow(new Date()),
      TransAmount: typeof fields.amount === 'number' ? `${fields.amount}.00` : fields.amount,
      BusinessShortCode: fields.shortcode ?? this.settings.c2b?.shortcode ?? '',
      BillRefNumber: fields.billRef,
      InvoiceNumber: '',
      OrgAccountBalance: '49197.00',
      ThirdPartyTransID: '',
      MSISDN: fields.msisdn ?? '254708374149',
      FirstName: 'Amina',
      MiddleName: '',
      LastName: 'Wanjiru',
    };
    const target = url ?? String(this.registrations.at(-1)?.ConfirmationURL ?? '');
    return postJson(target, rawBody ?? JSON.stringify(body));
  }

  /** POSTs the asynchronous Transaction Status result for a query to the ResultURL it carried. */
  async sendStatusResult(
    query: StatusQueryRecord,
    result:
      | { found: true; amount: number; creditParty?: string; status?: string; receipt?: string }
      | { found: false },
  ): Promise<{ status: number; body: unknown }> {
    const common = {
      ResultType: 0,
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      TransactionID: `OEI${randomBytes(4).toString('hex').toUpperCase().slice(0, 7)}`,
    };
    const Result = result.found
      ? {
          ...common,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          ResultParameters: {
            ResultParameter: [
              { Key: 'DebitPartyName', Value: '254708374149 - Amina Wanjiru' },
              { Key: 'TransactionStatus', Value: result.status ?? 'Completed' },
              { Key: 'Amount', Value: result.amount },
              { Key: 'ReceiptNo', Value: result.receipt ?? String(query.body.TransactionID) },
              { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
              {
                Key: 'CreditPartyName',
                Value: result.creditParty ?? `${this.settings.c2b?.shortcode} - Urembo Beauty`,
              },
            ],
          },
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: String(query.body.Occasion) } },
        }
      : { ...common, ResultCode: 'R000001', ResultDesc: 'The transaction receipt number does not exist.' };
    return postJson(String(query.body.ResultURL), JSON.stringify({ Result }));
  }

  private register(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const body = this.bearerJson(req, raw, res, REGISTER_FIELDS);
    if (!body) return;
    const c2b = this.settings.c2b;
    if (!c2b) return this.problem('registerurl without a configured paybill');
    if (body.ShortCode !== c2b.shortcode && body.ShortCode !== Number(c2b.shortcode))
      this.problem(`ShortCode ${String(body.ShortCode)}`);
    if (body.ResponseType !== 'Completed' && body.ResponseType !== 'Cancelled')
      this.problem(`ResponseType ${String(body.ResponseType)}`);
    for (const [field, expected] of [
      ['ConfirmationURL', c2b.confirmationUrl],
      ['ValidationURL', c2b.validationUrl],
    ] as const) {
      const value = body[field];
      const path = typeof value === 'string' && URL.canParse(value) ? new URL(value).pathname : '';
      if (!path || /\s/.test(String(value)) || /mpesa|safaricom/i.test(path.replace(/^\/api\/v1\//, ''))) {
        this.problem(`${field} ${String(value)}`);
      }
      if (expected && value !== expected) this.problem(`${field} ${String(value)} != ${expected}`);
    }
    if (this.failRegisterWith) {
      const { status, body: failure } = this.failRegisterWith;
      return send(res, status, failure ?? {});
    }
    this.registrations.push(body);
    send(res, 200, {
      OriginatorCoversationID: `${randomBytes(3).toString('hex')}-${Date.now()}-1`,
      ResponseCode: '0',
      ResponseDescription: 'success',
    });
  }

  private transactionStatus(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const body = this.bearerJson(req, raw, res, STATUS_FIELDS);
    if (!body) return;
    const c2b = this.settings.c2b;
    if (!c2b) return this.problem('transactionstatus without a configured paybill');
    if (body.Initiator !== c2b.initiatorName) this.problem(`Initiator ${String(body.Initiator)}`);
    if (body.SecurityCredential !== c2b.securityCredential) this.problem('SecurityCredential');
    if (body.CommandID !== 'TransactionStatusQuery') this.problem(`CommandID ${String(body.CommandID)}`);
    if (body.PartyA !== c2b.shortcode) this.problem(`PartyA ${String(body.PartyA)}`);
    if (body.IdentifierType !== '4') this.problem(`IdentifierType ${String(body.IdentifierType)}`);
    if (typeof body.TransactionID !== 'string' || !/^[A-Z0-9]{10}$/.test(body.TransactionID))
      this.problem(`TransactionID ${String(body.TransactionID)}`);
    for (const field of ['Remarks', 'Occasion'] as const) {
      if (
        typeof body[field] !== 'string' ||
        !(body[field] as string).trim() ||
        (body[field] as string).length > 100
      )
        this.problem(`${field} ${String(body[field])}`);
    }
    if (c2b.resultUrl && body.ResultURL !== c2b.resultUrl)
      this.problem(`ResultURL ${String(body.ResultURL)}`);
    if (c2b.timeoutUrl && body.QueueTimeOutURL !== c2b.timeoutUrl)
      this.problem(`QueueTimeOutURL ${String(body.QueueTimeOutURL)}`);
    const record: StatusQueryRecord = {
      body,
      originatorConversationId: `${randomBytes(3).toString('hex')}-${randomBytes(4).toString('hex')}-1`,
      conversationId: `AG_${nairobiNow(new Date()).slice(0, 8)}_${randomBytes(10).toString('hex')}`,
    };
    this.statusQueries.push(record);
    send(res, 200, {
      OriginatorConversationID: record.originatorConversationId,
      ConversationID: record.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  private async reversal(req: IncomingMessage, raw: string, res: ServerResponse): Promise<void> {
    const body = this.bearerJson(req, raw, res, REVERSAL_FIELDS);
    if (!body) return;
    const c2b = this.settings.c2b;
    if (!c2b) return this.problem('reversal without a configured initiator');
    if (body.Initiator !== c2b.initiatorName) this.problem(`Reversal Initiator ${String(body.Initiator)}`);
    if (body.SecurityCredential !== c2b.securityCredential) this.problem('Reversal SecurityCredential');
    if (body.CommandID !== 'TransactionReversal') this.problem(`CommandID ${String(body.CommandID)}`);
    if (typeof body.TransactionID !== 'string' || !/^[A-Z0-9]{10}$/.test(body.TransactionID))
      this.problem(`Reversal TransactionID ${String(body.TransactionID)}`);
    if (typeof body.Amount !== 'string' || !/^[1-9]\d*$/.test(body.Amount))
      this.problem(`Reversal Amount ${String(body.Amount)}`);
    if (body.ReceiverParty !== c2b.shortcode && body.ReceiverParty !== this.settings.partyB)
      this.problem(`ReceiverParty ${String(body.ReceiverParty)}`);
    if (body.RecieverIdentifierType !== '11')
      this.problem(`RecieverIdentifierType ${String(body.RecieverIdentifierType)}`);
    for (const field of ['Remarks', 'Occasion'] as const) {
      const value = body[field];
      if (typeof value !== 'string' || !value.trim() || value.length > 100)
        this.problem(`${field} ${String(value)}`);
    }
    const reversal = this.settings.reversal;
    if (reversal && body.ResultURL !== reversal.resultUrl)
      this.problem(`ResultURL ${String(body.ResultURL)}`);
    if (reversal && body.QueueTimeOutURL !== reversal.timeoutUrl)
      this.problem(`QueueTimeOutURL ${String(body.QueueTimeOutURL)}`);
    const fail = this.failReversalWith;
    if (fail) {
      if (fail.once) this.failReversalWith = null;
      if (fail.delayMs) await new Promise((r) => setTimeout(r, fail.delayMs));
      return send(res, fail.status, fail.body ?? {});
    }
    const record: StatusQueryRecord = {
      body,
      originatorConversationId: `${randomBytes(3).toString('hex')}-${randomBytes(4).toString('hex')}-1`,
      conversationId: `AG_${nairobiNow(new Date()).slice(0, 8)}_${randomBytes(10).toString('hex')}`,
    };
    this.reversals.push(record);
    send(res, 200, {
      OriginatorConversationID: record.originatorConversationId,
      ConversationID: record.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  /** POSTs a Reversal's result (success, or Safaricom's failure) to the ResultURL it carried. */
  async sendReversalResult(
    record: StatusQueryRecord,
    result: { ok: true } | { ok: false; code: string; desc: string },
    to: 'result' | 'timeout' = 'result',
  ): Promise<{ status: number; body: unknown }> {
    const Result = {
      ResultType: 0,
      ResultCode: result.ok ? 0 : result.code,
      ResultDesc: result.ok ? 'The service request is processed successfully.' : result.desc,
      OriginatorConversationID: record.originatorConversationId,
      ConversationID: record.conversationId,
      TransactionID: `RV${randomBytes(4).toString('hex').toUpperCase()}`,
      ResultParameters: {
        ResultParameter: [
          { Key: 'Amount', Value: Number(record.body.Amount) },
          { Key: 'OriginalTransactionID', Value: String(record.body.TransactionID) },
        ],
      },
    };
    const url = to === 'result' ? record.body.ResultURL : record.body.QueueTimeOutURL;
    return postJson(String(url), JSON.stringify({ Result }));
  }

  private pullRegister(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const body = this.bearerJson(req, raw, res, PULL_REGISTER_FIELDS);
    if (!body) return;
    const c2b = this.settings.c2b;
    if (!c2b) return this.problem('Pull register without a configured paybill');
    if (body.ShortCode !== c2b.shortcode) this.problem(`Pull ShortCode ${String(body.ShortCode)}`);
    if (body.RequestType !== 'Pull') this.problem(`Pull RequestType ${String(body.RequestType)}`);
    if (typeof body.NominatedNumber !== 'string' || !/^0[17]\d{8}$/.test(body.NominatedNumber))
      this.problem(`Pull NominatedNumber ${String(body.NominatedNumber)}`);
    const callback = body.CallBackURL;
    const path = typeof callback === 'string' && URL.canParse(callback) ? new URL(callback).pathname : '';
    if (!path || /mpesa|safaricom/i.test(path.replace(/^\/api\/v1\//, '')))
      this.problem(`Pull CallBackURL ${String(callback)}`);
    this.pullRegistrations.push(body);
    send(res, 200, {
      ResponseRefID: `${randomBytes(4).toString('hex')}-${Date.now()}`,
      ResponseStatus: '1000',
      ShortCode: body.ShortCode,
      ResponseDescription: 'Shortcode Registered Successfully',
    });
  }

  private async pullQuery(req: IncomingMessage, raw: string, res: ServerResponse): Promise<void> {
    const body = this.bearerJson(req, raw, res, PULL_QUERY_FIELDS);
    if (!body) return;
    this.pullQueries.push(body);
    const c2b = this.settings.c2b;
    if (!c2b) return this.problem('Pull query without a configured paybill');
    if (body.ShortCode !== c2b.shortcode) this.problem(`Pull ShortCode ${String(body.ShortCode)}`);
    const start = pullInstant(String(body.StartDate));
    const end = pullInstant(String(body.EndDate));
    if (start === null) this.problem(`Pull StartDate ${String(body.StartDate)}`);
    if (end === null) this.problem(`Pull EndDate ${String(body.EndDate)}`);
    if (start !== null && end !== null) {
      if (start > end) this.problem(`Pull StartDate ${String(body.StartDate)} after EndDate`);
      if (start < Date.now() - 48 * 3_600_000)
        this.problem(`Pull StartDate ${String(body.StartDate)} beyond 48 h`);
      if (end > Date.now() + 5_000) this.problem(`Pull EndDate ${String(body.EndDate)} in the future`);
    }
    const offset =
      typeof body.OffSetValue === 'string' && /^\d+$/.test(body.OffSetValue) ? +body.OffSetValue : -1;
    if (offset < 0) this.problem(`Pull OffSetValue ${String(body.OffSetValue)}`);
    if (this.pullDelayMs > 0) await new Promise((r) => setTimeout(r, this.pullDelayMs));
    if (this.failPullWith && offset >= this.failPullFromOffset) {
      const { status, body: failure, raw: text } = this.failPullWith;
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text ?? JSON.stringify(failure ?? {}));
      return;
    }
    // Whole seconds, as Safaricom keeps them; both ends included.
    const inWindow = this.pullTransactions
      .filter((t) => {
        const at = Math.floor(t.at.getTime() / 1000) * 1000;
        return start !== null && end !== null && at >= start && at <= end;
      })
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const page = inWindow.slice(Math.max(offset, 0), Math.max(offset, 0) + this.pullPageSize);
    send(res, 200, {
      ResponseRefID: `${randomBytes(4).toString('hex')}-${Date.now()}`,
      ResponseCode: '1000',
      ResponseMessage: 'Success',
      Response: [
        page.map((t) => ({
          transactionId: t.transactionId,
          trxDate: `${t.at.toISOString().slice(0, 19)}Z`,
          msisdn: t.msisdn ?? '2547******49',
          sender: t.sender ?? 'AMINA WANJIRU',
          transactiontype: t.transactiontype ?? 'c2b-pay-bill-debit',
          billreference: t.billreference,
          amount: t.amount,
          organizationname: 'Urembo Beauty',
        })),
      ],
    });
  }

  /** Bearer token and a JSON body with exactly the documented fields (C2B and Transaction Status stop here). */
  private bearerJson(
    req: IncomingMessage,
    raw: string,
    res: ServerResponse,
    fields: string[],
  ): Record<string, unknown> | null {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !this.tokens.has(auth.slice(7))) {
      send(res, 404, { requestId: rid(), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
      return null;
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) this.problem('body is not JSON');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      this.problem('unparseable JSON body');
      send(res, 400, {
        requestId: rid(),
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid JSON',
      });
      return null;
    }
    const keys = Object.keys(body).sort();
    if (JSON.stringify(keys) !== JSON.stringify(fields))
      this.problem(`fields ${keys.join(',')} != ${fields.join(',')}`);
    return body;
  }

  private problem(what: string): void {
    this.problems.push(what);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://peer');
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (res.destroyed) return;
    try {
      if (req.method === 'GET' && url.pathname === '/oauth/v1/generate')
        return await this.oauth(req, url, res);
      if (req.method === 'POST' && url.pathname === '/mpesa/stkpush/v1/processrequest')
        return this.push(req, raw, res);
      if (req.method === 'POST' && url.pathname === '/mpesa/stkpushquery/v1/query')
        return this.query(req, raw, res);
      if (req.method === 'POST' && /^\/mpesa\/c2b\/v[12]\/registerurl$/.test(url.pathname))
        return this.register(req, raw, res);
      if (req.method === 'POST' && url.pathname === '/mpesa/transactionstatus/v1/query')
        return this.transactionStatus(req, raw, res);
      if (req.method === 'POST' && url.pathname === '/mpesa/reversal/v1/request')
        return await this.reversal(req, raw, res);
      if (req.method === 'POST' && url.pathname === '/pulltransactions/v1/register')
        return this.pullRegister(req, raw, res);
      if (req.method === 'POST' && url.pathname === '/pulltransactions/v1/query')
        return await this.pullQuery(req, raw, res);
      this.problem(`unexpected ${req.method} ${url.pathname}`);
      send(res, 404, { requestId: rid(), errorCode: '404.001.01', errorMessage: 'Resource not found' });
    } catch (err) {
      this.problem(`peer crashed: ${String(err)}`);
      send(res, 500, {});
    }
  }

  private async oauth(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    this.oauthCalls += 1;
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      this.problem('OAuth without grant_type=client_credentials');
      return send(res, 400, {
        requestId: rid(),
        errorCode: '400.008.01',
        errorMessage: 'Invalid grant type passed',
      });
    }
    const expected = `Basic ${Buffer.from(`${this.settings.consumerKey}:${this.settings.consumerSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      this.problem(`OAuth Basic auth wrong: ${req.headers.authorization}`);
      return send(res, 400, {
        requestId: rid(),
        errorCode: '400.008.02',
        errorMessage: 'Invalid Authentication passed',
      });
    }
    if (this.oauthDelayMs > 0) await new Promise((r) => setTimeout(r, this.oauthDelayMs));
    const token = randomBytes(16).toString('hex');
    this.tokens.add(token);
    send(res, 200, { access_token: token, expires_in: this.expiresIn });
  }

  /** Bearer token, JSON body with exactly the documented fields, shortcode, Timestamp and Password. */
  private authorised(
    req: IncomingMessage,
    raw: string,
    res: ServerResponse,
    fields: string[],
  ): Record<string, unknown> | null {
    const body = this.bearerJson(req, raw, res, fields);
    if (!body) return null;
    if (body.BusinessShortCode !== this.settings.shortcode)
      this.problem(`BusinessShortCode ${String(body.BusinessShortCode)}`);
    const ts = body.Timestamp;
    if (typeof ts !== 'string' || !/^\d{14}$/.test(ts)) this.problem(`Timestamp format ${String(ts)}`);
    else if (!within(ts, 5))
      this.problem(`Timestamp ${ts} is not Nairobi time now (${nairobiNow(new Date())})`);
    const password = Buffer.from(
      `${this.settings.shortcode}${this.settings.passkey}${String(ts)}`,
      'ascii',
    ).toString('base64');
    if (body.Password !== password) this.problem('Password is not base64(shortcode + passkey + timestamp)');
    return body;
  }

  private push(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const body = this.authorised(req, raw, res, PUSH_FIELDS);
    if (!body) return;
    if (body.TransactionType !== this.settings.transactionType)
      this.problem(`TransactionType ${String(body.TransactionType)}`);
    const amount = body.Amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 250_000) {
      this.problem(`Amount ${String(amount)} is not whole shillings in 1..250000`);
    }
    for (const field of ['PartyA', 'PhoneNumber'] as const) {
      if (typeof body[field] !== 'string' || !/^254(7\d{8}|1\d{8})$/.test(body[field])) {
        this.problem(`${field} ${String(body[field])}`);
      }
    }
    if (body.PartyA !== body.PhoneNumber) this.problem('PartyA and PhoneNumber differ');
    if (body.PartyB !== this.settings.partyB) this.problem(`PartyB ${String(body.PartyB)}`);
    const callback = body.CallBackURL;
    if (typeof callback !== 'string' || /\s/.test(callback) || /mpesa|safaricom/i.test(callback)) {
      this.problem(`CallBackURL ${String(callback)}`);
    }
    if (this.settings.callbackUrl && callback !== this.settings.callbackUrl) {
      this.problem(`CallBackURL ${String(callback)} != ${this.settings.callbackUrl}`);
    }
    const ref = body.AccountReference;
    if (typeof ref !== 'string' || ref.length < 1 || ref.length > 12)
      this.problem(`AccountReference ${String(ref)}`);
    const desc = body.TransactionDesc;
    if (typeof desc !== 'string' || desc.trim().length < 1 || desc.length > 13 || /[@#&]/.test(desc)) {
      this.problem(`TransactionDesc ${String(desc)}`);
    }
    if (this.failPushWith) {
      const { status, body: failure } = this.failPushWith;
      res.writeHead(status, failure === undefined ? {} : { 'content-type': 'application/json' });
      res.end(failure === undefined ? '' : JSON.stringify(failure));
      return;
    }
    const record: PushRecord = {
      body,
      checkoutRequestId: `ws_CO_${nairobiNow(new Date())}${randomBytes(5).toString('hex')}`,
      merchantRequestId: `${randomBytes(3).toString('hex')}-${randomBytes(4).toString('hex')}-1`,
    };
    this.pushes.push(record);
    send(res, 200, {
      MerchantRequestID: record.merchantRequestId,
      CheckoutRequestID: record.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  }

  private query(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const body = this.authorised(req, raw, res, QUERY_FIELDS);
    if (!body) return;
    const id = String(body.CheckoutRequestID);
    this.queries.push(id);
    const push = this.pushes.find((p) => p.checkoutRequestId === id);
    if (!push) {
      this.problem(`query for unknown CheckoutRequestID ${id}`);
      return send(res, 400, {
        requestId: rid(),
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid CheckoutRequestID',
      });
    }
    const queue = this.queryAnswers.get(id) ?? [];
    const answer = queue.length > 1 ? queue.shift()! : (queue[0] ?? { kind: 'processing' as const });
    if (answer.kind === 'processing') {
      return send(res, 500, {
        requestId: rid(),
        errorCode: '500.001.1001',
        errorMessage: 'The transaction is being processed',
      });
    }
    send(res, 200, {
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: id,
      ResultCode: answer.resultCode,
      ResultDesc: answer.resultDesc,
    });
  }
}

async function postJson(url: string, body: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

function rid(): string {
  return `${randomBytes(4).toString('hex')}-${Date.now()}`;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export const PEER_CREDENTIALS = {
  consumerKey: 'peer-consumer-key',
  consumerSecret: 'peer-consumer-secret',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  partyB: '174379',
  transactionType: 'CustomerPayBillOnline' as const,
};

/** The app's environment for talking to this peer. */
export function peerEnv(peer: DarajaPeer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    MPESA_BASE_URL: peer.url,
    MPESA_CONSUMER_KEY: peer.settings.consumerKey,
    MPESA_CONSUMER_SECRET: peer.settings.consumerSecret,
    MPESA_SHORTCODE: peer.settings.shortcode,
    MPESA_PASSKEY: peer.settings.passkey,
    MPESA_TRANSACTION_TYPE: peer.settings.transactionType,
    ...extra,
  };
}
