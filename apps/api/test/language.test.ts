import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_CATALOGUE,
  inLanguage,
  placeholdersOf,
  type MessageKey,
} from '@urembo/contract/message-catalogue';
import { acceptedLanguage } from '../src/lib/request-language';
import { returnMessageText } from '../src/modules/returns/messages';
import {
  AT_API_KEY,
  AT_USERNAME,
  GOOD_PASSWORD,
  freshIp,
  post,
  signUp,
  startAfricasTalkingPeer,
  startSmtpServer,
  uniquePhone,
} from './support/accounts-factories';
import { signedInUser } from './support/auth';
import { createProduct, setStock } from './support/catalogue-factories';
import { createPlace, orderBody } from './support/orders-factories';
import { until } from './support/wait';
import { describeEachDialect } from './support/test-app';

/*
 * The shop answers a customer in her language: API errors and toasts by the request's `lang` cookie or
 * Accept-Language (English otherwise, exactly as before), mails and SMS by the account's language.
 */

const entries = Object.entries(MESSAGE_CATALOGUE) as [MessageKey, { en: string; sw: string }][];

describe('the message catalogue', () => {
  it('has both languages for every key, naming the same placeholders', () => {
    for (const [key, { en, sw }] of entries) {
      expect(en.trim(), key).not.toBe('');
      expect(sw.trim(), key).not.toBe('');
      if (/[a-z]/i.test(en.replace(/\{\w+\}/g, ''))) expect(sw, `${key} is not translated`).not.toBe(en);
      expect([...placeholdersOf(sw)].sort(), key).toEqual([...placeholdersOf(en)].sort());
    }
  });

  it('has each English text once, so a text has one translation', () => {
    const seen = new Map<string, string>();
    for (const [key, { en }] of entries) {
      expect(seen.get(en), `${key} repeats ${seen.get(en)}`).toBeUndefined();
      seen.set(en, key);
    }
  });

  it('holds only texts the server or the contract really writes (no stale English)', () => {
    const sources = [join(__dirname, '../src'), join(__dirname, '../../../packages/contract/src')];
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith('message-catalogue.ts')) files.push(path);
      }
    };
    sources.forEach(walk);
    const code = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    // Texts put together from parts (plural forms, a count in words): each part is checked instead.
    const composed: Partial<Record<MessageKey, string[]>> = {
      codeWrongOne: ['That code is not right. You have ', "'try'"],
      codeWrong: ['That code is not right. You have ', "'tries'"],
      limited: ['. Please try again in '],
      oneSecond: ['second'],
      seconds: ['second'],
      oneMinute: ['minute'],
      minutes: ['minute'],
      hours: ['hours'],
      onlyOneLeftOf: ['Only ', "'is'"],
      onlyLeftOf: ['Only ', "'are'"],
      orderShortOneLeft: ['only ', "'is'"],
      orderShortLeft: ['only ', "'are'"],
      shortLines: ["join('; ')"],
      returnsClosedOne: ['Returns for this order closed on ', "'day'"],
      returnsClosed: ['Returns for this order closed on ', "'days'"],
      phoneRequired: ["requiredText('Phone number')"],
      emailRequired: ["requiredText('Email')"],
      passwordRequired: ["requiredText('Password')"],
      currentPasswordRequired: ["requiredText('Current password')"],
      codeRequired: ["requiredText('Code')"],
      countryRequired: ["requiredText('Country')"],
      countyRequired: ["requiredText('County')"],
      townRequired: ["requiredText('Town')"],
      locationRequired: ["requiredText('Location')"],
      fullNameMax: ['Full name must be at most '],
      nameMax: ['Name must be at most '],
      passwordMin: ['Password must be at least '],
      passwordMax: ['Password must be at most '],
      reviewRating: ['rating must be a whole number from '],
      reviewComment: ['comment must be at most '],
      addressBooksMax: ['address books. Delete one you no longer use first.'],
      cartLineMax: ['You can have at most '],
    };
    for (const [key, { en }] of entries) {
      const parts = composed[key] ?? en.split(/\{\w+\}/).filter((p) => p.length > 0);
      for (const part of parts) expect(code.includes(part), `${key}: "${part}"`).toBe(true);
    }
  });

  it('leaves English as it is and unknown texts in English', () => {
    for (const [, { en }] of entries) expect(inLanguage(en, 'en')).toBe(en);
    expect(inLanguage('Only shop admins can do that', 'sw')).toBe('Only shop admins can do that');
  });

  it('fills placeholders and translates the parts it knows', () => {
    expect(inLanguage('Only 3 of Shea Butter are left', 'sw')).toBe('Zimebaki 3 tu za Shea Butter');
    expect(inLanguage('Only 1 of Shea Butter is left', 'sw')).toBe('Imebaki 1 tu ya Shea Butter');
    expect(
      inLanguage('Too many sign-in attempts from your network. Please try again in 5 minutes.', 'sw'),
    ).toBe('Majaribio mengi mno ya kuingia kutoka mtandao wako. Tafadhali jaribu tena baada ya dakika 5.');
    expect(
      inLanguage(
        'Sorry, Black Soap is out of stock; only 2 of Rose Oil are left: please change your order and try again',
        'sw',
      ),
    ).toBe(
      'Samahani, Black Soap imekwisha; zimebaki 2 tu za Rose Oil: tafadhali badilisha agizo lako ujaribu tena',
    );
  });

  it('reads Accept-Language by preference and quality', () => {
    expect(acceptedLanguage('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(acceptedLanguage('en-GB,en;q=0.9,sw;q=0.8')).toBe('en');
    expect(acceptedLanguage('fr-FR,en;q=0.5,sw;q=0.7')).toBe('sw');
    expect(acceptedLanguage('sw;q=0,en;q=0.1')).toBe('en');
    expect(acceptedLanguage('fr-FR,de')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });
});

describe('return SMS', () => {
  it('follow the customer language, English when the account is gone', () => {
    const step = { reference: 'K7HX9QC', name: 'Amina Wanjiru', refund_amount: 1800, note: null };
    expect(returnMessageText({ ...step, event: 'received', language: 'sw' })).toBe(
      'Agizo la Urembo K7HX9QC: tumepokea bidhaa ulizorudisha. Utarejeshewa Ksh 1,800.',
    );
    expect(returnMessageText({ ...step, event: 'received', language: null })).toBe(
      'Urembo order K7HX9QC: we have received your returned items. Ksh 1,800 will be refunded to you.',
    );
  });
});

const smtp = await startSmtpServer();
const at = await startAfricasTalkingPeer();
afterAll(async () => {
  await smtp.close();
  await at.close();
});
let counter = 0;

describeEachDialect(
  'answers in the customer language',
  (ctx) => {
    const signin = (headers: Record<string, string>) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        remoteAddress: freshIp(),
        headers,
        payload: { phone: uniquePhone(), password: 'not-the-password' },
      });

    it('answers a wrong sign-in in English by default, in Kiswahili by cookie or Accept-Language', async () => {
      expect((await signin({})).json()).toEqual({ error: 'Invalid phone/email or password' });
      const swahili = { error: 'Namba ya simu/barua pepe au nenosiri si sahihi' };
      expect((await signin({ cookie: 'lang=sw' })).json()).toEqual(swahili);
      expect((await signin({ 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' })).json()).toEqual(swahili);
      // The cookie (the storefront's switch) wins over the browser's language; an unknown cookie is ignored.
      expect((await signin({ cookie: 'lang=en', 'accept-language': 'sw' })).json().error).toBe(
        'Invalid phone/email or password',
      );
      expect((await signin({ cookie: 'lang=fr', 'accept-language': 'sw' })).json()).toEqual(swahili);
      expect((await signin({ 'accept-language': 'en-US,en;q=0.9' })).statusCode).toBe(401);
    });

    it('answers validation errors and their field details in Kiswahili', async () => {
      const bad = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        remoteAddress: freshIp(),
        headers: { cookie: 'lang=sw' },
        payload: { fullName: 'A', phone: '12', password: 'short' },
      });
      expect(bad.statusCode).toBe(400);
      const body = bad.json() as { error: string; details: { path: string; message: string }[] };
      expect(body.details).toEqual(
        expect.arrayContaining([
          { path: 'fullName', message: 'Jina kamili liwe na angalau herufi 2' },
          { path: 'password', message: 'Nenosiri liwe na angalau herufi 8' },
        ]),
      );
      expect(body.error).toBe(body.details[0]!.message);
      const english = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        remoteAddress: freshIp(),
        payload: { fullName: 'A', phone: '12', password: 'short' },
      });
      expect(english.json().details).toEqual(
        expect.arrayContaining([{ path: 'password', message: 'Password must be at least 8 characters' }]),
      );
    });

    it('names an out-of-stock product in Kiswahili in the cart and toasts a sign-in in Kiswahili', async () => {
      const { user, cookie } = await signedInUser(ctx());
      const soap = await createProduct(ctx(), { name: 'Black Soap', price: 500 });
      await setStock(ctx(), soap.id, 0);
      const add = (lang: string) =>
        ctx().app.inject({
          method: 'POST',
          url: `/api/v1/user/addToCart/${user.id}`,
          headers: { cookie: `${cookie}; lang=${lang}` },
          payload: { productId: soap.id, count: 1 },
        });
      expect((await add('en')).json()).toEqual({ error: 'Black Soap is out of stock' });
      const sw = await add('sw');
      expect(sw.statusCode).toBe(409);
      expect(sw.json()).toEqual({ error: 'Black Soap imekwisha' });

      const phone = uniquePhone();
      await signUp(ctx(), { phone });
      const ok = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        remoteAddress: freshIp(),
        headers: { 'accept-language': 'sw' },
        payload: { phone, password: GOOD_PASSWORD },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Umeingia!');
    });

    it('keeps the account language: en or sw, anything else 400 in the request language', async () => {
      const { cookie } = await signedInUser(ctx());
      const put = (language: unknown, lang = 'en') =>
        ctx().app.inject({
          method: 'PUT',
          url: '/api/v1/user/me',
          headers: { cookie: `${cookie}; lang=${lang}` },
          payload: { language },
        });
      expect((await put('sw')).json().user.language).toBe('sw');
      const bad = await put('fr', 'sw');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Lugha iwe en au sw');
      expect((await put('xx')).json().error).toBe('language must be one of en, sw');
    });

    it('mails the password reset of a Kiswahili account in Kiswahili, an English one in English', async () => {
      counter += 1;
      const swEmail = `lugha${counter}.${ctx().dialect}@example.co.ke`;
      const enEmail = `lang${counter}.${ctx().dialect}@example.co.ke`;
      // Signing up on the Kiswahili shop makes a Kiswahili account: its verification mail is in Kiswahili.
      const signed = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        remoteAddress: freshIp(),
        headers: { cookie: 'lang=sw' },
        payload: { fullName: 'Wanjiku Kamau', phone: uniquePhone(), email: swEmail, password: GOOD_PASSWORD },
      });
      expect(signed.statusCode, signed.body).toBe(201);
      expect(signed.json().user.language).toBe('sw');
      const verify = await smtp.waitFor(swEmail);
      expect(verify.subject).toBe('Nambari yako ya uthibitisho ya Urembo');
      expect(verify.text).toMatch(/Nambari yako ya kuthibitisha barua pepe ya Urembo ni: \d{6}/);
      expect(verify.html).toContain('<html lang="sw">');

      await signUp(ctx(), { email: enEmail });
      expect((await smtp.waitFor(enEmail)).subject).toBe('Your Urembo verification code');

      // The reset mail follows the account, whatever language the request for it came in.
      expect((await post(ctx(), '/auth/forgot-password', { email: swEmail })).statusCode).toBe(200);
      const reset = await smtp.waitFor(swEmail, 2);
      expect(reset.subject).toBe('Badilisha nenosiri lako la Urembo');
      expect(reset.text).toContain('Habari Wanjiku,');
      expect(reset.html).toContain('Chagua nenosiri jipya');
      expect((await post(ctx(), '/auth/forgot-password', { email: enEmail })).statusCode).toBe(200);
      expect((await smtp.waitFor(enEmail, 2)).subject).toBe('Reset your Urembo password');
    });

    it('texts the order updates and the reset code of a Kiswahili account in Kiswahili', async () => {
      counter += 1;
      const six = String((Date.now() + counter) % 1_000_000).padStart(6, '0');
      const local = `0714 ${six}`;
      const e164 = `+254714${six}`;
      const { user, cookie } = await signedInUser(ctx(), {
        full_name: 'Amina Wanjiru',
        language: 'sw',
        phone: `254714${six}`,
      });
      const place = await createPlace(ctx(), { shippingFee: 300 });
      const serum = await createProduct(ctx(), { name: 'Vitamin C Serum', price: 1800 });
      const placed = await ctx().app.inject({
        method: 'POST',
        url: `/api/v1/order/${user.id}`,
        headers: { cookie },
        payload: orderBody(place, [{ _id: serum.id, count: 1 }], { phone: local }),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const reference = placed.json().reference as string;
      const [sms] = await until(
        () => Promise.resolve(at.to(e164)),
        (list) => list.length >= 1,
      );
      expect(sms!.message).toMatch(
        new RegExp(
          `^Habari Amina, agizo lako la Urembo ${reference} limepokelewa: Vitamin C Serum x1\\. Jumla`,
        ),
      );
      expect(sms!.message).toContain('Lipa kwa M-Pesa: Lipa na M-Pesa > Pay Bill, namba ya biashara');

      expect((await post(ctx(), '/auth/forgot-password', { phone: local })).statusCode).toBe(200);
      const texts = await until(
        () => Promise.resolve(at.to(e164)),
        (list) => list.length >= 2,
      );
      expect(texts[1]!.message).toMatch(/^Urembo: nambari yako ya kubadilisha nenosiri ni \d{6}\. /);
    });
  },
  {
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'hello@urembo.test',
      AT_USERNAME,
      AT_API_KEY,
      AT_BASE_URL: at.url,
      MESSAGE_POLL_MS: '50',
    },
  },
);
