import { afterAll, expect, it } from 'vitest';
import type { Payment, Reconciliation } from '@urembo/contract/payments';
import { buildApp } from '../src/app';
import { signedInUser } from './support/auth';
import { DarajaPeer, PEER_CREDENTIALS, peerEnv } from './support/daraja-peer';
import {
  customerWithOrder,
  orderPaymentStatus,
  paymentsOfOrder,
  serveToPeer,
} from './support/payments-factories';
import { freePort } from './support/ports';
import { describeEachDialect } from './support/test-app';

/*
 * Paybill (C2B) settlement and typed receipts against a Daraja peer on loopback: real HTTP both ways, Safaricom's
 * field names and answers. The app registers its URLs with the peer at start-up; the peer then POSTs
 * confirmations and Transaction Status results to them.
 */

const SECRET = 'paybill-secret-0123456789-abcdef';
const SHORTCODE = '600984';
const appPort = await freePort();
const API = `http://127.0.0.1:${appPort}/api/v1`;
const URLS = {
  confirmationUrl: `${API}/payments/c2b/confirmation/${SECRET}`,
  validationUrl: `${API}/payments/c2b/validation/${SECRET}`,
  resultUrl: `${API}/payments/status/result/${SECRET}`,
  timeoutUrl: `${API}/payments/status/timeout/${SECRET}`,
};
const peer = await new DarajaPeer({
  ...PEER_CREDENTIALS,
  callbackUrl: `${API}/m-pesa/callback/${SECRET}`,
  c2b: { shortcode: SHORTCODE, initiatorName: 'urembo-api', securityCredential: 'ENCRYPTED==', ...URLS },
}).start();
afterAll(() => peer.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let receiptCounter = 0;
/** A fresh 10-character receipt for each payment. */
const receipt = (prefix = 'PB') =>
  `${prefix}${String(Date.now() % 1e6).padStart(6, '0')}${++receiptCounter}`.slice(0, 10).padEnd(10, 'X');

describeEachDialect(
  'M-Pesa paybill (C2B) and typed receipts against a Daraja peer',
  (ctx) => {
    serveToPeer(ctx, appPort, peer);

    const admin = () => signedInUser(ctx(), { role: 'admin' });

    const confirm = (fields: Parameters<DarajaPeer['sendConfirmation']>[0]) =>
      peer.sendConfirmation(fields, URLS.confirmationUrl);

    async function paymentByReceipt(value: string) {
      return ctx()
        .database.db.selectFrom('payments')
        .selectAll()
        .where('receipt', '=', value)
        .executeTakeFirst();
    }

    async function messagesOf(orderId: string) {
      return ctx()
        .database.db.selectFrom('order_messages')
        .select(['event', 'status'])
        .where('order_id', '=', orderId)
        .execute();
    }

    function submitForm(cookie: string, orderId: string, typed: string, amount = 2350) {
      return ctx().app.inject({
        method: 'POST',
        url: '/api/v1/payment/',
        headers: { cookie },
        payload: { ID: 'user-mpesa-form', fullName: 'Amina Wanjiru', amount, order: orderId, receipt: typed },
      });
    }

    it('registers its confirmation and validation URLs at start-up, and again from the admin', async () => {
      const { cookie } = await admin();
      const registration = () =>
        ctx().app.inject({ url: '/api/v1/payment/c2b/registration', headers: { cookie } });
      // Start-up registration runs in the background: wait for its result.
      for (let i = 0; i < 100 && (await registration()).json().ok === null; i += 1) await sleep(20);
      expect((await registration()).json()).toMatchObject({
        configured: true,
        shortcode: SHORTCODE,
        ok: true,
        message: 'success',
      });
      expect(peer.registrations.at(-1)).toEqual({
        ShortCode: SHORTCODE,
        ResponseType: 'Completed',
        ConfirmationURL: URLS.confirmationUrl,
        ValidationURL: URLS.validationUrl,
      });

      peer.failRegisterWith = {
        status: 400,
        body: {
          requestId: 'x',
          errorCode: '401.003.01',
          errorMessage: 'Invalid Access Token - no apiproduct match found',
        },
      };
      const failed = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/payment/c2b/registration',
        headers: { cookie },
      });
      peer.failRegisterWith = null;
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toMatchObject({
        ok: false,
        message: expect.stringMatching(/no apiproduct match/),
      });
      const again = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/payment/c2b/registration',
        headers: { cookie },
      });
      expect(again.json()).toMatchObject({ ok: true });
      // Both asks are in the audit log, with what Safaricom answered.
      const audit = await ctx().app.inject({
        url: '/api/v1/admin/audit?entity=setting',
        headers: { cookie },
      });
      const entries = (audit.json().data as { action: string; summary: string }[]).filter(
        (e) => e.action === 'register-urls',
      );
      expect(entries.map((e) => e.summary)).toEqual([
        'Paybill URLs registered with Safaricom',
        expect.stringMatching(/^Paybill URL registration failed: .*no apiproduct match/),
      ]);
    });

    it('does not register again when a restarted process finds the same URLs registered', async () => {
      const before = peer.registrations.length;
      expect(before).toBeGreaterThan(0);
      const again = await buildApp({ config: ctx().config, database: ctx().database, logger: false });
      await again.ready();
      await sleep(300);
      await again.close();
      expect(peer.registrations.length).toBe(before);
    });

    it('credits the order whose reference is the account number (case, spaces and dashes ignored)', async () => {
      const { order } = await customerWithOrder(ctx(), { total: 2350 });
      const typed = `${order.reference.slice(0, 3).toLowerCase()} - ${order.reference.slice(3)}`;
      const transId = receipt();
      const answer = await confirm({ transId, amount: 2350, billRef: typed, msisdn: '254712345678' });
      expect(answer).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      expect(await paymentByReceipt(transId)).toMatchObject({
        source: 'mpesa-c2b',
        order_id: order.id,
        amount: 2350,
        status: 1,
        flag: null,
        phone: '254712345678',
        full_name: 'Amina Wanjiru',
        account: typed,
      });
      const audit = await ctx()
        .database.db.selectFrom('mpesa_callbacks')
        .selectAll()
        .where('trans_id', '=', transId)
        .execute();
      expect(audit).toEqual([expect.objectContaining({ source: 'c2b-confirmation', outcome: 'credited' })]);
      expect(JSON.parse(audit[0]!.raw_body)).toMatchObject({ TransID: transId, TransAmount: '2350.00' });
      expect(await messagesOf(order.id)).toEqual([{ event: 'paid', status: expect.any(String) }]);
    });

    it('credits five identical confirmations sent at once exactly once', async () => {
      const { order } = await customerWithOrder(ctx(), { total: 2350 });
      const transId = receipt();
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map(() => confirm({ transId, amount: 2350, billRef: order.reference })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const rows = await paymentsOfOrder(ctx(), order.id);
      expect(rows).toHaveLength(1);
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      expect((await messagesOf(order.id)).filter((m) => m.event === 'paid')).toHaveLength(1);
    });

    it('adds up partial payments and pays the order once they cover it', async () => {
      const { order } = await customerWithOrder(ctx(), { total: 2350 });
      await confirm({ transId: receipt(), amount: 1000, billRef: order.reference });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');
      await confirm({ transId: receipt(), amount: 1350, billRef: order.reference });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
    });

    it('keeps a payment with an unknown account as unmatched until the customer types its receipt', async () => {
      const { order, cookie } = await customerWithOrder(ctx(), { total: 2350 });
      const transId = receipt();
      await confirm({ transId, amount: 2350, billRef: '484580' });
      expect(await paymentByReceipt(transId)).toMatchObject({ order_id: null, status: 1 });
      const { cookie: adminCookie } = await admin();
      const list = await ctx().app.inject({
        url: '/api/v1/payment/?unmatched=true&limit=50',
        headers: { cookie: adminCookie },
      });
      expect((list.json().data as Payment[]).map((p) => p.receipt)).toContain(transId);
      expect((list.json().data as Payment[]).every((p) => p.order === null)).toBe(true);

      const typed = await submitForm(cookie, order.id, transId.toLowerCase(), 99);
      expect(typed.statusCode).toBe(201);
      expect(typed.json()).toMatchObject({ ID: 'mpesa-c2b', order: order.id, status: true, amount: 2350 });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      expect(await paymentsOfOrder(ctx(), order.id)).toHaveLength(1);
      expect(peer.statusQueries.filter((q) => q.body.TransactionID === transId)).toEqual([]);

      const { order: other, cookie: otherCookie } = await customerWithOrder(ctx(), { total: 2350 });
      const reused = await submitForm(otherCookie, other.id, transId);
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toEqual({ error: 'This M-Pesa receipt number has already been used' });
    });

    it('lets an admin assign an unmatched payment by reference, once', async () => {
      const { order } = await customerWithOrder(ctx(), { total: 500 });
      const transId = receipt();
      await confirm({ transId, amount: 500, billRef: 'ORDER 12' });
      const id = (await paymentByReceipt(transId))!.id;
      const { cookie } = await admin();
      const search = await ctx().app.inject({
        url: `/api/v1/payment/order-search?q=${order.reference.toLowerCase()}`,
        headers: { cookie },
      });
      expect(search.json().data).toEqual([
        expect.objectContaining({ _id: order.id, reference: order.reference }),
      ]);
      const assign = (body: Record<string, unknown>) =>
        ctx().app.inject({ method: 'PUT', url: `/api/v1/payment/${id}`, headers: { cookie }, payload: body });
      const done = await assign({ order: order.reference.toLowerCase() });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ order: order.id, orderReference: order.reference });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      expect((await assign({ order: order.reference })).statusCode).toBe(409);
      expect((await assign({ order: 'NOPE999' })).statusCode).toBe(404);
      expect((await assign({ nothing: true })).statusCode).toBe(400);
    });

    it('keeps money for a cancelled or already-paid order, flagged for a refund', async () => {
      const { order: cancelled } = await customerWithOrder(ctx(), {
        total: 800,
        deliveryStatus: 'cancelled',
      });
      const first = receipt();
      await confirm({ transId: first, amount: 800, billRef: cancelled.reference });
      expect(await paymentByReceipt(first)).toMatchObject({
        order_id: cancelled.id,
        flag: 'refund',
        state: 'held',
        hold_reason: 'order-not-payable',
        status: 0,
      });
      expect(await orderPaymentStatus(ctx(), cancelled.id)).toBe('pending');

      const { order } = await customerWithOrder(ctx(), { total: 800 });
      await confirm({ transId: receipt(), amount: 800, billRef: order.reference });
      const second = receipt();
      await confirm({ transId: second, amount: 800, billRef: order.reference });
      expect(await paymentByReceipt(second)).toMatchObject({ flag: 'refund' });
      const { cookie } = await admin();
      const conflicts = await ctx().app.inject({
        url: '/api/v1/payment/?filter=conflicts&limit=50',
        headers: { cookie },
      });
      expect((conflicts.json().data as Payment[]).map((p) => p.receipt)).toEqual(
        expect.arrayContaining([first, second]),
      );
    });

    it('refuses forged, foreign and malformed confirmations without crediting anything', async () => {
      const { order } = await customerWithOrder(ctx(), { total: 300 });
      const forged = await peer.sendConfirmation(
        { transId: receipt(), amount: 300, billRef: order.reference },
        URLS.confirmationUrl.replace(SECRET, 'wrong-secret-0123456789-abcdefgh'),
      );
      expect(forged.status).toBe(404);
      const foreign = receipt();
      const other = await confirm({
        transId: foreign,
        amount: 300,
        billRef: order.reference,
        shortcode: '123456',
      });
      expect(other).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
      expect(await paymentByReceipt(foreign)).toBeUndefined();
      for (const raw of [
        '{not json',
        '[]',
        '{"TransID":"ABC"}',
        JSON.stringify({ TransID: 'X1Y2Z3W4V5', TransAmount: '-5.00', BusinessShortCode: SHORTCODE }),
      ]) {
        const bad = await peer.sendConfirmation(
          { transId: '', amount: 0, billRef: '' },
          URLS.confirmationUrl,
          raw,
        );
        expect(bad.status, raw).toBe(400);
        expect(bad.body).toMatchObject({ ResultCode: 1 });
      }
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
      const validation = await peer.sendConfirmation(
        { transId: receipt(), amount: 300, billRef: order.reference },
        URLS.validationUrl,
      );
      expect(validation).toEqual({ status: 200, body: { ResultCode: '0', ResultDesc: 'Accepted' } });
    });

    it('checks a typed receipt with Transaction Status; Safaricom’s amount counts', async () => {
      const { order, cookie } = await customerWithOrder(ctx(), { total: 2350 });
      const typed = receipt('TS');
      const res = await submitForm(cookie, order.id, typed, 100);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: false, verification: 'checking', amount: 100 });
      const query = peer.statusQueries.find((q) => q.body.TransactionID === typed)!;
      expect(query.body).toMatchObject({
        Initiator: 'urembo-api',
        SecurityCredential: 'ENCRYPTED==',
        CommandID: 'TransactionStatusQuery',
        PartyA: SHORTCODE,
        IdentifierType: '4',
        ResultURL: URLS.resultUrl,
        QueueTimeOutURL: URLS.timeoutUrl,
      });
      const result = await peer.sendStatusResult(query, { found: true, amount: 2350 });
      expect(result).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
      expect(await paymentByReceipt(typed)).toMatchObject({
        status: 1,
        amount: 2350,
        verification: 'confirmed',
      });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      // A repeated result changes nothing.
      await peer.sendStatusResult(query, { found: true, amount: 9999 });
      expect(await paymentByReceipt(typed)).toMatchObject({ amount: 2350 });
      const mine = await ctx().app.inject({ url: `/api/v1/payment/order/${order.id}`, headers: { cookie } });
      expect(mine.json().data).toEqual([
        expect.objectContaining({ receipt: typed, status: true, verification: 'confirmed' }),
      ]);
    });

    it('leaves an unknown or foreign receipt pending for an admin, and a late confirmation completes it', async () => {
      const { order, cookie } = await customerWithOrder(ctx(), { total: 700 });
      const unknown = receipt('UK');
      await submitForm(cookie, order.id, unknown, 700);
      const q1 = peer.statusQueries.find((q) => q.body.TransactionID === unknown)!;
      await peer.sendStatusResult(q1, { found: false });
      expect(await paymentByReceipt(unknown)).toMatchObject({ status: 0, verification: 'unknown' });

      const foreign = receipt('FO');
      await submitForm(cookie, order.id, foreign, 700);
      const q2 = peer.statusQueries.find((q) => q.body.TransactionID === foreign)!;
      await peer.sendStatusResult(q2, { found: true, amount: 700, creditParty: '999999 - Another Shop' });
      expect(await paymentByReceipt(foreign)).toMatchObject({ status: 0, verification: 'unknown' });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');

      // Safaricom's own confirmation of the first receipt arrives late: it completes the typed payment.
      await confirm({ transId: unknown, amount: 700, billRef: 'whatever' });
      expect(await paymentByReceipt(unknown)).toMatchObject({
        status: 1,
        amount: 700,
        source: 'user-mpesa-form',
      });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      expect((await paymentsOfOrder(ctx(), order.id)).length).toBe(2);
    });

    it('records an STK callback that reuses a receipt credited elsewhere as a conflict that pays nothing', async () => {
      const paidBy = await customerWithOrder(ctx(), { total: 400 });
      const transId = receipt('RU');
      await confirm({ transId, amount: 400, billRef: paidBy.order.reference });
      const { order, cookie } = await customerWithOrder(ctx(), { total: 400 });
      const pushed = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/m-pesa/stk/${order.id}`,
        headers: { cookie },
        payload: { phone: '0712345678' },
      });
      expect(pushed.statusCode).toBe(201);
      expect(peer.lastPush().body.AccountReference).toBe(order.reference);
      const answer = await peer.sendCallback(peer.lastPush(), { resultCode: 0, receipt: transId });
      expect(answer.status).toBe(200);
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([
        expect.objectContaining({ flag: 'conflict', status: 0, receipt: null }),
      ]);
      const { cookie: adminCookie } = await admin();
      const conflicts = await ctx().app.inject({
        url: '/api/v1/payment/?filter=conflicts&limit=50',
        headers: { cookie: adminCookie },
      });
      expect(
        (conflicts.json().data as Payment[]).some((p) => p.order === order.id && p.flag === 'conflict'),
      ).toBe(true);
    });

    it('lets an admin mark an order paid only with an unused receipt or a reason; the receipt then pays nothing else', async () => {
      const { cookie } = await admin();
      const update = (orderId: string, body: Record<string, unknown>) =>
        ctx().app.inject({
          method: 'PUT',
          url: `/api/v1/order/updateStatus/${orderId}`,
          headers: { cookie },
          payload: body,
        });
      const credited = receipt('AD');
      const paidBy = await customerWithOrder(ctx(), { total: 600 });
      await confirm({ transId: credited, amount: 600, billRef: paidBy.order.reference });

      const { order } = await customerWithOrder(ctx(), { total: 900 });
      await confirm({ transId: receipt(), amount: 400, billRef: order.reference });
      const reused = await update(order.id, { paymentStatus: 'paid', receipt: credited.toLowerCase() });
      expect(reused.statusCode).toBe(409);
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');

      const typed = receipt('AE');
      const ok = await update(order.id, { paymentStatus: 'paid', receipt: typed });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ paymentStatus: 'paid' });
      // Only what was still owed is recorded.
      expect(await paymentByReceipt(typed)).toMatchObject({ source: 'admin', amount: 500, status: 1 });

      // Safaricom's own confirmation of that receipt later, for another order, is a conflict that pays nothing.
      const other = await customerWithOrder(ctx(), { total: 500 });
      await confirm({ transId: typed, amount: 500, billRef: other.order.reference });
      expect(await orderPaymentStatus(ctx(), other.order.id)).toBe('pending');
      expect(await paymentsOfOrder(ctx(), other.order.id)).toEqual([
        expect.objectContaining({ flag: 'conflict', status: 0, receipt: null }),
      ]);
    });

    it('counts a prompt payment once when the paybill also confirms it, whichever comes first', async () => {
      const prompt = async () => {
        const { order, cookie } = await customerWithOrder(ctx(), { total: 650 });
        const res = await ctx().app.inject({
          method: 'POST',
          url: `/api/v1/m-pesa/stk/${order.id}`,
          headers: { cookie },
          payload: { phone: '0712345678' },
        });
        expect(res.statusCode).toBe(201);
        return { order, cookie, id: (res.json() as { _id: string })._id, push: peer.lastPush() };
      };
      // Callback first, then the paybill's confirmation of the same transaction.
      const first = await prompt();
      const r1 = receipt('SC');
      await peer.sendCallback(first.push, { resultCode: 0, receipt: r1 });
      await confirm({ transId: r1, amount: 650, billRef: first.order.reference });
      expect(await paymentsOfOrder(ctx(), first.order.id)).toEqual([
        expect.objectContaining({ source: 'mpesa-stk', receipt: r1, status: 1, flag: null }),
      ]);
      // Confirmation first, then the callback: the prompt shows paid, still one payment.
      const second = await prompt();
      const r2 = receipt('CS');
      await confirm({ transId: r2, amount: 650, billRef: second.order.reference });
      await peer.sendCallback(second.push, { resultCode: 0, receipt: r2 });
      expect(await paymentsOfOrder(ctx(), second.order.id)).toEqual([
        expect.objectContaining({ source: 'mpesa-c2b', receipt: r2, status: 1, flag: null }),
      ]);
      const resolved = await ctx().app.inject({
        url: `/api/v1/m-pesa/resolveTransaction/${second.id}`,
        headers: { cookie: second.cookie },
      });
      expect(resolved.json()).toMatchObject({ status: 'paid', message: 'Paid' });
      expect(await orderPaymentStatus(ctx(), second.order.id)).toBe('paid');
    });

    it('reconciles the day by the way money came', async () => {
      const { cookie } = await admin();
      const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
      const res = await ctx().app.inject({
        url: `/api/v1/payment/reconciliation?date=${today}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      const day = res.json() as Reconciliation;
      expect(day.date).toBe(today);
      expect(day.paybill.count).toBeGreaterThan(0);
      expect(day.unmatched.count).toBeGreaterThanOrEqual(0);
      expect(day.flagged.count).toBeGreaterThan(0);
      const bad = await ctx().app.inject({
        url: '/api/v1/payment/reconciliation?date=2026-13-45',
        headers: { cookie },
      });
      expect(bad.statusCode).toBe(400);
    });
  },
  {
    env: peerEnv(peer, {
      PUBLIC_URL: `http://127.0.0.1:${appPort}`,
      MPESA_CALLBACK_SECRET: SECRET,
      MPESA_C2B_SHORTCODE: SHORTCODE,
      MPESA_INITIATOR_NAME: 'urembo-api',
      MPESA_SECURITY_CREDENTIAL: 'ENCRYPTED==',
    }),
  },
);
