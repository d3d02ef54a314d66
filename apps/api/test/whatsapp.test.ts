import { createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@urembo/contract/orders';
import { ConfigError } from '../src/config';
import { ORDER_TEMPLATES } from '../src/modules/orders/whatsapp-templates';
import { AT_API_KEY, AT_USERNAME, startAfricasTalkingPeer } from './support/accounts-factories';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { createPlace, orderBody } from './support/orders-factories';
import { sleep, until } from './support/wait';
import { describeEachDialect, testConfig } from './support/test-app';

/*
 * Order updates on WhatsApp through a stand-in of Meta's Cloud API on loopback, which checks each request's shape
 * and token; SMS through the Africa's Talking peer: the fallback when WhatsApp refuses a message or reports it failed.
 */

const TOKEN = 'wa-test-token';
const PHONE_NUMBER_ID = '106540352242922';
const APP_SECRET = 'wa-app-secret';
const VERIFY_TOKEN = 'wa-verify-me';

interface ReceivedWhatsApp {
  to: string;
  template: string;
  language: string;
  parameters: string[];
  id: string;
}

/** Meta's Cloud API as far as the shop uses it: POST /{phone-number-id}/messages with a template message. */
async function startCloudApiPeer() {
  const received: ReceivedWhatsApp[] = [];
  const peer = { mode: 'ok' as 'ok' | 'refuse' | 'down' };
  let next = 0;
  const problems: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const shapeError = (why: string) => {
        problems.push(why);
        reply(400, { error: { message: `(#100) ${why}`, type: 'OAuthException', code: 100 } });
      };
      if (req.method !== 'POST' || req.url !== `/${PHONE_NUMBER_ID}/messages`)
        return shapeError(`${req.url}`);
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return shapeError('bad token');
      if (!String(req.headers['content-type']).startsWith('application/json')) return shapeError('not JSON');
      const body = JSON.parse(raw) as {
        messaging_product?: string;
        type?: string;
        to?: string;
        template?: {
          name?: unknown;
          language?: { code?: string };
          components?: { type?: string; parameters?: unknown }[];
        };
      };
      if (body.messaging_product !== 'whatsapp' || body.type !== 'template')
        return shapeError('not a template');
      if (!/^254[17]\d{8}$/.test(body.to ?? '')) return shapeError(`to ${body.to}`);
      const template = body.template;
      const language = template?.language?.code ?? '';
      if (typeof template?.name !== 'string' || !['en', 'sw'].includes(language)) {
        return shapeError('template name or language');
      }
      const components = template.components;
      if (!Array.isArray(components) || components.length !== 1 || components[0]!.type !== 'body') {
        return shapeError('components');
      }
      const parameters = components[0]!.parameters as { type: string; text: string }[];
      if (
        !Array.isArray(parameters) ||
        !parameters.every((p) => p.type === 'text' && typeof p.text === 'string' && p.text.length > 0)
      ) {
        return shapeError('parameters');
      }
      if (peer.mode === 'down') return reply(503, { error: { message: 'Service temporarily unavailable' } });
      if (peer.mode === 'refuse') {
        return reply(400, {
          error: {
            message: '(#131026) Message undeliverable',
            code: 131026,
            error_data: { details: 'The recipient is not a WhatsApp user' },
          },
        });
      }
      next += 1;
      const id = `wamid.TEST${next}`;
      received.push({
        to: body.to!,
        template: template.name,
        language,
        parameters: parameters.map((p) => p.text),
        id,
      });
      reply(200, { messaging_product: 'whatsapp', contacts: [{ wa_id: body.to }], messages: [{ id }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    peer,
    problems,
    to: (phone: string) => received.filter((m) => m.to === phone),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const at = await startAfricasTalkingPeer();
const meta = await startCloudApiPeer();
afterAll(async () => {
  await at.close();
  await meta.close();
});

let phoneCounter = Math.floor(Math.random() * 900_000);
function freshPhone(): { local: string; e164: string; canonical: string } {
  phoneCounter += 1;
  const six = String(phoneCounter % 1_000_000).padStart(6, '0');
  return { local: `0714 ${six}`, e164: `+254714${six}`, canonical: `254714${six}` };
}

const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const statusBody = (id: string, status: string) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: PHONE_NUMBER_ID },
              statuses: [
                {
                  id,
                  status,
                  timestamp: '1750000000',
                  recipient_id: '254714000000',
                  ...(status === 'failed'
                    ? { errors: [{ code: 131026, title: 'Message undeliverable' }] }
                    : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });

describeEachDialect(
  'order updates on WhatsApp',
  (ctx) => {
    async function placeOrder(phone: string, extra: Record<string, unknown> = { whatsapp: true }) {
      const { user, cookie } = await signedInUser(ctx(), { full_name: 'Amina Wanjiru' });
      const place = await createPlace(ctx(), { shippingFee: 300 });
      const serum = await createProduct(ctx(), { name: 'Vitamin C Serum', price: 1800 });
      return ctx().app.inject({
        method: 'POST',
        url: `/api/v1/order/${user.id}`,
        headers: { cookie },
        payload: orderBody(place, [{ _id: serum.id, count: 1 }], { phone, ...extra }),
      });
    }

    async function messagesOf(orderId: string) {
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      const res = await ctx().app.inject({ url: `/api/v1/order/${orderId}/messages`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().data as { event: string; channel: string; status: string; message: string | null }[];
    }

    it('the checkout offers it, and an order that asks gets its updates as template messages', async () => {
      meta.peer.mode = 'ok';
      const config = (await ctx().app.inject({ url: '/api/v1/config/public' })).json();
      expect(config.whatsappUpdates).toBe(true);
      expect(config.shop.whatsapp).toBe('254711222333');
      const phone = freshPhone();
      const res = await placeOrder(phone.local);
      expect(res.statusCode).toBe(201);
      const order = orderSchema.parse(res.json());
      expect(order.whatsapp).toBe(true);
      const sent = await until(
        () => meta.to(phone.canonical),
        (l) => l.length >= 1,
      );
      expect(sent).toEqual([
        {
          to: phone.canonical,
          template: 'urembo_order_placed',
          language: 'en',
          parameters: [
            'Amina',
            order.reference,
            'Ksh 2,100',
            ctx().config.mpesa.c2b!.shortcode,
            order.reference,
          ],
          id: expect.stringMatching(/^wamid\./),
        },
      ]);
      const [placed] = await until(
        () => messagesOf(order._id),
        (l) => l[0]?.status === 'sent',
      );
      expect(placed).toMatchObject({ event: 'placed', channel: 'whatsapp', status: 'sent' });
      expect(placed!.message).toContain(`your Urembo order ${order.reference} is placed. Total Ksh 2,100.`);
      expect(at.to(phone.e164)).toHaveLength(0);
      expect(meta.problems).toEqual([]);
    });

    it("goes out in the customer's language", async () => {
      meta.peer.mode = 'ok';
      const { user, cookie } = await signedInUser(ctx(), { full_name: 'Amina Wanjiru' });
      const lang = await ctx().app.inject({
        method: 'PUT',
        url: '/api/v1/user/me',
        headers: { cookie },
        payload: { language: 'sw' },
      });
      expect(lang.statusCode).toBe(200);
      const place = await createPlace(ctx(), { shippingFee: 300 });
      const serum = await createProduct(ctx(), { name: 'Vitamin C Serum', price: 1800 });
      const phone = freshPhone();
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/order/${user.id}`,
        headers: { cookie },
        payload: orderBody(place, [{ _id: serum.id, count: 1 }], { phone: phone.local, whatsapp: true }),
      });
      const order = orderSchema.parse(res.json());
      const [sent] = await until(
        () => meta.to(phone.canonical),
        (l) => l.length >= 1,
      );
      expect(sent).toMatchObject({ template: 'urembo_order_placed', language: 'sw' });
      const [placed] = await until(
        () => messagesOf(order._id),
        (l) => l[0]?.status === 'sent',
      );
      expect(placed!.message).toContain(
        `Habari Amina, agizo lako la Urembo ${order.reference} limepokelewa.`,
      );
    });

    it('an order that does not ask is texted as before', async () => {
      const phone = freshPhone();
      const res = await placeOrder(phone.local, {});
      expect(res.statusCode).toBe(201);
      expect(orderSchema.parse(res.json()).whatsapp).toBe(false);
      expect(
        await until(
          () => at.to(phone.e164),
          (l) => l.length >= 1,
        ),
      ).toHaveLength(1);
      expect(meta.to(phone.canonical)).toHaveLength(0);
    });

    it('refuses a whatsapp choice that is not true or false', async () => {
      const res = await placeOrder(freshPhone().local, { whatsapp: 'yes' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/whatsapp must be true or false/);
    });

    it('a message WhatsApp refuses goes out as an SMS at once', async () => {
      meta.peer.mode = 'refuse';
      const phone = freshPhone();
      const res = await placeOrder(phone.local);
      expect(res.statusCode).toBe(201);
      const order = orderSchema.parse(res.json());
      const sms = await until(
        () => at.to(phone.e164),
        (l) => l.length >= 1,
      );
      expect(sms[0]!.message).toContain(order.reference);
      const [placed] = await until(
        () => messagesOf(order._id),
        (l) => l[0]?.status === 'sent',
      );
      expect(placed).toMatchObject({ channel: 'sms', status: 'sent' });
      meta.peer.mode = 'ok';
    });

    it("verifies Meta's webhook check only with the verify token", async () => {
      const url = '/api/v1/whatsapp/webhook';
      const ok = await ctx().app.inject({
        url: `${url}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain/);
      expect(ok.body).toBe('1158201444');
      for (const query of [
        `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
        `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
        `hub.challenge=1`,
      ]) {
        const res = await ctx().app.inject({ url: `${url}?${query}` });
        expect(res.statusCode, query).toBe(403);
        expect(res.json().error).toMatch(/verify token/);
      }
    });

    it('a signed "failed" status sends the update again as an SMS, once; unsigned bodies are refused', async () => {
      meta.peer.mode = 'ok';
      const phone = freshPhone();
      const order = orderSchema.parse((await placeOrder(phone.local)).json());
      const [sent] = await until(
        () => meta.to(phone.canonical),
        (l) => l.length >= 1,
      );
      await until(
        () => messagesOf(order._id),
        (l) => l[0]?.status === 'sent',
      );
      const post = (body: string, signature?: string) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/v1/whatsapp/webhook',
          headers: {
            'content-type': 'application/json',
            ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
          },
          payload: body,
        });
      const failed = statusBody(sent!.id, 'failed');
      for (const signature of [undefined, sign(failed, 'another-secret'), 'sha256=abc', sign(`${failed} `)]) {
        const res = await post(failed, signature);
        expect(res.statusCode, String(signature)).toBe(401);
        expect(res.json().error).toMatch(/X-Hub-Signature-256/);
      }
      expect(at.to(phone.e164)).toHaveLength(0);

      const delivered = statusBody(sent!.id, 'delivered');
      expect((await post(delivered, sign(delivered))).json()).toEqual({ requeued: 0 });
      const first = await post(failed, sign(failed));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ requeued: 1 });
      const sms = await until(
        () => at.to(phone.e164),
        (l) => l.length >= 1,
      );
      expect(sms[0]!.message).toContain(order.reference);
      // Meta repeats callbacks: the SMS goes once.
      expect((await post(failed, sign(failed))).json()).toEqual({ requeued: 0 });
      await sleep(200);
      expect(at.to(phone.e164)).toHaveLength(1);
      const [placed] = await until(
        () => messagesOf(order._id),
        (l) => l[0]?.status === 'sent',
      );
      expect(placed).toMatchObject({ channel: 'sms', status: 'sent' });
      // A body that is not a status batch changes nothing.
      const junk = '{"entry":[{"changes":[{"value":{"statuses":[{"id":5}]}}]}]}';
      expect((await post(junk, sign(junk))).json()).toEqual({ requeued: 0 });
    });
  },
  {
    env: {
      AT_USERNAME,
      AT_API_KEY,
      AT_BASE_URL: at.url,
      MESSAGE_POLL_MS: '50',
      SHOP_WHATSAPP: '0711 222 333',
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_BASE_URL: meta.url,
    },
  },
);

describeEachDialect(
  'order updates without a WhatsApp account, real SMS',
  (ctx) => {
    it('offers no WhatsApp updates and texts instead; the webhook is not there', async () => {
      const config = (await ctx().app.inject({ url: '/api/v1/config/public' })).json();
      expect(config.whatsappUpdates).toBe(false);
      expect(config.shop.whatsapp).toBe(config.shop.phone);
      const { user, cookie } = await signedInUser(ctx());
      const place = await createPlace(ctx());
      const serum = await createProduct(ctx(), { price: 900 });
      const phone = freshPhone();
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/order/${user.id}`,
        headers: { cookie },
        payload: orderBody(place, [{ _id: serum.id, count: 1 }], { phone: phone.local, whatsapp: true }),
      });
      expect(res.statusCode).toBe(201);
      expect(orderSchema.parse(res.json()).whatsapp).toBe(false);
      await until(
        () => at.to(phone.e164),
        (l) => l.length >= 1,
      );
      expect(meta.to(phone.canonical)).toHaveLength(0);
      const check = await ctx().app.inject({
        url: '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
      });
      expect(check.statusCode).toBe(404);
      const body = statusBody('wamid.X', 'failed');
      const post = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/whatsapp/webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
        payload: body,
      });
      expect(post.statusCode).toBe(404);
    });
  },
  { env: { AT_USERNAME, AT_API_KEY, AT_BASE_URL: at.url, MESSAGE_POLL_MS: '50' } },
);

describeEachDialect(
  'order updates in a demo shop',
  (ctx) => {
    it('writes an order WhatsApp update to the outbox, as its SMS are', async () => {
      const { user, cookie } = await signedInUser(ctx());
      const place = await createPlace(ctx());
      const serum = await createProduct(ctx(), { price: 900 });
      const res = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/order/${user.id}`,
        headers: { cookie },
        payload: orderBody(place, [{ _id: serum.id, count: 1 }], { phone: '0715 000 111', whatsapp: true }),
      });
      expect(res.statusCode).toBe(201);
      const reference = orderSchema.parse(res.json()).reference;
      const dir = path.join(ctx().config.dataDir, 'outbox');
      const files = await until(
        async () => (await readdir(dir).catch(() => [] as string[])).filter((f) => f.includes('-whatsapp-')),
        (l) => l.length >= 1,
      );
      expect(files).toHaveLength(1);
      const record = JSON.parse(await readFile(path.join(dir, files[0]!), 'utf8'));
      expect(record).toMatchObject({
        to: '254715000111',
        template: 'urembo_order_placed',
        language: 'en',
        parameters: [
          'Amina',
          reference,
          expect.stringMatching(/^Ksh /),
          expect.any(String),
          expect.any(String),
        ],
      });
      expect(record.text).toContain(`Hi Amina, your Urembo order ${reference} is placed.`);
    });
  },
  { env: { MESSAGE_POLL_MS: '50' } },
);

describe('WhatsApp settings', () => {
  const load = (env: Record<string, string>) => () => testConfig('/tmp/urembo-wa-config', env);
  it('needs the token, the number id and the app secret together', () => {
    expect(load({ WHATSAPP_TOKEN: 'x' })).toThrow(ConfigError);
    expect(load({ WHATSAPP_TOKEN: 'x' })).toThrow(/set all three/);
    expect(
      load({ WHATSAPP_TOKEN: 'x', WHATSAPP_PHONE_NUMBER_ID: '12345', WHATSAPP_APP_SECRET: 's' }),
    ).not.toThrow();
  });
  it('reads the number id as digits and SHOP_WHATSAPP as a Kenyan mobile', () => {
    expect(load({ WHATSAPP_PHONE_NUMBER_ID: 'abc' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(load({ SHOP_WHATSAPP: '12345' })).toThrow(/SHOP_WHATSAPP: is not a Kenyan mobile/);
    expect(testConfig('/tmp/urembo-wa-config', { SHOP_WHATSAPP: '+254 722 000 111' }).shop.whatsapp).toBe(
      '254722000111',
    );
  });
});

describe('docs/whatsapp.md', () => {
  it('lists every template the shop sends, with both bodies exactly as sent', async () => {
    const doc = await readFile(path.resolve(import.meta.dirname, '../../../docs/whatsapp.md'), 'utf8');
    for (const template of Object.values(ORDER_TEMPLATES)) {
      const section = doc.split(`### ${template.name}\n`)[1]?.split('\n### ')[0] ?? '';
      expect(section, template.name).toContain(`- en: ${template.body.en}\n`);
      expect(section, template.name).toContain(`- sw: ${template.body.sw}\n`);
    }
    expect(doc.match(/^### /gm)).toHaveLength(Object.keys(ORDER_TEMPLATES).length);
  });
});
