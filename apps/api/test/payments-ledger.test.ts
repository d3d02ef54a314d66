import { afterAll, expect, it } from 'vitest';
import type { Payment } from '@urembo/contract/payments';
import { nowIso } from '../src/db/sql-values';
import { newId } from '../src/lib/ids';
import { signedInUser } from './support/auth';
import { DarajaPeer, PEER_CREDENTIALS, peerEnv } from './support/daraja-peer';
import { createTestOrder } from './support/orders-factories';
import {
  customerWithOrder,
  orderPaymentStatus,
  paymentsOfOrder,
  serveToPeer,
} from './support/payments-factories';
import { freePort } from './support/ports';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

/*
 * The payment ledger against a Daraja peer on loopback: one credit step for every way money arrives, the rules an
 * admin's changes follow, and the unpaid-order sweep leaving money in flight alone.
 */

const SECRET = 'ledger-secret-0123456789-abcdefgh';
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
  reversal: {
    resultUrl: `${API}/payments/reversal/result/${SECRET}`,
    timeoutUrl: `${API}/payments/reversal/timeout/${SECRET}`,
  },
}).start();
afterAll(() => peer.stop());

let receiptCounter = 0;
/** A fresh 10-character receipt for each payment. */
const receipt = (prefix = 'LG') =>
  `${prefix}${String(Date.now() % 1e6).padStart(6, '0')}${++receiptCounter}`.slice(0, 10).padEnd(10, 'X');

/** A manual-form payment of the order, inserted pending as the form leaves it. */
async function pendingFormPayment(ctx: TestContext, orderId: string, userId: string, amount: number) {
  const id = newId();
  const now = nowIso();
  await ctx.database.db
    .insertInto('payments')
    .values({
      id,
      source: 'user-mpesa-form',
      order_id: orderId,
      user_id: userId,
      stk_request_id: null,
      full_name: 'Amina',
      amount,
      channel: 'M-Pesa',
      receipt: receipt('MF'),
      phone: null,
      status: 0,
      flag: null,
      state: 'pending',
      hold_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describeEachDialect(
  'the payment ledger',
  (ctx) => {
    serveToPeer(ctx, appPort, peer);
    const admin = () => signedInUser(ctx(), { role: 'admin' });
    const confirm = (fields: Parameters<DarajaPeer['sendConfirmation']>[0]) =>
      peer.sendConfirmation(fields, URLS.confirmationUrl);

    it('credits the whole shillings of a paybill amount with cents, never more', async () => {
      const { order } = await customerWithOrder(ctx(), { total: 500 });
      const id = receipt();
      expect((await confirm({ transId: id, amount: '99.50', billRef: order.reference })).status).toBe(200);
      const [payment] = await paymentsOfOrder(ctx(), order.id);
      expect(payment).toMatchObject({ receipt: id, amount: 99, state: 'completed', status: 1 });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('pending');
    });

    it('takes a receipt an admin types by the one rule: 10 letters and digits, trimmed and upper-cased', async () => {
      const { cookie } = await admin();
      const { order } = await customerWithOrder(ctx(), { total: 700 });
      for (const bad of ['ABC123', 'ABCDEFGHIJK', 'ABC-123456']) {
        const res = await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, cookie, {
          paymentStatus: 'paid',
          receipt: bad,
        });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error).toBe('Receipt number must be 10 letters and digits, like NLJ7RT61SV');
      }
      const good = await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, cookie, {
        paymentStatus: 'paid',
        receipt: '  qwe1234rty ',
      });
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toMatchObject({ paymentStatus: 'paid', paidAmount: 700, refundedAmount: 0 });
      const [payment] = await paymentsOfOrder(ctx(), order.id);
      expect(payment).toMatchObject({ receipt: 'QWE1234RTY', state: 'completed', source: 'admin' });
    });

    it('keeps a covered order paid: setting it back to pending is refused', async () => {
      const { cookie } = await admin();
      const { order } = await customerWithOrder(ctx(), { total: 600 });
      await confirm({ transId: receipt(), amount: 600, billRef: order.reference });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      const res = await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, cookie, {
        paymentStatus: 'pending',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/Refund a payment/);
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');

      // Marked paid with nothing recorded (an older shop's data): undoing that mistake still works.
      const { order: bare } = await customerWithOrder(ctx(), { total: 600, paymentStatus: 'paid' });
      const undo = await callApi(ctx(), 'PUT', `/order/updateStatus/${bare.id}`, cookie, {
        paymentStatus: 'pending',
      });
      expect(undo.statusCode, undo.body).toBe(200);
    });

    async function refundDue(cookie: string): Promise<Payment[]> {
      const res = await callApi(ctx(), 'GET', '/payment/?refundDue=true&limit=100', cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Payment[];
    }
    const dueOf = (list: Payment[], id: string) => list.find((p) => p._id === id)?.refundDue;

    it('completes an admin’s manual-form payment of a cancelled or covered order, as refund due', async () => {
      const { cookie } = await admin();
      const { user, order: cancelled } = await customerWithOrder(ctx(), {
        total: 900,
        deliveryStatus: 'cancelled',
      });
      const onCancelled = await pendingFormPayment(ctx(), cancelled.id, user.id, 900);
      const done = await callApi(ctx(), 'PUT', `/payment/${onCancelled}`, cookie, { status: true });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ state: 'completed', status: true, holdReason: null });

      const covered = await createTestOrder(ctx(), user.id, { total: 400 });
      await confirm({ transId: receipt(), amount: 400, billRef: covered.reference });
      const extra = await pendingFormPayment(ctx(), covered.id, user.id, 400);
      expect((await callApi(ctx(), 'PUT', `/payment/${extra}`, cookie, { status: true })).statusCode).toBe(
        200,
      );

      const due = await refundDue(cookie);
      expect(dueOf(due, onCancelled)).toBe(900);
      expect(dueOf(due, extra)).toBe(400);
      expect(await orderPaymentStatus(ctx(), cancelled.id)).toBe('pending');
      const order = await callApi(ctx(), 'GET', `/order/${covered.id}`, cookie);
      expect(order.json()).toMatchObject({ paymentStatus: 'paid', paidAmount: 800, refundedAmount: 0 });
    });

    it('computes refund due in one place: cancelled, held, beyond the total, received returns', async () => {
      const { cookie } = await admin();
      const { user, order: paid } = await customerWithOrder(ctx(), { total: 600 });
      const [first, second] = [receipt(), receipt()];
      await confirm({ transId: first, amount: 600, billRef: paid.reference });
      // Money for an order already paid is held aside.
      await confirm({ transId: second, amount: 250, billRef: paid.reference });
      const byReceipt = async (r: string) =>
        (await ctx()
          .database.db.selectFrom('payments')
          .select(['id', 'state', 'hold_reason'])
          .where('receipt', '=', r)
          .executeTakeFirstOrThrow())!;
      expect(await byReceipt(second)).toMatchObject({ state: 'held', hold_reason: 'order-not-payable' });
      let due = await refundDue(cookie);
      expect(dueOf(due, (await byReceipt(first)).id)).toBeUndefined();
      expect(dueOf(due, (await byReceipt(second)).id)).toBe(250);

      // Two payments that together pass the total: the part beyond it, from the newest.
      const split = await createTestOrder(ctx(), user.id, { total: 600 });
      const [a, b] = [receipt(), receipt()];
      await confirm({ transId: a, amount: 500, billRef: split.reference });
      await confirm({ transId: b, amount: 300, billRef: split.reference });
      due = await refundDue(cookie);
      expect(dueOf(due, (await byReceipt(a)).id)).toBeUndefined();
      expect(dueOf(due, (await byReceipt(b)).id)).toBe(200);

      // A received return owes its items' prices.
      const now = nowIso();
      await ctx()
        .database.db.insertInto('returns')
        .values({
          id: newId(),
          order_id: split.id,
          user_id: user.id,
          reason: 'Wrong shade',
          state: 'received',
          refund_amount: 150,
          note: null,
          created_at: now,
          updated_at: now,
          received_at: now,
        })
        .execute();
      due = await refundDue(cookie);
      expect(dueOf(due, (await byReceipt(b)).id)).toBe(300);
      expect(dueOf(due, (await byReceipt(a)).id)).toBe(50);

      // An admin may cancel a paid order: all of its money becomes refund due.
      const cancel = await callApi(ctx(), 'PUT', `/order/updateStatus/${paid.id}`, cookie, {
        deliveryStatus: 'cancelled',
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      due = await refundDue(cookie);
      expect(dueOf(due, (await byReceipt(first)).id)).toBe(600);
      expect(dueOf(due, (await byReceipt(second)).id)).toBe(250);
      const filtered = await callApi(ctx(), 'GET', '/payment/?filter=refund-due', cookie);
      expect(filtered.json().total).toBe(due.length);
      expect((await callApi(ctx(), 'GET', '/payment/?refundDue=maybe', cookie)).statusCode).toBe(400);
    });

    async function paidByPaybill(total: number) {
      const { user, order } = await customerWithOrder(ctx(), { total });
      const id = receipt('RF');
      await confirm({ transId: id, amount: total, billRef: order.reference });
      const [payment] = await paymentsOfOrder(ctx(), order.id);
      return { user, order, payment: payment!, receipt: id };
    }
    const refund = (cookie: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
      callApi(ctx(), 'POST', `/payment/${id}/refund`, cookie, body, headers);
    const smsOf = (orderId: string) =>
      ctx()
        .database.db.selectFrom('order_messages')
        .select(['event', 'message'])
        .where('order_id', '=', orderId)
        .where('event', '=', 'refunded')
        .execute();

    it('refunds by hand: a receipt by the one rule, never more than is left, completed at once', async () => {
      const { cookie } = await admin();
      const { order, payment } = await paidByPaybill(1000);
      const cancel = await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, cookie, {
        deliveryStatus: 'cancelled',
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      for (const [body, pattern] of [
        [{ amount: 400, method: 'manual', reason: 'Cancelled' }, /receipt of the money you sent back/],
        [{ amount: 400, method: 'manual', reason: 'Cancelled', receipt: 'ABC' }, /10 letters and digits/],
        [{ amount: 0, method: 'manual', reason: 'Cancelled', receipt: 'ABC1234567' }, /amount must be/],
        [{ amount: 1.5, method: 'manual', reason: 'Cancelled', receipt: 'ABC1234567' }, /amount must be/],
        [{ amount: 1001, method: 'manual', reason: 'Cancelled', receipt: 'ABC1234567' }, /Ksh 1000/],
        [{ amount: 100, method: 'cash', reason: 'Cancelled', receipt: 'ABC1234567' }, /method must be/],
        [{ amount: 100, method: 'manual', reason: ' ', receipt: 'ABC1234567' }, /reason/],
      ] as const) {
        const res = await refund(cookie, payment.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toMatch(pattern);
      }
      const customer = await signedInUser(ctx());
      expect(
        (
          await refund(customer.cookie, payment.id, {
            amount: 1,
            method: 'manual',
            reason: 'x',
            receipt: 'ABC1234567',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await refund(cookie, newId(), { amount: 1, method: 'manual', reason: 'x', receipt: 'ABC1234567' }))
          .statusCode,
      ).toBe(404);

      const part = await refund(cookie, payment.id, {
        amount: 400,
        method: 'manual',
        reason: 'Cancelled by the shop',
        receipt: ' abc1234567 ',
      });
      expect(part.statusCode, part.body).toBe(201);
      expect(part.json()).toMatchObject({
        refundedAmount: 400,
        refunds: [
          { amount: 400, method: 'manual', state: 'completed', receipt: 'ABC1234567', failure: null },
        ],
      });
      const due = await refundDue(cookie);
      expect(dueOf(due, payment.id)).toBe(600);
      expect((await smsOf(order.id))[0]?.message).toMatch(new RegExp(`Ksh 400.*${order.reference}`));

      const rest = await refund(cookie, payment.id, {
        amount: 600,
        method: 'manual',
        reason: 'Cancelled by the shop',
        receipt: 'ABC1234568',
      });
      expect(rest.statusCode, rest.body).toBe(201);
      expect(dueOf(await refundDue(cookie), payment.id)).toBeUndefined();
      const after = (await callApi(ctx(), 'GET', `/order/${order.id}`, cookie)).json();
      expect(after).toMatchObject({ paymentStatus: 'refunded', paidAmount: 1000, refundedAmount: 1000 });
      const more = await refund(cookie, payment.id, {
        amount: 1,
        method: 'manual',
        reason: 'again',
        receipt: 'ABC1234569',
      });
      expect(more.statusCode).toBe(409);
    });

    it('lets the order’s customer read its refunds (the order page lists them), and no other customer', async () => {
      const { cookie } = await admin();
      const customer = await customerWithOrder(ctx(), { total: 800 });
      await confirm({ transId: receipt('RC'), amount: 800, billRef: customer.order.reference });
      const [payment] = await paymentsOfOrder(ctx(), customer.order.id);
      await callApi(ctx(), 'PUT', `/order/updateStatus/${customer.order.id}`, cookie, {
        deliveryStatus: 'cancelled',
      });
      const done = await refund(cookie, payment!.id, {
        amount: 800,
        method: 'manual',
        reason: 'Cancelled by the shop',
        receipt: 'RFD1234567',
      });
      expect(done.statusCode, done.body).toBe(201);

      const own = await callApi(ctx(), 'GET', `/payment/order/${customer.order.id}`, customer.cookie);
      expect(own.statusCode, own.body).toBe(200);
      const [listed] = own.json().data as Payment[];
      expect(listed).toMatchObject({ refundedAmount: 800 });
      expect(listed!.refunds).toEqual([
        {
          _id: expect.any(String),
          amount: 800,
          method: 'manual',
          state: 'completed',
          receipt: 'RFD1234567',
          // The admin's reason is staff-only: the customer's copy keeps the field, empty.
          reason: '',
          failure: null,
          createdAt: expect.any(String),
          completedAt: expect.any(String),
        },
      ]);
      // Who sent it back stays with the shop: no admin id or idempotency key in the answer.
      expect(JSON.stringify(own.json())).not.toMatch(/admin_?id|idempotency|conversation/i);
      const order = (await callApi(ctx(), 'GET', `/order/${customer.order.id}`, customer.cookie)).json();
      expect(order).toMatchObject({ paymentStatus: 'refunded', paidAmount: 800, refundedAmount: 800 });

      const stranger = await signedInUser(ctx());
      const other = await callApi(ctx(), 'GET', `/payment/order/${customer.order.id}`, stranger.cookie);
      expect(other.statusCode).toBe(404);
    });

    it('never refunds more than the payment, even with concurrent requests', async () => {
      const { cookie } = await admin();
      const { payment } = await paidByPaybill(1000);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          refund(cookie, payment.id, {
            amount: 300,
            method: 'manual',
            reason: 'Overpaid',
            receipt: `PAR${String(i).padStart(7, '0')}`,
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(3);
      expect(codes.filter((c) => c !== 201).every((c) => c === 400 || c === 409)).toBe(true);
      const row = await ctx()
        .database.db.selectFrom('payments')
        .select('refunded_amount')
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow();
      expect(row.refunded_amount).toBe(900);
    });

    it('answers a repeated Idempotency-Key with the first refund', async () => {
      const { cookie } = await admin();
      const { payment } = await paidByPaybill(500);
      const body = { amount: 200, method: 'manual', reason: 'Goodwill', receipt: 'IDM1234567' };
      const key = { 'idempotency-key': `refund-${payment.id}` };
      const [a, b] = await Promise.all([
        refund(cookie, payment.id, body, key),
        refund(cookie, payment.id, body, key),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      const again = await refund(cookie, payment.id, body, key);
      expect(again.json().refunds).toHaveLength(1);
      expect(again.json().refundedAmount).toBe(200);
      expect((await refund(cookie, payment.id, body, { 'idempotency-key': 'bad key' })).statusCode).toBe(400);
    });

    it('reverses a whole M-Pesa payment: pending until Safaricom’s result, which counts once', async () => {
      const { cookie } = await admin();
      const { order, payment, receipt: original } = await paidByPaybill(1500);
      await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, cookie, { deliveryStatus: 'cancelled' });
      const partial = await refund(cookie, payment.id, {
        amount: 500,
        method: 'mpesa-reversal',
        reason: 'x',
      });
      expect(partial.statusCode).toBe(400);
      expect(partial.json().error).toMatch(/whole remaining payment \(Ksh 1500\)/);

      const sent = await refund(cookie, payment.id, {
        amount: 1500,
        method: 'mpesa-reversal',
        reason: 'Order cancelled',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().refunds).toEqual([
        expect.objectContaining({ amount: 1500, method: 'mpesa-reversal', state: 'pending', receipt: null }),
      ]);
      const request = peer.reversals.at(-1)!;
      expect(request.body).toMatchObject({
        Initiator: 'urembo-api',
        SecurityCredential: 'ENCRYPTED==',
        CommandID: 'TransactionReversal',
        TransactionID: original,
        Amount: '1500',
        ReceiverParty: SHORTCODE,
        RecieverIdentifierType: '11',
      });
      // Money on its way back is not due any more, and cannot be refunded twice.
      expect(dueOf(await refundDue(cookie), payment.id)).toBeUndefined();
      expect(
        (
          await refund(cookie, payment.id, {
            amount: 1,
            method: 'manual',
            reason: 'x',
            receipt: 'ABC7654321',
          })
        ).statusCode,
      ).toBe(409);

      const results = await Promise.all([
        peer.sendReversalResult(request, { ok: true }),
        peer.sendReversalResult(request, { ok: true }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const done = (await callApi(ctx(), 'GET', `/payment/order/${order.id}`, cookie)).json()
        .data[0] as Payment;
      expect(done).toMatchObject({ refundedAmount: 1500 });
      expect(done.refunds[0]).toMatchObject({ state: 'completed', receipt: expect.stringMatching(/^RV/) });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('refunded');
      expect(await smsOf(order.id)).toHaveLength(1);
      // A result for a conversation nobody asked for is ignored.
      expect(
        (await peer.sendReversalResult({ ...request, originatorConversationId: 'nobody-1' }, { ok: true }))
          .status,
      ).toBe(200);
    });

    it('fails a Reversal with Safaricom’s reason, refused or not, and retries one that got no answer', async () => {
      const { cookie } = await admin();
      const { payment } = await paidByPaybill(700);
      const body = { amount: 700, method: 'mpesa-reversal', reason: 'Overpaid' };
      await refund(cookie, payment.id, body);
      await peer.sendReversalResult(peer.reversals.at(-1)!, {
        ok: false,
        code: 'R000002',
        desc: 'The OriginalTransactionID is invalid',
      });
      let answer = (await ctx().app.services.payments.answer(payment.id)) as Payment;
      expect(answer.refunds[0]).toMatchObject({
        state: 'failed',
        failure: 'The OriginalTransactionID is invalid',
      });
      expect(answer.refundedAmount).toBe(0);

      // Daraja refuses the request itself: failed at once with its reason.
      peer.failReversalWith = {
        status: 400,
        body: { requestId: 'x', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Initiator' },
        once: true,
      };
      const refused = await refund(cookie, payment.id, body);
      expect(refused.statusCode).toBe(201);
      expect(refused.json().refunds[1]).toMatchObject({
        state: 'failed',
        failure: expect.stringMatching(/Invalid Initiator/),
      });

      // No answer (Daraja down): it stays pending and is sent again later, as after a restart.
      peer.failReversalWith = { status: 503, once: true };
      const waiting = await refund(cookie, payment.id, body);
      expect(waiting.json().refunds[2]).toMatchObject({ state: 'pending' });
      const before = peer.reversals.length;
      await ctx()
        .database.db.updateTable('refunds')
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where('payment_id', '=', payment.id)
        .where('state', '=', 'pending')
        .execute();
      expect(await ctx().app.services.refunds.resumePending()).toBe(1);
      expect(peer.reversals.length).toBe(before + 1);
      // Safaricom's queue timed out: it is sent again too.
      await peer.sendReversalResult(
        peer.reversals.at(-1)!,
        { ok: false, code: '1', desc: 'timeout' },
        'timeout',
      );
      await ctx()
        .database.db.updateTable('refunds')
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where('payment_id', '=', payment.id)
        .where('state', '=', 'pending')
        .execute();
      expect(await ctx().app.services.refunds.resumePending()).toBe(1);
      await peer.sendReversalResult(peer.reversals.at(-1)!, { ok: true });
      answer = (await ctx().app.services.payments.answer(payment.id)) as Payment;
      expect(answer.refundedAmount).toBe(700);
      expect(answer.refunds.map((r) => r.state)).toEqual(['failed', 'failed', 'completed']);
    });

    it('never lets the unpaid-order sweep cancel an order with a prompt in flight or a pending payment', async () => {
      const old = new Date(Date.now() - 50 * 3_600_000).toISOString();
      const { user, order: prompted } = await customerWithOrder(ctx(), { createdAt: old });
      const typed = await createTestOrder(ctx(), user.id, { createdAt: old });
      const idle = await createTestOrder(ctx(), user.id, { createdAt: old });
      const promptedLongAgo = await createTestOrder(ctx(), user.id, { createdAt: old });
      const stk = async (orderId: string, minutesAgo: number) => {
        const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
        await ctx()
          .database.db.insertInto('stk_requests')
          .values({
            id: newId(),
            order_id: orderId,
            user_id: user.id,
            merchant_request_id: newId(),
            checkout_request_id: newId(),
            amount: 2350,
            phone: '254712345678',
            account_reference: 'X',
            status: 'pending',
            result_code: null,
            result_desc: null,
            last_query_at: null,
            created_at: at,
            updated_at: at,
            completed_at: null,
          })
          .execute();
      };
      await stk(prompted.id, 9);
      await stk(promptedLongAgo.id, 11);
      await pendingFormPayment(ctx(), typed.id, user.id, 2350);

      const sweep = (graceMinutes?: number) =>
        ctx().app.services.orders.cancelExpiredUnpaidOrders(48, { graceMinutes });
      await sweep();
      const status = async (id: string) =>
        (
          await ctx()
            .database.db.selectFrom('orders')
            .select('delivery_status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).delivery_status;
      expect(await status(prompted.id)).toBe('pending');
      expect(await status(typed.id)).toBe('pending');
      expect(await status(idle.id)).toBe('cancelled');
      expect(await status(promptedLongAgo.id)).toBe('cancelled');
      // Once the grace is over the prompted order goes too; the pending payment still keeps its order.
      await sweep(5);
      expect(await status(prompted.id)).toBe('cancelled');
      expect(await status(typed.id)).toBe('pending');
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

describeEachDialect(
  'refunds without an M-Pesa initiator',
  (ctx) => {
    it('refuses a Reversal with a 409 that names the settings, and still takes a manual refund', async () => {
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      const { user, order } = await customerWithOrder(ctx(), { total: 300 });
      const id = await pendingFormPayment(ctx(), order.id, user.id, 300);
      await callApi(ctx(), 'PUT', `/payment/${id}`, cookie, { status: true });
      const res = await callApi(ctx(), 'POST', `/payment/${id}/refund`, cookie, {
        amount: 300,
        method: 'mpesa-reversal',
        reason: 'x',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL/);
      const manual = await callApi(ctx(), 'POST', `/payment/${id}/refund`, cookie, {
        amount: 300,
        method: 'manual',
        reason: 'x',
        receipt: 'MAN1234567',
      });
      expect(manual.statusCode, manual.body).toBe(201);
    });
  },
  { env: { MPESA_SIMULATOR: 'false' } },
);
