import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PULL_OVERLAP_MS, pullTime } from '../src/modules/payments/pull-sweep';
import { signedInUser } from './support/auth';
import { DarajaPeer, PEER_CREDENTIALS, peerEnv, type PullTransaction } from './support/daraja-peer';
import { customerWithOrder, orderPaymentStatus, serveToPeer } from './support/payments-factories';
import { freePort } from './support/ports';
import { describeEachDialect, type TestContext } from './support/test-app';

/*
 * Pull Transactions against a Daraja peer on loopback: the shop registers for Pull at start-up, and a sweep reads the
 * paybill's payments page by page and hands those it has not recorded to the confirmation path.
 */

const SECRET = 'pull-secret-0123456789-abcdefgh';
const SHORTCODE = '600984';
const appPort = await freePort();
const API = `http://127.0.0.1:${appPort}/api/v1`;
const CONFIRMATION_URL = `${API}/payments/c2b/confirmation/${SECRET}`;
const peer = await new DarajaPeer({
  ...PEER_CREDENTIALS,
  callbackUrl: `${API}/m-pesa/callback/${SECRET}`,
  c2b: {
    shortcode: SHORTCODE,
    initiatorName: 'urembo-api',
    securityCredential: 'ENCRYPTED==',
    confirmationUrl: CONFIRMATION_URL,
    validationUrl: `${API}/payments/c2b/validation/${SECRET}`,
  },
}).start();
afterAll(() => peer.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let counter = 0;
/** A fresh 10-character receipt. */
const receipt = () => `PL${String(Date.now() % 1e5).padStart(5, '0')}${String(++counter).padStart(3, '0')}`;

function kept(t: Omit<PullTransaction, 'at'> & { at?: Date }): PullTransaction {
  const transaction = { at: new Date(Date.now() - 60_000), ...t };
  peer.pullTransactions.push(transaction);
  return transaction;
}

async function paymentsByReceipt(ctx: TestContext, value: string) {
  return ctx.database.db.selectFrom('payments').selectAll().where('receipt', '=', value).execute();
}

async function pullAudits(ctx: TestContext, transId: string) {
  return ctx.database.db
    .selectFrom('mpesa_callbacks')
    .select(['source', 'outcome', 'raw_body'])
    .where('trans_id', '=', transId)
    .execute();
}

async function windowEnd(ctx: TestContext): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', 'mpesa-pull-state')
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.value) as { windowEnd: string }).windowEnd;
}

describeEachDialect(
  'M-Pesa Pull Transactions sweep against a Daraja peer',
  (ctx) => {
    serveToPeer(ctx, appPort, peer);
    // The peer serves both dialects' runs: each starts with a paybill Safaricom knows nothing of.
    beforeAll(() => {
      peer.pullTransactions.length = 0;
    });
    beforeEach(() => {
      peer.failPullWith = null;
      peer.failPullFromOffset = 0;
      peer.pullDelayMs = 0;
      peer.pullPageSize = 100;
    });

    const admin = () => signedInUser(ctx(), { role: 'admin' });
    async function sweep(cookie: string) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/payment/pull',
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }

    it('registers for Pull at start-up with the paybill, the nominated number and its confirmation URL', async () => {
      const { cookie } = await admin();
      const read = async () =>
        (await ctx().app.inject({ url: '/api/v1/payment/pull', headers: { cookie } })).json();
      for (let i = 0; i < 100 && (await read()).registration.ok === null; i += 1) await sleep(20);
      expect(await read()).toMatchObject({
        configured: true,
        lastSweepAt: null,
        lastResult: null,
        ok: null,
        recovered: 0,
        sweepMinutes: 0,
        registration: { ok: true, message: 'Shortcode Registered Successfully' },
      });
      expect(peer.pullRegistrations.at(-1)).toEqual({
        ShortCode: SHORTCODE,
        RequestType: 'Pull',
        NominatedNumber: '0722000000',
        CallBackURL: CONFIRMATION_URL,
      });
      // Only an admin sees or runs it.
      const customer = await signedInUser(ctx());
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx().app.inject({
          method,
          url: '/api/v1/payment/pull',
          headers: { cookie: customer.cookie },
        });
        expect(res.statusCode).toBe(403);
      }
    });

    it('recovers a paybill payment whose confirmation never came, through the confirmation path, once', async () => {
      const { cookie } = await admin();
      const { order } = await customerWithOrder(ctx(), { total: 1500 });
      const missed = kept({
        transactionId: receipt(),
        amount: '1500.0',
        billreference: order.reference.toLowerCase(),
      });
      const before = Date.now();
      const answer = await sweep(cookie);
      expect(answer).toMatchObject({ configured: true, ok: true, recovered: 1 });
      expect(Date.parse(answer.lastSweepAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(answer.lastResult).toMatch(/1 recovered/);
      // The first sweep reads (almost) the whole 48 hours Safaricom keeps.
      const first = peer.pullQueries.at(-1)!;
      expect(first).toMatchObject({ ShortCode: SHORTCODE, OffSetValue: '0' });
      expect(String(first.StartDate) >= pullTime(before - 48 * 3_600_000)).toBe(true);
      expect(String(first.StartDate) <= pullTime(before - 47 * 3_600_000)).toBe(true);

      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      const [payment] = await paymentsByReceipt(ctx(), missed.transactionId);
      expect(payment).toMatchObject({
        source: 'mpesa-c2b',
        order_id: order.id,
        amount: 1500,
        status: 1,
        phone: '2547******49',
        account: order.reference.toLowerCase(),
      });
      const audits = await pullAudits(ctx(), missed.transactionId);
      expect(audits).toEqual([expect.objectContaining({ source: 'pull-transaction', outcome: 'credited' })]);
      expect(JSON.parse(audits[0]!.raw_body)).toMatchObject({ transactionId: missed.transactionId });

      // The next sweep reads it again (overlap) and records nothing more.
      const again = await sweep(cookie);
      expect(again).toMatchObject({ ok: true, recovered: 0 });
      expect(again.lastResult).toMatch(/0 recovered, \d+ already recorded/);
      expect(await paymentsByReceipt(ctx(), missed.transactionId)).toHaveLength(1);
      expect(await pullAudits(ctx(), missed.transactionId)).toHaveLength(1);
    });

    it('starts each window a few minutes before the last one ended, and never beyond 48 hours', async () => {
      const { cookie } = await admin();
      await sweep(cookie);
      const end = await windowEnd(ctx());
      await sweep(cookie);
      expect(peer.pullQueries.at(-1)!.StartDate).toBe(pullTime(Date.parse(end) - PULL_OVERLAP_MS));

      // A shop that was down for three days asks for what Safaricom still keeps.
      const old = new Date(Date.now() - 72 * 3_600_000).toISOString();
      const value = JSON.stringify({
        lastSweepAt: old,
        ok: true,
        lastResult: 'x',
        recovered: 0,
        windowEnd: old,
      });
      await ctx()
        .database.db.updateTable('app_meta')
        .set({ value })
        .where('key', '=', 'mpesa-pull-state')
        .execute();
      const before = Date.now();
      await sweep(cookie);
      const start = String(peer.pullQueries.at(-1)!.StartDate);
      expect(start >= pullTime(before - 48 * 3_600_000)).toBe(true);
      expect(start <= pullTime(before - 47.9 * 3_600_000)).toBe(true);
    });

    it('pages through answers of 100 until fewer come', async () => {
      const { cookie } = await admin();
      const { order } = await customerWithOrder(ctx(), { total: 900 });
      const many: PullTransaction[] = [];
      for (let i = 0; i < 204; i += 1) {
        many.push(kept({ transactionId: receipt(), amount: '10.0', billreference: `NOT-AN-ORDER-${i}` }));
      }
      const last = kept({ transactionId: receipt(), amount: '900.00', billreference: order.reference });
      const queries = peer.pullQueries.length;
      const answer = await sweep(cookie);
      expect(answer.ok, answer.lastResult).toBe(true);
      const offsets = peer.pullQueries.slice(queries).map((q) => q.OffSetValue);
      expect(offsets[0]).toBe('0');
      expect(offsets.map(Number)).toEqual(offsets.map((_, i) => i * 100));
      expect(offsets.length).toBeGreaterThanOrEqual(3);
      expect(answer.recovered).toBe(205);
      for (const t of [many[0]!, many[150]!, last])
        expect(await paymentsByReceipt(ctx(), t.transactionId)).toHaveLength(1);
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
    });

    it('leaves alone a transaction its confirmation already credited, and confirms a receipt the customer typed', async () => {
      const { cookie } = await admin();
      const { order } = await customerWithOrder(ctx(), { total: 700 });
      const confirmed = kept({ transactionId: receipt(), amount: '700.0', billreference: order.reference });
      const sent = await peer.sendConfirmation(
        { transId: confirmed.transactionId, amount: 700, billRef: order.reference },
        CONFIRMATION_URL,
      );
      expect(sent.status).toBe(200);

      const typedOrder = await customerWithOrder(ctx(), { total: 450 });
      const typed = receipt();
      const form = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/payment/',
        headers: { cookie: typedOrder.cookie },
        payload: {
          ID: 'user-mpesa-form',
          fullName: 'Amina',
          amount: 450,
          order: typedOrder.order.id,
          receipt: typed,
        },
      });
      expect(form.statusCode, form.body).toBe(201);
      expect(await orderPaymentStatus(ctx(), typedOrder.order.id)).toBe('pending');
      kept({ transactionId: typed, amount: '450.0', billreference: 'whatever they typed' });

      const answer = await sweep(cookie);
      expect(answer.ok).toBe(true);
      expect(answer.recovered).toBe(1);
      expect(await paymentsByReceipt(ctx(), confirmed.transactionId)).toHaveLength(1);
      expect((await pullAudits(ctx(), confirmed.transactionId)).map((a) => a.source)).toEqual([
        'c2b-confirmation',
      ]);
      const paid = await ctx()
        .database.db.selectFrom('payments')
        .select(['amount'])
        .where('order_id', '=', order.id)
        .execute();
      expect(paid).toEqual([{ amount: 700 }]);
      expect(await orderPaymentStatus(ctx(), typedOrder.order.id)).toBe('paid');
      expect(await pullAudits(ctx(), typed)).toEqual([
        expect.objectContaining({ source: 'pull-transaction', outcome: 'typed-receipt-confirmed' }),
      ]);
    });

    it('counts each transaction once when its confirmation arrives while a sweep records it', async () => {
      const { cookie } = await admin();
      const orders = await Promise.all(
        Array.from({ length: 8 }, () => customerWithOrder(ctx(), { total: 300 })),
      );
      const transactions = orders.map(({ order }) =>
        kept({ transactionId: receipt(), amount: '300.0', billreference: order.reference }),
      );
      const [answer] = await Promise.all([
        sweep(cookie),
        ...transactions.map((t, i) =>
          peer.sendConfirmation(
            { transId: t.transactionId, amount: 300, billRef: orders[i]!.order.reference },
            CONFIRMATION_URL,
          ),
        ),
      ]);
      expect(answer.ok).toBe(true);
      for (const [i, t] of transactions.entries()) {
        const rows = await paymentsByReceipt(ctx(), t.transactionId);
        expect(rows).toHaveLength(1);
        const all = await ctx()
          .database.db.selectFrom('payments')
          .select('amount')
          .where('order_id', '=', orders[i]!.order.id)
          .execute();
        expect(all).toEqual([{ amount: 300 }]);
        expect(await orderPaymentStatus(ctx(), orders[i]!.order.id)).toBe('paid');
      }
    });

    it('runs one sweep at a time: a second one asked meanwhile answers 409', async () => {
      const { cookie } = await admin();
      peer.pullDelayMs = 400;
      const [a, b] = await Promise.all(
        [0, 1].map(() =>
          ctx().app.inject({ method: 'POST', url: '/api/v1/payment/pull', headers: { cookie } }),
        ),
      );
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
      const refused = a!.statusCode === 409 ? a! : b!;
      expect(refused.json().error).toMatch(/already running/);
      // Once it ended, the next runs.
      peer.pullDelayMs = 0;
      await sweep(cookie);
    });

    it('changes nothing when Safaricom times out, refuses or answers garbage, even on a later page', async () => {
      const { cookie } = await admin();
      await sweep(cookie);
      const end = await windowEnd(ctx());
      const { order } = await customerWithOrder(ctx(), { total: 250 });
      const pending = kept({ transactionId: receipt(), amount: '250.0', billreference: order.reference });
      const cases: [Partial<DarajaPeer>, RegExp][] = [
        [{ failPullWith: { status: 200, raw: '<html>gateway</html>' } }, /unreadable|without a JSON body/],
        [
          { failPullWith: { status: 200, body: { ResponseCode: '1000', Response: 'x' } } },
          /without a Response list/,
        ],
        [{ failPullWith: { status: 200, body: { ResponseCode: '1000', Response: [[42]] } } }, /not one/],
        [{ failPullWith: { status: 200, body: { Response: [[]] } } }, /without a ResponseCode/],
        [
          {
            failPullWith: {
              status: 200,
              body: { ResponseCode: '1001', ResponseMessage: 'Invalid ShortCode' },
            },
          },
          /refused the Pull query \(1001: Invalid ShortCode\)/,
        ],
        [{ failPullWith: { status: 500 } }, /HTTP 500/],
        [{ pullDelayMs: 1_500 }, /did not answer in time/],
      ];
      for (const [setting, message] of cases) {
        Object.assign(peer, { failPullWith: null, pullDelayMs: 0 }, setting);
        const answer = await sweep(cookie);
        expect(answer, JSON.stringify(setting)).toMatchObject({ ok: false, recovered: 0 });
        expect(answer.lastResult).toMatch(/^Nothing changed: /);
        expect(answer.lastResult).toMatch(message);
        expect(await windowEnd(ctx())).toBe(end);
        expect(await paymentsByReceipt(ctx(), pending.transactionId)).toEqual([]);
      }
      // A good first page and a broken second one: nothing from the first page is recorded either.
      peer.pullDelayMs = 0;
      for (let i = 0; i < 100; i += 1)
        kept({ transactionId: receipt(), amount: '5.0', billreference: 'PAGE-ONE' });
      peer.failPullWith = { status: 200, raw: 'garbage' };
      peer.failPullFromOffset = 100;
      const broken = await sweep(cookie);
      expect(broken.ok).toBe(false);
      expect(await paymentsByReceipt(ctx(), pending.transactionId)).toEqual([]);
      // Safaricom back: the same window is read again and the payment recovered.
      peer.failPullWith = null;
      const healed = await sweep(cookie);
      expect(healed.ok).toBe(true);
      expect(healed.recovered).toBeGreaterThanOrEqual(1);
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
    });

    it('skips what is not a paybill payment and keeps an unreadable one for audit', async () => {
      const { cookie } = await admin();
      const other = kept({
        transactionId: receipt(),
        amount: '100.0',
        billreference: 'X',
        transactiontype: 'b2c-payment',
      });
      const unreadable = kept({ transactionId: receipt(), amount: 'lots', billreference: 'X' });
      const answer = await sweep(cookie);
      expect(answer.ok).toBe(true);
      expect(answer.lastResult).toMatch(/1 not paybill payments?/);
      expect(answer.lastResult).toMatch(/1 unreadable/);
      expect(await paymentsByReceipt(ctx(), other.transactionId)).toEqual([]);
      expect(await paymentsByReceipt(ctx(), unreadable.transactionId)).toEqual([]);
      const audits = await ctx()
        .database.db.selectFrom('mpesa_callbacks')
        .select(['outcome', 'raw_body'])
        .where('source', '=', 'pull-transaction')
        .where('outcome', '=', 'malformed')
        .execute();
      expect(audits.some((a) => a.raw_body.includes(unreadable.transactionId))).toBe(true);
    });
  },
  {
    env: peerEnv(peer, {
      PUBLIC_URL: `http://127.0.0.1:${appPort}`,
      MPESA_CALLBACK_SECRET: SECRET,
      MPESA_C2B_SHORTCODE: SHORTCODE,
      MPESA_PULL_NOMINATED_NUMBER: '+254 722 000 000',
      MPESA_PULL_SWEEP_MINUTES: '0',
      MPESA_TIMEOUT_MS: '1000',
    }),
  },
);

describeEachDialect(
  'the Pull sweep without Pull configured',
  (ctx) => {
    it('says so, and running one answers 409 naming what is missing', async () => {
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      const read = await ctx().app.inject({ url: '/api/v1/payment/pull', headers: { cookie } });
      expect(read.json()).toMatchObject({ configured: false, lastSweepAt: null, recovered: 0 });
      const run = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/payment/pull',
        headers: { cookie },
      });
      expect(run.statusCode).toBe(409);
      expect(run.json().error).toMatch(/MPESA_PULL_NOMINATED_NUMBER/);
    });
  },
  // No credentials and a public address: no simulator, so nothing to pull from.
  { env: { NODE_ENV: 'development', PUBLIC_URL: 'https://urembo.example.co.ke' } },
);

describeEachDialect(
  'the Pull sweep every MPESA_PULL_SWEEP_MINUTES',
  (ctx) => {
    beforeAll(() => {
      peer.pullTransactions.length = 0;
    });

    it('registers, then sweeps by itself again and again', async () => {
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      const read = async () =>
        (await ctx().app.inject({ url: '/api/v1/payment/pull', headers: { cookie } })).json();
      const seen = new Set<string>();
      for (let i = 0; i < 200 && seen.size < 3; i += 1) {
        const state = await read();
        if (state.lastSweepAt) seen.add(state.lastSweepAt);
        await sleep(25);
      }
      expect(seen.size).toBeGreaterThanOrEqual(3);
      expect(await read()).toMatchObject({ configured: true, ok: true, sweepMinutes: 0.005 });
    });
  },
  {
    env: peerEnv(peer, {
      MPESA_CALLBACK_SECRET: SECRET,
      MPESA_C2B_SHORTCODE: SHORTCODE,
      MPESA_PULL_NOMINATED_NUMBER: '0722000000',
      // 0.3 s.
      MPESA_PULL_SWEEP_MINUTES: '0.005',
    }),
  },
);
