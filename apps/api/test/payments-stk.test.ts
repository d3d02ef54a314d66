import { afterAll, expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { DarajaPeer, PEER_CREDENTIALS, peerEnv, type PushRecord } from './support/daraja-peer';
import { createTestOrder } from './support/orders-factories';
import {
  auditRows,
  backdateStkRequest,
  customerWithOrder,
  orderPaymentStatus,
  paymentsOfOrder,
  serveToPeer,
  stkRequestsOfOrder,
} from './support/payments-factories';
import { freePort } from './support/ports';
import { describeEachDialect } from './support/test-app';

const SECRET = 'callback-secret-0123456789-abcdef';
const appPort = await freePort();
const CALLBACK_URL = `http://127.0.0.1:${appPort}/api/v1/m-pesa/callback/${SECRET}`;
const peer = await new DarajaPeer({ ...PEER_CREDENTIALS, callbackUrl: CALLBACK_URL }).start();
afterAll(() => peer.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDialect(
  'M-Pesa STK push against a Daraja peer',
  (ctx) => {
    serveToPeer(ctx, appPort, peer);

    function push(cookie: string, orderId: string, phone: unknown = '0712 345 678') {
      return ctx().app.inject({
        method: 'POST',
        url: `/api/v1/m-pesa/stk/${orderId}`,
        headers: { cookie },
        payload: { phone },
      });
    }

    async function resolve(cookie: string, id: string) {
      const res = await ctx().app.inject({
        url: `/api/v1/m-pesa/resolveTransaction/${id}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { status: string; message: string; order: string; amount: number };
    }

    async function pushedOrder(total = 2350) {
      const who = await customerWithOrder(ctx(), { total });
      const res = await push(who.cookie, who.order.id);
      expect(res.statusCode).toBe(201);
      const { _id } = res.json() as { _id: string };
      return { ...who, requestId: _id, sent: peer.lastPush() };
    }

    it('sends a push for the unpaid balance that Daraja finds correct, and waits for the callback', async () => {
      const { cookie, order } = await customerWithOrder(ctx(), { total: 2350 });
      const res = await push(cookie, order.id, '+254 712 345 678');
      expect(res.statusCode).toBe(201);
      const body = res.json() as { _id: string; message: string };
      expect(body.message).toBe('M-Pesa pop-up sent to 254712345678');
      const sent = peer.lastPush();
      expect(sent.body).toMatchObject({
        Amount: 2350,
        PartyA: '254712345678',
        PhoneNumber: '254712345678',
        PartyB: '174379',
        CallBackURL: CALLBACK_URL,
        AccountReference: order.reference,
        TransactionDesc: 'Urembo order',
      });
      expect(order.reference).toMatch(/^[A-Z0-9]{4,12}$/);
      const [request] = await stkRequestsOfOrder(ctx(), order.id);
      expect(request).toMatchObject({
        id: body._id,
        checkout_request_id: sent.checkoutRequestId,
        merchant_request_id: sent.merchantRequestId,
        amount: 2350,
        phone: '254712345678',
        status: 'pending',
      });
      expect(await resolve(cookie, body._id)).toEqual({
        status: 'pending',
        message: 'Waiting for you to enter your M-Pesa PIN on your phone.',
        order: order.id,
        amount: 2350,
      });
      // Within 20 s of the push, resolve waits for the callback instead of querying Daraja.
      expect(peer.queries).not.toContain(sent.checkoutRequestId);
    });

    it('accepts 2541… numbers and pushes only what is still unpaid', async () => {
      const { user, cookie, order } = await customerWithOrder(ctx(), { total: 5000 });
      await ctx()
        .database.db.insertInto('payments')
        .values({
          id: 'manualpaid0000000000001a',
          source: 'user-mpesa-form',
          order_id: order.id,
          user_id: user.id,
          stk_request_id: null,
          full_name: 'Amina',
          amount: 1200,
          channel: 'M-Pesa',
          receipt: 'QWE1RTY2UI',
          phone: null,
          status: 1,
          flag: null,
          state: 'completed',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      const res = await push(cookie, order.id, '0110 345 678');
      expect(res.statusCode).toBe(201);
      expect(peer.lastPush().body).toMatchObject({ Amount: 3800, PartyA: '254110345678' });
      const sent = peer.lastPush();
      await peer.sendCallback(sent, { resultCode: 0, receipt: 'SBC1DEF2GH' });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
    });

    it('asks at most Ksh 250,000 in one push', async () => {
      const { cookie, order } = await customerWithOrder(ctx(), { total: 300_000 });
      expect((await push(cookie, order.id)).statusCode).toBe(201);
      expect(peer.lastPush().body.Amount).toBe(250_000);
      await peer.sendCallback(peer.lastPush(), { resultCode: 0, receipt: 'BIG1AMT2XY' });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');
      expect((await push(cookie, order.id)).statusCode).toBe(201);
      expect(peer.lastPush().body.Amount).toBe(50_000);
    });

    it('credits a successful callback once: payment, receipt, order paid, audit row', async () => {
      const { cookie, order, requestId, sent } = await pushedOrder(2350);
      const answer = await peer.sendCallback(sent, {
        resultCode: 0,
        receipt: 'NLJ7RT61SV',
        phone: 254712345678,
      });
      expect(answer).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
      expect(await resolve(cookie, requestId)).toEqual({
        status: 'paid',
        message: 'Paid',
        order: order.id,
        amount: 2350,
      });
      const payments = await paymentsOfOrder(ctx(), order.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        source: 'mpesa-stk',
        channel: 'M-Pesa STK',
        receipt: 'NLJ7RT61SV',
        amount: 2350,
        phone: '254712345678',
        status: 1,
        flag: null,
        stk_request_id: requestId,
      });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      const audit = await auditRows(ctx(), sent.checkoutRequestId);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ source: 'callback', outcome: 'paid' });
      expect(JSON.parse(audit[0]!.raw_body).Body.stkCallback.CheckoutRequestID).toBe(sent.checkoutRequestId);
      // A paid order cannot be pushed again.
      const again = await push(cookie, order.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'This order is already paid' });
    });

    it('credits the same callback delivered five times at once exactly once', async () => {
      const { order, sent } = await pushedOrder(1800);
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map(() => peer.sendCallback(sent, { resultCode: '0', receipt: 'DUP1CAT2ED' })),
      );
      for (const a of answers)
        expect(a).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
      const payments = await paymentsOfOrder(ctx(), order.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ amount: 1800, status: 1, receipt: 'DUP1CAT2ED' });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      const outcomes = (await auditRows(ctx(), sent.checkoutRequestId)).map((r) => r.outcome).sort();
      expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'paid']);
    });

    it('records a cancelled prompt without crediting anything, then allows another try', async () => {
      const { cookie, order, requestId, sent } = await pushedOrder();
      // Daraja's own alias path works too (no "M-Pesa" in the URL).
      const answer = await peer.sendCallback(sent, {
        resultCode: 1032,
        resultDesc: 'Request cancelled by user',
        url: `http://127.0.0.1:${appPort}/api/v1/payments/stk-callback/${SECRET}`,
      });
      expect(answer.status).toBe(200);
      expect(await resolve(cookie, requestId)).toMatchObject({
        status: 'cancelled',
        message: 'You cancelled the M-Pesa prompt.',
      });
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');
      const [request] = await stkRequestsOfOrder(ctx(), order.id);
      expect(request).toMatchObject({
        status: 'cancelled',
        result_code: '1032',
        result_desc: 'Request cancelled by user',
      });
      expect((await push(cookie, order.id)).statusCode).toBe(201);
    });

    it.each([
      [1, 'failed', /balance was not enough/],
      [1037, 'failed', /could not be reached/],
      [2001, 'failed', /PIN was wrong/],
      [1019, 'failed', /expired/],
      [17, 'failed', /within two minutes/],
      ['2028', 'failed', /pay with the paybill/],
      ['SFC_IC0003', 'failed', /pay with the paybill/],
      [9999, 'failed', /^Something unusual happened$/],
    ])('explains result code %j plainly', async (code, status, message) => {
      const { cookie, order, requestId, sent } = await pushedOrder();
      await peer.sendCallback(sent, { resultCode: code, resultDesc: 'Something unusual happened' });
      const answer = await resolve(cookie, requestId);
      expect(answer.status).toBe(status);
      expect(answer.message).toMatch(message);
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
    });

    it('applies a late callback after the customer already looked', async () => {
      const { cookie, requestId, sent, order } = await pushedOrder();
      expect((await resolve(cookie, requestId)).status).toBe('pending');
      await sleep(300);
      expect((await resolve(cookie, requestId)).status).toBe('pending');
      await peer.sendCallback(sent, { resultCode: 0, receipt: 'LATE1CALL2' });
      expect((await resolve(cookie, requestId)).status).toBe('paid');
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
    });

    it('resolves a missing callback with a paced STK query ("being processed" first)', async () => {
      const { cookie, order, requestId, sent } = await pushedOrder(2100);
      await backdateStkRequest(ctx(), requestId, 25_000);
      peer.answerQueries(
        sent.checkoutRequestId,
        { kind: 'processing' },
        { kind: 'result', resultCode: '4999', resultDesc: 'The transaction is still under processing' },
        { kind: 'result', resultCode: '0', resultDesc: 'The service request is processed successfully.' },
      );
      const countQueries = () => peer.queries.filter((id) => id === sent.checkoutRequestId).length;

      expect((await resolve(cookie, requestId)).status).toBe('pending');
      expect(countQueries()).toBe(1);
      // Paced: asking again at once does not query Daraja again.
      expect((await resolve(cookie, requestId)).status).toBe('pending');
      expect(countQueries()).toBe(1);

      await backdateStkRequest(ctx(), requestId, 6_000);
      expect((await resolve(cookie, requestId)).status).toBe('pending'); // ResultCode 4999
      expect(countQueries()).toBe(2);

      await backdateStkRequest(ctx(), requestId, 6_000);
      expect(await resolve(cookie, requestId)).toEqual({
        status: 'paid',
        message: 'Paid',
        order: order.id,
        amount: 2100,
      });
      expect(countQueries()).toBe(3);
      const payments = await paymentsOfOrder(ctx(), order.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ amount: 2100, status: 1, receipt: null, source: 'mpesa-stk' });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      const audit = await auditRows(ctx(), sent.checkoutRequestId);
      expect(audit.map((a) => [a.source, a.outcome])).toEqual([['stk-query', 'paid']]);

      // The callback finally arrives: it adds the receipt and credits nothing more.
      await peer.sendCallback(sent, { resultCode: 0, receipt: 'RCPT1LATE2' });
      const after = await paymentsOfOrder(ctx(), order.id);
      expect(after).toHaveLength(1);
      expect(after[0]!.receipt).toBe('RCPT1LATE2');
      expect((await auditRows(ctx(), sent.checkoutRequestId)).map((a) => a.outcome)).toEqual([
        'paid',
        'receipt-added',
      ]);
    });

    it('applies a failed STK query answer like a callback', async () => {
      const { cookie, requestId, sent, order } = await pushedOrder();
      await backdateStkRequest(ctx(), requestId, 30_000);
      peer.answerQueries(sent.checkoutRequestId, {
        kind: 'result',
        resultCode: '1032',
        resultDesc: 'Request cancelled by user',
      });
      expect(await resolve(cookie, requestId)).toMatchObject({
        status: 'cancelled',
        message: 'You cancelled the M-Pesa prompt.',
      });
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
      // A contradicting callback afterwards changes nothing.
      await peer.sendCallback(sent, { resultCode: 0, receipt: 'CONF1LICT2' });
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
      expect((await auditRows(ctx(), sent.checkoutRequestId)).map((a) => a.outcome)).toEqual([
        'cancelled',
        'conflicting-result',
      ]);
    });

    it('records an amount that does not match the request but keeps the order unpaid', async () => {
      const { cookie, order, requestId, sent } = await pushedOrder(2350);
      const answer = await peer.sendCallback(sent, { resultCode: 0, amount: 1, receipt: 'AMT1MIS2MA' });
      expect(answer.status).toBe(200);
      const payments = await paymentsOfOrder(ctx(), order.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        amount: 1,
        status: 0,
        flag: 'amount-mismatch',
        receipt: 'AMT1MIS2MA',
      });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');
      const resolved = await resolve(cookie, requestId);
      expect(resolved.status).toBe('failed');
      expect(resolved.message).toMatch(/different amount/);
      expect((await auditRows(ctx(), sent.checkoutRequestId))[0]!.outcome).toBe('amount-mismatch');
    });

    it('refuses a callback with a wrong secret (404) and stores nothing', async () => {
      const { cookie, order, requestId, sent } = await pushedOrder();
      const forged = await peer.sendCallback(sent, {
        resultCode: 0,
        receipt: 'FORGED0001',
        url: `http://127.0.0.1:${appPort}/api/v1/m-pesa/callback/${SECRET.slice(0, -1)}x`,
      });
      expect(forged.status).toBe(404);
      const noSecret = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/m-pesa/callback/',
        payload: {},
      });
      expect(noSecret.statusCode).toBe(404);
      expect(await auditRows(ctx(), sent.checkoutRequestId)).toEqual([]);
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
      expect((await resolve(cookie, requestId)).status).toBe('pending');
    });

    it('accepts but credits nothing for an unknown CheckoutRequestID', async () => {
      const before = await ctx().database.db.selectFrom('payments').select('id').execute();
      const fake: PushRecord = {
        body: { Amount: 500, PhoneNumber: '254712345678', CallBackURL: CALLBACK_URL },
        checkoutRequestId: 'ws_CO_000000000000000000forged',
        merchantRequestId: '0000-0000-1',
      };
      const answer = await peer.sendCallback(fake, { resultCode: 0, receipt: 'UNK1NOWN2X' });
      expect(answer).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
      const after = await ctx().database.db.selectFrom('payments').select('id').execute();
      expect(after).toHaveLength(before.length);
      const audit = await auditRows(ctx(), fake.checkoutRequestId);
      expect(audit.map((a) => a.outcome)).toEqual(['unknown-request']);
    });

    it('stores a malformed callback for audit and answers 400', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/m-pesa/callback/${SECRET}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"Body":{"nothing":true}}',
      });
      expect(res.statusCode).toBe(400);
      const rows = await ctx()
        .database.db.selectFrom('mpesa_callbacks')
        .selectAll()
        .where('raw_body', '=', '{"Body":{"nothing":true}}')
        .execute();
      expect(rows.map((r) => r.outcome)).toEqual(['malformed']);
    });

    it('says M-Pesa is unavailable when Daraja is down, and stores nothing', async () => {
      const { cookie, order } = await customerWithOrder(ctx());
      await peer.goDown();
      try {
        const res = await push(cookie, order.id);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: 'M-Pesa is unavailable, please try again' });
      } finally {
        await peer.comeBack();
      }
      expect(await stkRequestsOfOrder(ctx(), order.id)).toEqual([]);
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
      expect((await push(cookie, order.id)).statusCode).toBe(201);
    });

    it('gives up on a slow Daraja with a clear 503 and no stray records', async () => {
      const { cookie, order } = await customerWithOrder(ctx());
      peer.delayMs = 1600;
      try {
        const res = await push(cookie, order.id);
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toMatch(/^M-Pesa did not answer in time, please try again/);
      } finally {
        await sleep(1700);
        peer.delayMs = 0;
      }
      expect(await stkRequestsOfOrder(ctx(), order.id)).toEqual([]);
    });

    it('turns Daraja failures into 502/503 with plain messages', async () => {
      const { cookie, order } = await customerWithOrder(ctx());
      try {
        peer.failPushWith = { status: 500 };
        let res = await push(cookie, order.id);
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ error: 'M-Pesa is unavailable, please try again' });
        peer.failPushWith = {
          status: 500,
          body: {
            requestId: 'x',
            errorCode: '500.003.02',
            errorMessage: 'System is busy. Please try again in few minutes.',
          },
        };
        res = await push(cookie, order.id);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: 'M-Pesa is busy right now, please try again in a minute' });
        peer.failPushWith = {
          status: 400,
          body: {
            requestId: 'y',
            errorCode: '400.002.02',
            errorMessage: 'Bad Request - Invalid PhoneNumber',
          },
        };
        res = await push(cookie, order.id);
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({
          error: 'M-Pesa could not send the prompt: Bad Request - Invalid PhoneNumber',
        });
      } finally {
        peer.failPushWith = null;
      }
      expect(await stkRequestsOfOrder(ctx(), order.id)).toEqual([]);
    });

    it('checks who may push and resolve', async () => {
      const { cookie, order, requestId } = await pushedOrder();
      const stranger = await signedInUser(ctx());
      const pushed = peer.pushes.length;

      const signedOut = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/m-pesa/stk/${order.id}`,
        payload: { phone: '0712345678' },
      });
      expect(signedOut.statusCode).toBe(401);
      const other = await push(stranger.cookie, order.id);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ error: 'Order not found' });
      expect((await push(cookie, 'no-such-order')).statusCode).toBe(404);

      const badPhone = await push(cookie, order.id, '0812345678');
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().error).toBe('Enter the M-Pesa phone number, like 0712 345 678');
      expect((await push(cookie, order.id, 712345678)).statusCode).toBe(400);
      expect(peer.pushes.length).toBe(pushed);

      const theirs = await ctx().app.inject({
        url: `/api/v1/m-pesa/resolveTransaction/${requestId}`,
        headers: { cookie: stranger.cookie },
      });
      expect(theirs.statusCode).toBe(404);
      const admin = await signedInUser(ctx(), { role: 'admin' });
      expect((await resolve(admin.cookie, requestId)).status).toBe('pending');
      expect((await resolve(cookie, requestId)).status).toBe('pending');
    });

    it('sends one prompt per order at a time and limits how many a customer sends', async () => {
      const { user, cookie, order, requestId } = await pushedOrder();
      const again = await push(cookie, order.id);
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(20);
      expect(again.json().error).toMatch(
        /^We just sent a prompt to 254712345678\. Check your phone, or try again in \d+ seconds\.$/,
      );
      await backdateStkRequest(ctx(), requestId, 31_000);
      expect((await push(cookie, order.id)).statusCode).toBe(201);

      // Five prompts in ten minutes per customer (these are the 2nd to 5th); the sixth waits.
      for (let i = 0; i < 3; i += 1) {
        const other = await createTestOrder(ctx(), user.id);
        expect((await push(cookie, other.id)).statusCode).toBe(201);
      }
      const sixth = await createTestOrder(ctx(), user.id);
      const limited = await push(cookie, sixth.id);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(
        /^Too many M-Pesa prompts\. Please wait \d+ minutes, or pay with the paybill\.$/,
      );
      expect(await stkRequestsOfOrder(ctx(), sixth.id)).toEqual([]);
    });

    it('refuses cancelled and already-covered orders', async () => {
      const { user, cookie } = await signedInUser(ctx());
      const cancelled = await createTestOrder(ctx(), user.id, { deliveryStatus: 'cancelled' });
      const res = await push(cookie, cancelled.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'This order was cancelled' });

      const paid = await createTestOrder(ctx(), user.id, { paymentStatus: 'paid' });
      expect((await push(cookie, paid.id)).statusCode).toBe(409);

      // Covered by completed payments but never marked: the push settles it instead of asking for Ksh 0.
      const covered = await createTestOrder(ctx(), user.id, { total: 900 });
      await ctx()
        .database.db.insertInto('payments')
        .values({
          id: 'coveredpay00000000000001',
          source: 'user-mpesa-form',
          order_id: covered.id,
          user_id: user.id,
          stk_request_id: null,
          full_name: 'Amina',
          amount: 900,
          channel: 'M-Pesa',
          receipt: 'COV1ERED2X',
          phone: null,
          status: 1,
          flag: null,
          state: 'completed',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      expect((await push(cookie, covered.id)).statusCode).toBe(409);
      expect(await orderPaymentStatus(ctx(), covered.id)).toBe('paid');
    });
  },
  {
    env: peerEnv(peer, {
      PUBLIC_URL: `http://127.0.0.1:${appPort}`,
      MPESA_CALLBACK_SECRET: SECRET,
      MPESA_TIMEOUT_MS: '1000',
    }),
  },
);
