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
