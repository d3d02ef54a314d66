import { afterAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@urembo/contract/orders';
import { AT_API_KEY, AT_USERNAME, startAfricasTalkingPeer } from './support/accounts-factories';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { createPlace, orderBody } from './support/orders-factories';
import { orderMessageText } from '../src/modules/orders/messages';
import { sleep, until } from './support/wait';
import { describeEachDialect, testConfig } from './support/test-app';

/*
 * Order SMS through a real Africa's Talking peer on loopback: one message per order event, naming the
 * order reference, at most 320 characters, sent in the background so the order never waits for (or fails with) it.
 */

const at = await startAfricasTalkingPeer();
afterAll(() => at.close());

let phoneCounter = Math.floor(Math.random() * 900_000);
/** A fresh number per order (the peer is shared by both dialects' runs): local form and E.164. */
function freshPhone(): { local: string; e164: string } {
  phoneCounter += 1;
  const six = String(phoneCounter % 1_000_000).padStart(6, '0');
  return { local: `0713 ${six}`, e164: `+254713${six}` };
}

describeEachDialect(
  'order SMS',
  (ctx) => {
    async function placeOrder(phone: string) {
      const { user, cookie } = await signedInUser(ctx(), { full_name: 'Amina Wanjiru' });
      const place = await createPlace(ctx(), { shippingFee: 300 });
      const serum = await createProduct(ctx(), { name: 'Vitamin C Serum', price: 1800 });
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/order/${user.id}`,
        headers: { cookie },
        payload: orderBody(place, [{ _id: serum.id, count: 1 }], { phone }),
      });
      expect(res.statusCode).toBe(201);
      return { order: orderSchema.parse(res.json()), cookie };
    }

    async function updateStatus(id: string, body: Record<string, unknown>) {
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      return ctx().app.inject({
        method: 'PUT',
        url: `/api/v1/order/updateStatus/${id}`,
        headers: { cookie },
        payload: body,
      });
    }

    it('texts the customer once per event, naming the reference, in at most 320 characters', async () => {
      at.peer.mode = 'ok';
      const phone = freshPhone();
      const { order } = await placeOrder(phone.local);
      expect(order.reference).toMatch(/^[A-Z0-9]{4,12}$/);
      const to = phone.e164;
      const placed = await until(
        () => at.to(to),
        (l) => l.length >= 1,
      );
      expect(placed).toHaveLength(1);
      expect(placed[0]!.message).toContain(order.reference);
      expect(placed[0]!.message).toMatch(/Ksh\s?2,100/);
      expect(placed[0]!.message).toMatch(
        new RegExp(
          `Pay Bill, business no\\. ${ctx().config.mpesa.c2b!.shortcode}, account ${order.reference}`,
        ),
      );

      expect((await updateStatus(order._id, { paymentStatus: 'paid', reason: 'Cash' })).statusCode).toBe(200);
      expect((await updateStatus(order._id, { deliveryStatus: 'in-transit' })).statusCode).toBe(200);
      expect((await updateStatus(order._id, { deliveryStatus: 'delivered' })).statusCode).toBe(200);
      // Undo and redo "delivered": the customer already heard about it.
      expect((await updateStatus(order._id, { deliveryStatus: 'in-transit' })).statusCode).toBe(200);
      expect((await updateStatus(order._id, { deliveryStatus: 'delivered' })).statusCode).toBe(200);
      const all = await until(
        () => at.to(to),
        (l) => l.length >= 4,
      );
      await sleep(150);
      const texts = at.to(to).map((s) => s.message);
      expect(texts).toHaveLength(4);
      expect(all.every((s) => s.message.length <= 320 && s.message.includes(order.reference))).toBe(true);
      expect(texts[1]).toMatch(/payment received/);
      expect(texts[2]).toMatch(/on its way/);
      expect(texts[3]).toMatch(/delivered/);
    });

    it('texts a cancellation; a gateway failure never fails the order and is visible to the admin', async () => {
      at.peer.mode = 'server-error';
      const phone = freshPhone();
      const { order, cookie } = await placeOrder(phone.local);
      const { cookie: adminCookie } = await signedInUser(ctx(), { role: 'admin' });
      const messages = () =>
        ctx()
          .app.inject({ url: `/api/v1/order/${order._id}/messages`, headers: { cookie: adminCookie } })
          .then(
            (r) =>
              r.json().data as {
                event: string;
                status: string;
                lastError: string | null;
                attempts: number;
              }[],
          );
      const failing = await until(messages, (m) => m[0]?.lastError !== null && m[0]?.lastError !== undefined);
      expect(failing).toEqual([
        expect.objectContaining({
          event: 'placed',
          status: 'queued',
          attempts: 1,
          lastError: expect.stringMatching(/HTTP 500/),
        }),
      ]);

      at.peer.mode = 'ok';
      const cancelled = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/order/${order._id}/cancel`,
        headers: { cookie },
      });
      expect(cancelled.statusCode).toBe(200);
      const sent = await until(
        () => at.to(phone.e164),
        (l) => l.length >= 1,
      );
      expect(sent.map((s) => s.message)).toEqual([
        expect.stringMatching(new RegExp(`${order.reference} has been cancelled`)),
      ]);

      // A refusal that will not change (an invalid number) is given up at once and shown as failed.
      at.peer.mode = 'invalid-number';
      const second = await placeOrder(freshPhone().local);
      const failed = await until(
        () =>
          ctx()
            .app.inject({
              url: `/api/v1/order/${second.order._id}/messages`,
              headers: { cookie: adminCookie },
            })
            .then((r) => r.json().data as { status: string }[]),
        (m) => m[0]?.status === 'failed',
      );
      expect(failed).toEqual([
        expect.objectContaining({ status: 'failed', lastError: expect.stringMatching(/InvalidPhoneNumber/) }),
      ]);
      at.peer.mode = 'ok';
    });
  },
  { env: { AT_USERNAME, AT_API_KEY, AT_BASE_URL: at.url, MESSAGE_POLL_MS: '50' } },
);

describe('the "placed" text', () => {
  const config = testConfig('/tmp/urembo-sms-text', { MPESA_PAYBILL: '111222' });
  const order = { reference: 'K7HX9QC', name: 'Amina Wanjiru', total_amount: 2335 };

  it('names each line with its shade or size, and the discount', () => {
    const text = orderMessageText(
      config,
      {
        ...order,
        discount_code: 'RAHA15',
        discount_amount: 165,
        items: [
          { name: 'Velvet Lipstick', count: 2, variant_options: '{"Shade":"Rose"}' },
          { name: 'Shea Cream', count: 1, variant_options: '{"Size":"50 ml"}' },
          { name: 'Black Soap', count: 1, variant_options: null },
        ],
      },
      'placed',
    );
    expect(text).toMatch(
      /^Hi Amina, Urembo order K7HX9QC is placed: Velvet Lipstick \(Shade: Rose\) x2, Shea Cream \(Size: 50 ml\) x1, Black Soap x1\. Discount RAHA15 -Ksh\s?165\. Total Ksh\s?2,335\. Pay with M-Pesa/,
    );
    expect(text.length).toBeLessThanOrEqual(320);
  });

  it('keeps to 320 characters with many lines, saying how many more there are', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({
      name: `Matte Lipstick Long Name Number ${i + 1}`,
      count: 1,
      variant_options: '{"Shade":"Mocha Brown","Finish":"Matte"}',
    }));
    const text = orderMessageText(config, { ...order, items }, 'placed');
    expect(text.length).toBeLessThanOrEqual(320);
    expect(text).toMatch(/ and \d+ more\. Total Ksh\s?2,335\. Pay with M-Pesa: .*account/);
    expect(text.endsWith('…')).toBe(false);
  });
});
