import { beforeAll, expect, it } from 'vitest';
import { SANDBOX_PASSKEY } from '../src/config';
import { darajaPassword, darajaTimestamp } from '../src/modules/payments/daraja-client';
import { pullTime } from '../src/modules/payments/pull-sweep';
import { signedInUser } from './support/auth';
import { createTestOrder } from './support/orders-factories';
import {
  backdateStkRequest,
  customerWithOrder,
  orderPaymentStatus,
  paymentsOfOrder,
  stkRequestsOfOrder,
} from './support/payments-factories';
import { freePort } from './support/ports';
import { describeEachDialect, type TestContext } from './support/test-app';

const appPort = await freePort();

describeEachDialect(
  'the built-in Daraja simulator and its test phone (demo, no credentials)',
  (ctx) => {
    beforeAll(async () => {
      await ctx().app.listen({ port: appPort, host: '127.0.0.1' });
    });

    async function pushed(total = 2350) {
      const { cookie, order } = await customerWithOrder(ctx(), { total });
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/m-pesa/stk/${order.id}`,
        headers: { cookie },
        payload: { phone: '0712345678' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const [request] = await stkRequestsOfOrder(ctx(), order.id);
      return { cookie, order, request: request!, id: (res.json() as { _id: string })._id };
    }

    function answerPrompt(cookie: string | null, checkoutRequestId: string, action: string, form = '') {
      return ctx().app.inject({
        method: 'POST',
        url: `/dev/phone/${encodeURIComponent(checkoutRequestId)}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        payload: form,
      });
    }

    const phonePage = (cookie: string | null, url = '/dev/phone') =>
      ctx().app.inject({ url, headers: cookie ? { cookie } : {} });

    async function resolve(cookie: string, id: string) {
      return (
        await ctx().app.inject({ url: `/api/v1/m-pesa/resolveTransaction/${id}`, headers: { cookie } })
      ).json();
    }

    it('shows the prompt on /dev/phone; accepting with a PIN pays the order', async () => {
      const { cookie, order, request, id } = await pushed(2350);
      const page = await phonePage(cookie);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).not.toContain('<script');
      expect(page.body).toContain('Ksh 2,350');
      expect(page.body).toContain(request.account_reference);
      expect(page.body).toContain('0712 345 678');

      const accepted = await answerPrompt(cookie, request.checkout_request_id, 'accept', 'pin=1234');
      expect(accepted.statusCode).toBe(303);
      expect(accepted.headers.location).toBe(
        `/dev/phone?done=${encodeURIComponent(request.checkout_request_id)}`,
      );

      expect(await resolve(cookie, id)).toMatchObject({ status: 'paid', message: 'Paid' });
      const [payment] = await paymentsOfOrder(ctx(), order.id);
      expect(payment).toMatchObject({ source: 'mpesa-stk', amount: 2350, status: 1, phone: '254712345678' });
      expect(payment!.receipt).toMatch(/^SIM[A-Z0-9]{7}$/);
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');

      const done = await phonePage(cookie, accepted.headers.location as string);
      expect(done.body).toContain(`M-Pesa receipt ${payment!.receipt}`);
      expect(done.body).toContain('The shop has been told.');
    });

    it('shows and answers a prompt only for the customer whose order it is', async () => {
      const { cookie, order, request, id } = await pushed(4100);
      // A visitor is asked to sign in and sees no prompt.
      const visitor = await phonePage(null);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).toContain('Sign in to the shop to see the M-Pesa prompts sent for your orders');
      expect(visitor.body).not.toContain('Ksh 4,100');
      expect(visitor.body).not.toContain(request.account_reference);
      // Another signed-in customer neither sees nor answers it.
      const stranger = await signedInUser(ctx());
      const theirs = await phonePage(stranger.cookie);
      expect(theirs.body).toContain('No prompts waiting for your orders');
      expect(theirs.body).not.toContain(request.account_reference);
      for (const who of [null, stranger.cookie]) {
        const answer = await answerPrompt(who, request.checkout_request_id, 'accept', 'pin=1234');
        expect(answer.statusCode).toBe(404);
        expect(answer.body).not.toContain('Ksh 4,100');
      }
      const peek = await phonePage(
        stranger.cookie,
        `/dev/phone?done=${encodeURIComponent(request.checkout_request_id)}`,
      );
      expect(peek.body).not.toContain('Ksh 4,100');
      expect((await resolve(cookie, id)).status).toBe('pending');
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
      // The owner sees it and can answer it.
      expect((await phonePage(cookie)).body).toContain('Ksh 4,100');
      expect((await answerPrompt(cookie, request.checkout_request_id, 'cancel')).statusCode).toBe(303);
      expect((await resolve(cookie, id)).status).toBe('cancelled');
    });

    it('asks for a 4-digit PIN and lets the customer cancel instead', async () => {
      const { cookie, order, request, id } = await pushed();
      const noPin = await answerPrompt(cookie, request.checkout_request_id, 'accept', 'pin=12a4');
      expect(noPin.statusCode).toBe(400);
      expect(noPin.body).toContain('Enter a 4-digit M-PESA PIN');
      expect((await resolve(cookie, id)).status).toBe('pending');

      expect((await answerPrompt(cookie, request.checkout_request_id, 'cancel')).statusCode).toBe(303);
      expect(await resolve(cookie, id)).toMatchObject({
        status: 'cancelled',
        message: 'You cancelled the M-Pesa prompt.',
      });
      expect(await paymentsOfOrder(ctx(), order.id)).toEqual([]);
      // Answering twice changes nothing.
      expect((await answerPrompt(cookie, request.checkout_request_id, 'accept', 'pin=1234')).statusCode).toBe(
        303,
      );
      expect((await resolve(cookie, id)).status).toBe('cancelled');
    });

    it('answers STK queries like Daraja: still processing, then the result', async () => {
      const { cookie, request, id } = await pushed();
      await backdateStkRequest(ctx(), id, 25_000);
      expect((await resolve(cookie, id)).status).toBe('pending');
      const queried = await ctx()
        .database.db.selectFrom('stk_requests')
        .select('last_query_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(queried.last_query_at).not.toBeNull();
      expect((await answerPrompt(cookie, request.checkout_request_id, 'timeout')).statusCode).toBe(303);
      expect(await resolve(cookie, id)).toMatchObject({
        status: 'failed',
        message: expect.stringMatching(/could not be reached/),
      });
    });

    it('validates requests like Daraja', async () => {
      const bad = await ctx().app.inject({
        url: '/mpesa-sim/oauth/v1/generate?grant_type=client_credentials',
        headers: { authorization: `Basic ${Buffer.from('who:me').toString('base64')}` },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ errorCode: '400.008.02' });

      const { config } = ctx();
      const basic = Buffer.from(`${config.mpesa.consumerKey}:${config.mpesa.consumerSecret}`).toString(
        'base64',
      );
      const oauth = await ctx().app.inject({
        url: '/mpesa-sim/oauth/v1/generate?grant_type=client_credentials',
        headers: { authorization: `Basic ${basic}` },
      });
      expect(oauth.statusCode).toBe(200);
      const { access_token: token, expires_in: expiresIn } = oauth.json();
      expect(expiresIn).toBe('3599');

      const timestamp = darajaTimestamp(new Date());
      const valid = {
        BusinessShortCode: '174379',
        Password: darajaPassword('174379', SANDBOX_PASSKEY, timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: 10,
        PartyA: '254712345678',
        PartyB: '174379',
        PhoneNumber: '254712345678',
        CallBackURL: config.mpesa.callbackUrl,
        AccountReference: 'URTEST',
        TransactionDesc: 'Urembo order',
      };
      const stk = (body: Record<string, unknown>, auth = `Bearer ${token}`) =>
        ctx().app.inject({
          method: 'POST',
          url: '/mpesa-sim/mpesa/stkpush/v1/processrequest',
          headers: { authorization: auth },
          payload: body,
        });
      expect((await stk(valid, 'Bearer nope')).json()).toMatchObject({ errorCode: '404.001.03' });
      const cases: [Record<string, unknown>, string][] = [
        [{ Amount: 10.5 }, 'Bad Request - Invalid Amount'],
        [{ Amount: 0 }, 'Bad Request - Invalid Amount'],
        [{ AccountReference: 'THIRTEENCHARS' }, 'Bad Request - Invalid AccountReference'],
        [{ TransactionDesc: 'Order #1' }, 'Bad Request - Invalid TransactionDesc'],
        [{ PartyA: '+254712345678' }, 'Bad Request - Invalid PartyA'],
        [{ Timestamp: '2025-01-01 10:00' }, 'Bad Request - Invalid Timestamp'],
        [{ CallBackURL: 'not a url' }, 'Bad Request - Invalid CallBackURL'],
        // Never a callback to an address a caller chose (the simulator would POST there).
        [{ CallBackURL: 'http://127.0.0.1:9/cb' }, 'Bad Request - Invalid CallBackURL'],
        [{ CallBackURL: `${config.mpesa.callbackUrl}x` }, 'Bad Request - Invalid CallBackURL'],
      ];
      for (const [change, message] of cases) {
        const res = await stk({ ...valid, ...change });
        expect(res.statusCode, message).toBe(400);
        expect(res.json()).toMatchObject({ errorCode: '400.002.02', errorMessage: message });
      }
      const wrongPassword = await stk({ ...valid, Password: darajaPassword('174379', 'wrong', timestamp) });
      expect(wrongPassword.statusCode).toBe(500);
      expect(wrongPassword.json()).toMatchObject({ errorCode: '500.001.1001' });

      const ok = await stk(valid);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        ResponseCode: '0',
        CheckoutRequestID: expect.stringMatching(/^ws_CO_\d{14}/),
      });
      const query = await ctx().app.inject({
        method: 'POST',
        url: '/mpesa-sim/mpesa/stkpushquery/v1/query',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          BusinessShortCode: '174379',
          Password: valid.Password,
          Timestamp: timestamp,
          CheckoutRequestID: ok.json().CheckoutRequestID,
        },
      });
      expect(query.statusCode).toBe(500);
      expect(query.json()).toMatchObject({
        errorCode: '500.001.1001',
        errorMessage: 'The transaction is being processed',
      });
    });

    async function waitForRegistration() {
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      for (let i = 0; i < 150; i += 1) {
        const state = (
          await ctx().app.inject({ url: '/api/v1/payment/c2b/registration', headers: { cookie } })
        ).json() as { ok: boolean | null };
        if (state.ok) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the shop never registered its paybill URLs with the simulator');
    }

    function payBill(form: Record<string, string>) {
      return ctx().app.inject({
        method: 'POST',
        url: '/dev/phone/paybill',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    }

    it('pays from the test phone’s Pay Bill screen: the confirmation settles the order', async () => {
      await waitForRegistration();
      const { user } = await signedInUser(ctx());
      const order = await createTestOrder(ctx(), user.id, { total: 1200 });
      const screen = await ctx().app.inject({
        url: `/dev/phone/paybill?account=${order.reference}&amount=1200`,
      });
      expect(screen.statusCode).toBe(200);
      expect(screen.body).toContain('value="174379"');
      expect(screen.body).not.toContain('<script');

      const bad = await payBill({ business: '174379', account: order.reference, amount: '1200', pin: '12' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter a 4-digit M-PESA PIN');
      const other = await payBill({
        business: '999999',
        account: order.reference,
        amount: '1200',
        pin: '1234',
      });
      expect(other.statusCode).toBe(400);

      const paid = await payBill({
        business: '174379',
        account: order.reference.toLowerCase(),
        amount: '1200',
        pin: '1234',
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.body).toContain('The shop has been told.');
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      const [payment] = await paymentsOfOrder(ctx(), order.id);
      expect(payment).toMatchObject({ source: 'mpesa-c2b', amount: 1200, status: 1, phone: '254708374149' });
      expect(payment!.receipt).toMatch(/^SIM[A-Z0-9]{7}$/);
    });

    it('answers Pull Transactions from its paybill payments: a lost confirmation is recovered by a sweep', async () => {
      await waitForRegistration();
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      const sweep = async () => {
        const res = await ctx().app.inject({
          method: 'POST',
          url: '/api/v1/payment/pull',
          headers: { cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      // Registered at start-up, alongside the paybill URLs (the start-up sweep may still be running).
      for (let i = 0; i < 150; i += 1) {
        const state = (await ctx().app.inject({ url: '/api/v1/payment/pull', headers: { cookie } })).json();
        if (state.registration.ok && state.lastSweepAt) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const { user } = await signedInUser(ctx());
      const lost = await createTestOrder(ctx(), user.id, { total: 640 });
      const told = await createTestOrder(ctx(), user.id, { total: 380 });
      const paid = await payBill({
        business: '174379',
        account: lost.reference,
        amount: '640',
        pin: '1234',
        lose: '1',
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.body).toContain('Its confirmation was lost');
      expect(await orderPaymentStatus(ctx(), lost.id)).toBe('pending');
      await payBill({ business: '174379', account: told.reference, amount: '380', pin: '1234' });
      expect(await orderPaymentStatus(ctx(), told.id)).toBe('paid');

      const answer = await sweep();
      expect(answer).toMatchObject({ configured: true, ok: true, recovered: 1 });
      expect(await orderPaymentStatus(ctx(), lost.id)).toBe('paid');
      const [recovered] = await paymentsOfOrder(ctx(), lost.id);
      expect(recovered).toMatchObject({ source: 'mpesa-c2b', amount: 640, status: 1 });
      expect(await paymentsOfOrder(ctx(), told.id)).toHaveLength(1);
      expect((await sweep()).recovered).toBe(0);
    });

    it('refuses Pull requests that break Daraja’s rules', async () => {
      const { config } = ctx();
      const basic = Buffer.from(`${config.mpesa.consumerKey}:${config.mpesa.consumerSecret}`).toString(
        'base64',
      );
      const token = (
        await ctx().app.inject({
          url: '/mpesa-sim/oauth/v1/generate?grant_type=client_credentials',
          headers: { authorization: `Basic ${basic}` },
        })
      ).json().access_token as string;
      const post = (path: string, payload: Record<string, unknown>, bearer = token) =>
        ctx().app.inject({
          method: 'POST',
          url: `/mpesa-sim/pulltransactions/v1/${path}`,
          headers: { authorization: `Bearer ${bearer}` },
          payload,
        });
      const register = {
        ShortCode: '174379',
        RequestType: 'Pull',
        NominatedNumber: '0722000000',
        CallBackURL: config.mpesa.c2b!.confirmationUrl,
      };
      expect((await post('register', register)).json()).toMatchObject({ ResponseStatus: '1000' });
      for (const [change, field] of [
        [{ RequestType: 'Push' }, 'RequestType'],
        [{ NominatedNumber: '254722000000' }, 'NominatedNumber'],
        [{ CallBackURL: 'https://elsewhere.example/cb' }, 'CallBackURL'],
      ] as const) {
        const res = await post('register', { ...register, ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ errorMessage: `Bad Request - Invalid ${field}` });
      }
      const now = Date.now();
      const query = {
        ShortCode: '174379',
        StartDate: pullTime(now - 3_600_000),
        EndDate: pullTime(now),
        OffSetValue: '0',
      };
      expect((await post('query', query)).json()).toMatchObject({ ResponseCode: '1000' });
      expect((await post('query', query, 'nope')).statusCode).toBe(404);
      for (const [change, field] of [
        [{ ShortCode: '600000' }, 'ShortCode'],
        [{ StartDate: '2026-11-25T08:00:00' }, 'StartDate'],
        [{ StartDate: pullTime(now - 72 * 3_600_000) }, 'StartDate'],
        [{ EndDate: pullTime(now - 2 * 3_600_000) }, 'EndDate'],
        [{ OffSetValue: 'ten' }, 'OffSetValue'],
      ] as const) {
        const res = await post('query', { ...query, ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ errorMessage: `Bad Request - Invalid ${field}` });
      }
    });

    it('answers Reversal: a cancelled paid order is refunded to the customer', async () => {
      await waitForRegistration();
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      const { user } = await signedInUser(ctx());
      const order = await createTestOrder(ctx(), user.id, { total: 800 });
      await payBill({ business: '174379', account: order.reference, amount: '800', pin: '1234' });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');
      const cancel = await ctx().app.inject({
        method: 'PUT',
        url: `/api/v1/order/updateStatus/${order.id}`,
        headers: { cookie },
        payload: { deliveryStatus: 'cancelled' },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const [payment] = await paymentsOfOrder(ctx(), order.id);
      const sent = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/payment/${payment!.id}/refund`,
        headers: { cookie },
        payload: { amount: 800, method: 'mpesa-reversal', reason: 'Order cancelled' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().refunds[0]).toMatchObject({ state: 'pending' });
      for (let i = 0; i < 200 && (await orderPaymentStatus(ctx(), order.id)) !== 'refunded'; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('refunded');
      const [after] = await paymentsOfOrder(ctx(), order.id);
      expect(after).toMatchObject({ refunded_amount: 800 });
    });

    it('answers Transaction Status about its own receipts, asynchronously, to the shop only', async () => {
      await waitForRegistration();
      // A payment to an unknown account: unmatched until the customer types its receipt.
      await payBill({ business: '174379', account: 'NOT-AN-ORDER', amount: '500', pin: '1234' });
      const { user, cookie } = await signedInUser(ctx());
      const order = await createTestOrder(ctx(), user.id, { total: 500 });
      const unmatched = await ctx()
        .database.db.selectFrom('payments')
        .selectAll()
        .where('account', '=', 'NOT-AN-ORDER')
        .executeTakeFirstOrThrow();
      expect(unmatched.order_id).toBeNull();

      // A receipt the simulator knows but the shop stored nowhere (an accepted prompt's), typed on another order:
      const { request, cookie: pusher } = await pushed(300);
      await answerPrompt(pusher, request.checkout_request_id, 'accept', 'pin=1234');
      const stkReceipt = (await paymentsOfOrder(ctx(), request.order_id))[0]!.receipt!;
      expect(stkReceipt).toMatch(/^SIM/);
      // ...is refused (already used), while an unknown receipt is checked and found unknown.
      const form = (receipt: string) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/v1/payment/',
          headers: { cookie },
          payload: { ID: 'user-mpesa-form', fullName: 'A', amount: 500, order: order.id, receipt },
        });
      expect((await form(stkReceipt)).statusCode).toBe(409);
      const unknown = await form('ZZZ9999999');
      expect(unknown.json()).toMatchObject({ status: false, verification: 'checking' });
      for (let i = 0; i < 100; i += 1) {
        const row = await ctx()
          .database.db.selectFrom('payments')
          .select('verification')
          .where('receipt', '=', 'ZZZ9999999')
          .executeTakeFirstOrThrow();
        if (row.verification !== 'checking') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(
        await ctx()
          .database.db.selectFrom('payments')
          .select('verification')
          .where('receipt', '=', 'ZZZ9999999')
          .executeTakeFirstOrThrow(),
      ).toEqual({ verification: 'unknown' });

      // The unmatched paybill receipt typed in: assigned at once, the order is paid.
      const matched = await form(unmatched.receipt!.toLowerCase());
      expect(matched.json()).toMatchObject({ ID: 'mpesa-c2b', order: order.id, status: true });
      expect(await orderPaymentStatus(ctx(), order.id)).toBe('paid');

      // The simulator calls only the shop: a ResultURL elsewhere is refused.
      const token = (
        await ctx().app.inject({
          url: '/mpesa-sim/oauth/v1/generate?grant_type=client_credentials',
          headers: {
            authorization: `Basic ${Buffer.from('urembo-simulator-key:urembo-simulator-secret').toString('base64')}`,
          },
        })
      ).json().access_token as string;
      const elsewhere = await ctx().app.inject({
        method: 'POST',
        url: '/mpesa-sim/mpesa/transactionstatus/v1/query',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          Initiator: 'x',
          SecurityCredential: 'y',
          CommandID: 'TransactionStatusQuery',
          TransactionID: stkReceipt,
          PartyA: '174379',
          IdentifierType: '4',
          ResultURL: 'http://169.254.169.254/latest',
          QueueTimeOutURL: 'http://169.254.169.254/latest',
          Remarks: 'r',
          Occasion: 'o',
        },
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toMatchObject({ errorMessage: 'Bad Request - Invalid ResultURL' });
    });

    it('says so in the payment instructions', async () => {
      expect((await ctx().app.inject({ url: '/api/v1/config/public' })).json().mpesa).toMatchObject({
        stkPush: true,
        simulator: true,
      });
    });
  },
  { env: { PUBLIC_URL: `http://127.0.0.1:${appPort}` } },
);

describeEachDialect(
  'the simulator is never mounted when Daraja credentials are set',
  (ctx) => {
    it('has no /dev/phone and no /mpesa-sim', async () => {
      expect((await ctx().app.inject({ url: '/dev/phone' })).statusCode).toBe(404);
      expect(
        (await ctx().app.inject({ url: '/mpesa-sim/oauth/v1/generate?grant_type=client_credentials' }))
          .statusCode,
      ).toBe(404);
      expect((await ctx().app.inject({ method: 'POST', url: '/dev/phone/x/accept' })).statusCode).toBe(404);
      expect((await ctx().app.inject({ url: '/api/v1/config/public' })).json().mpesa).toMatchObject({
        stkPush: true,
        simulator: false,
      });
    });
  },
  {
    env: {
      MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: SANDBOX_PASSKEY,
    },
  },
);

describeEachDialect(
  'the simulator is never mounted in production',
  (ctx) => {
    it('has no /dev/phone, and STK push says it is unavailable while the paybill still works', async () => {
      expect((await ctx().app.inject({ url: '/dev/phone' })).statusCode).toBe(404);
      expect(
        (await ctx().app.inject({ url: '/mpesa-sim/oauth/v1/generate?grant_type=client_credentials' }))
          .statusCode,
      ).toBe(404);
      expect((await ctx().app.inject({ url: '/api/v1/config/public' })).json().mpesa).toMatchObject({
        paybill: '542542',
        stkPush: false,
        simulator: false,
      });
      const { user, cookie } = await signedInUser(ctx());
      const order = await createTestOrder(ctx(), user.id);
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/m-pesa/stk/${order.id}`,
        headers: { cookie },
        payload: { phone: '0712345678' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/^M-Pesa prompts are not available on this shop right now/);
      expect(await stkRequestsOfOrder(ctx(), order.id)).toEqual([]);
    });
  },
  { env: { NODE_ENV: 'production' } },
);

/** Every simulator address a visitor could use to "pay" without money. */
async function simulatorAnswers(app: TestContext['app']): Promise<{ status: number; body: string }[]> {
  const calls = [
    { url: '/dev/phone' },
    { url: '/dev/phone/paybill?account=ORD-1&amount=100' },
    { method: 'POST' as const, url: '/dev/phone/paybill', payload: {} },
    { method: 'POST' as const, url: '/mpesa-sim/mpesa/stkpush/v1/processrequest', payload: {} },
    { url: '/mpesa-sim/oauth/v1/generate?grant_type=client_credentials' },
    { method: 'POST' as const, url: '/mpesa-sim/mpesa/c2b/v1/registerurl', payload: {} },
  ];
  return Promise.all(
    calls.map(async (call) => {
      const res = await app.inject(call);
      return { status: res.statusCode, body: res.body };
    }),
  );
}

describeEachDialect(
  'the simulator fails closed on a public address',
  (ctx) => {
    it('answers 404 on /dev/phone and /mpesa-sim, and STK push is unavailable', async () => {
      for (const answer of await simulatorAnswers(ctx().app)) {
        expect(answer.status).toBe(404);
        // The shop's own "not found", not a simulator's Daraja-like refusal.
        expect(answer.body).not.toContain('errorCode');
      }
      expect((await ctx().app.inject({ url: '/api/v1/config/public' })).json().mpesa).toMatchObject({
        stkPush: false,
        simulator: false,
      });
    });
  },
  { env: { NODE_ENV: 'development', PUBLIC_URL: 'https://urembo.example.co.ke' } },
);

describeEachDialect(
  'the simulator on a public address with MPESA_SIMULATOR=true (a demo)',
  (ctx) => {
    it('is served', async () => {
      const answers = await simulatorAnswers(ctx().app);
      expect(answers.slice(0, 2).map((a) => a.status)).toEqual([200, 200]);
      // The Daraja side answers unauthenticated calls as Daraja does.
      for (const answer of answers.slice(4)) expect(answer.body).toContain('errorCode');
      expect((await ctx().app.inject({ url: '/api/v1/config/public' })).json().mpesa).toMatchObject({
        stkPush: true,
        simulator: true,
      });
    });
  },
  {
    env: { NODE_ENV: 'development', PUBLIC_URL: 'https://demo.example.co.ke', MPESA_SIMULATOR: 'true' },
  },
);
