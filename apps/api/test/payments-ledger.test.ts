import { afterAll, expect, it } from 'vitest';
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
