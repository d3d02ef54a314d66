import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { signupBodySchema } from '@urembo/contract/auth';
import { PHONE_HINT } from '@urembo/contract/phone';
import {
  AT_API_KEY,
  AT_SENDER_ID,
  AT_USERNAME,
  GOOD_PASSWORD,
  canonical,
  codeIn,
  freshIp,
  post,
  sessionCookieFrom,
  signUp,
  startAfricasTalkingPeer,
  startSmtpServer,
  uniquePhone,
} from './support/accounts-factories';
import { describeEachDialect, type TestContext } from './support/test-app';

const smtp = await startSmtpServer();
const at = await startAfricasTalkingPeer();
afterAll(async () => {
  await smtp.close();
  await at.close();
});

let emailCounter = 0;
const uniqueEmail = (dialect: string) => `shopper${++emailCounter}.${dialect}@example.co.ke`;

function checkAuth(ctx: TestContext, cookie?: string) {
  return ctx.app.inject({ url: '/api/v1/auth/check-auth', headers: cookie ? { cookie } : {} });
}

/** Moves a user's codes and links back in time (to get past a cool-down or an expiry). */
async function ageTokens(
  ctx: TestContext,
  userId: string,
  minutes: number,
  field: 'created_at' | 'expires_at',
) {
  const rows = await ctx.database.db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  for (const row of rows) {
    await ctx.database.db
      .updateTable('auth_tokens')
      .set({ [field]: new Date(Date.parse(row[field]) - minutes * 60_000).toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
}

describeEachDialect(
  'auth: sign-up, sign-in, sessions',
  (ctx) => {
    it('signs up, signs in with a secure session cookie, and ignores fields a client may not set', async () => {
      const email = uniqueEmail(ctx().dialect).toUpperCase();
      const res = await post(ctx(), '/auth/signup', {
        fullName: '  Njeri Mwangi ',
        email: `  ${email} `,
        phone: '+254 711 000 111',
        password: GOOD_PASSWORD,
        role: 'admin',
        isEmailVerified: true,
        isPhoneVerified: true,
        _id: 'chosen-by-client',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { user, message } = res.json();
      expect(message).toBe('Sign up successful!');
      expect(user).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        fullName: 'Njeri Mwangi',
        email: email.toLowerCase(),
        phone: '254711000111',
        role: 'customer',
        isEmailVerified: false,
        isPhoneVerified: false,
        lastLogin: expect.any(String),
        createdAt: expect.any(String),
        language: 'en',
      });
      expect(res.body).not.toMatch(/password|hash|scrypt/i);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^urembo_session=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).not.toContain('Secure');
      const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie)![1]!);
      expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(90); // SESSION_MAX_DAYS: the idle limit is the server's to keep
      expect(res.headers['cache-control']).toBe('no-store');

      const me = await checkAuth(ctx(), sessionCookieFrom(res));
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toEqual(user);
      const stored = await ctx()
        .database.db.selectFrom('users')
        .selectAll()
        .where('id', '=', user._id)
        .executeTakeFirstOrThrow();
      expect(stored.role).toBe('customer');
      expect(stored.password_hash).toMatch(/^scrypt\$/);
      expect(stored.password_hash).not.toContain(GOOD_PASSWORD);
    });

    it('accepts every way Kenyans write a mobile number and refuses others with the hint', async () => {
      const forms: [string, string][] = [
        ['0722000101', '254722000101'],
        ['0110000102', '254110000102'],
        ['+254722000103', '254722000103'],
        ['254722000104', '254722000104'],
        ['722000105', '254722000105'],
        ['0722-000 106', '254722000106'],
      ];
      for (const [typed, stored] of forms) {
        const { user } = await signUp(ctx(), { phone: typed });
        expect(user.phone).toBe(stored);
      }
      for (const bad of ['12345', '0812345678', '+255712345678', '07123456789', 'phone']) {
        const res = await post(ctx(), '/auth/signup', {
          fullName: 'Bad Phone',
          phone: bad,
          password: GOOD_PASSWORD,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toContain(PHONE_HINT);
        expect(res.json().details).toContainEqual({ path: 'phone', message: PHONE_HINT });
      }
    });

    it('refuses a phone or email that already has an account, naming which', async () => {
      const email = uniqueEmail(ctx().dialect);
      await signUp(ctx(), { phone: '0733000201', email });
      const phoneTaken = await post(ctx(), '/auth/signup', {
        fullName: 'Someone Else',
        phone: '+254733000201',
        password: GOOD_PASSWORD,
      });
      expect(phoneTaken.statusCode).toBe(409);
      expect(phoneTaken.json()).toEqual({ error: 'An account with this phone number already exists' });
      const emailTaken = await post(ctx(), '/auth/signup', {
        fullName: 'Someone Else',
        phone: uniquePhone(),
        email: email.toUpperCase(),
        password: GOOD_PASSWORD,
      });
      expect(emailTaken.statusCode).toBe(409);
      expect(emailTaken.json()).toEqual({ error: 'An account with this email already exists' });
    });

    it('enforces the password rules: 8 to 128 characters, not a common password, not weak by pattern', async () => {
      const attempt = (password: string) =>
        post(ctx(), '/auth/signup', { fullName: 'Akoth Ouma', phone: uniquePhone(), password });
      const short = await attempt('seven77');
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toBe('Password must be at least 8 characters');
      expect((await attempt('x'.repeat(129))).statusCode).toBe(400);
      for (const common of ['password', '12345678', 'QwertyUiop', 'Password123', 'iloveyou', 'sunshine1']) {
        const res = await attempt(common);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatch(/most common ones/);
      }
      for (const [weak, reason] of [
        ['aaaaaaaa', /one character repeated/],
        ['bcdefghi', /in order/],
        ['98765432a', /in order/],
        ['asdfghjkl;', /row of keys/],
        ['2222222b', /one character repeated/],
        ['31121989', /date/],
        ['x'.repeat(128), /one character repeated/],
      ] as const) {
        const res = await attempt(weak);
        expect(res.statusCode, weak).toBe(400);
        expect(res.json().error, weak).toMatch(reason);
      }
      const longest = Array.from({ length: 20 }, (_, i) => `mango${i}-`)
        .join('')
        .slice(0, 128);
      expect(longest).toHaveLength(128);
      expect((await attempt(longest)).statusCode).toBe(201);
      const missing = await post(ctx(), '/auth/signup', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details.map((d: { path: string }) => d.path)).toEqual([
        'fullName',
        'phone',
        'password',
      ]);
    });

    it('signs in by phone in any form or by email, and sets lastLogin and a new session each time', async () => {
      const email = uniqueEmail(ctx().dialect);
      const { user } = await signUp(ctx(), { phone: '0744000301', email });
      await ctx()
        .database.db.updateTable('users')
        .set({ last_login: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', user._id)
        .execute();
      const byPhone = await post(ctx(), '/auth/signin', { phone: '+254744000301', password: GOOD_PASSWORD });
      expect(byPhone.statusCode, byPhone.body).toBe(200);
      expect(byPhone.json().message).toBe('Sign in successful!');
      expect(byPhone.json().user._id).toBe(user._id);
      expect(Date.parse(byPhone.json().user.lastLogin)).toBeGreaterThan(Date.now() - 60_000);
      const byEmail = await post(ctx(), '/auth/signin', {
        phone: '',
        email: email.toUpperCase(),
        password: GOOD_PASSWORD,
      });
      expect(byEmail.statusCode).toBe(200);
      const [a, b] = [sessionCookieFrom(byPhone), sessionCookieFrom(byEmail)];
      expect(a).not.toBe(b);
      expect((await checkAuth(ctx(), a)).statusCode).toBe(200);
      expect((await checkAuth(ctx(), b)).statusCode).toBe(200);
      const stored = await ctx()
        .database.db.selectFrom('users')
        .select('last_login')
        .where('id', '=', user._id)
        .executeTakeFirstOrThrow();
      expect(stored.last_login).not.toBe('2020-01-01T00:00:00.000Z');
    });

    it('answers a wrong password and an unknown account with the same 401', async () => {
      const email = uniqueEmail(ctx().dialect);
      await signUp(ctx(), { phone: '0755000401', email });
      const wrongPassword = await post(ctx(), '/auth/signin', {
        phone: '0755000401',
        password: 'not-my-password',
      });
      const unknownPhone = await post(ctx(), '/auth/signin', {
        phone: '0755000499',
        password: 'not-my-password',
      });
      const wrongByEmail = await post(ctx(), '/auth/signin', { email, password: 'not-my-password' });
      const unknownEmail = await post(ctx(), '/auth/signin', {
        email: 'nobody@example.co.ke',
        password: 'x',
      });
      for (const res of [wrongPassword, unknownPhone, wrongByEmail, unknownEmail]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Invalid phone/email or password' });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const neither = await post(ctx(), '/auth/signin', { password: 'whatever' });
      expect(neither.statusCode).toBe(400);
      expect(neither.json().error).toBe('Enter your phone number or your email');
      const noPassword = await post(ctx(), '/auth/signin', { phone: '0755000401' });
      expect(noPassword.statusCode).toBe(400);
    });

    it('check-auth answers 401 when signed out; logout ends the session and clears the cookie', async () => {
      const out = await checkAuth(ctx());
      expect(out.statusCode).toBe(401);
      expect(out.json()).toEqual({ error: 'You are not signed in' });
      const { user, cookie } = await signUp(ctx());
      const logout = await post(ctx(), '/auth/logout', undefined, { cookie });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ message: 'Logout success' });
      expect(String(logout.headers['set-cookie'])).toMatch(/urembo_session=;.*Expires=Thu, 01 Jan 1970/);
      expect((await checkAuth(ctx(), cookie)).statusCode).toBe(401);
      const sessions = await ctx()
        .database.db.selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', user._id)
        .execute();
      expect(sessions).toHaveLength(0);
      // Logging out twice (or signed out) is harmless.
      expect((await post(ctx(), '/auth/logout')).json()).toEqual({ message: 'Logout success' });
    });

    it('limits sign-in tries per IP with 429 and Retry-After', async () => {
      // Per IP: 50 tries of any identifiers, then 429.
      const busyIp = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 51; i++) {
        const res = await post(
          ctx(),
          '/auth/signin',
          { phone: uniquePhone(), password: 'x' },
          { ip: busyIp },
        );
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
      expect(statuses[50]).toBe(429);
      expect(
        Number(
          (await post(ctx(), '/auth/signin', { phone: uniquePhone(), password: 'x' }, { ip: busyIp }))
            .headers['retry-after'],
        ),
      ).toBeGreaterThan(800);
    });

    it('a successful sign-in clears the failed tries before it', async () => {
      await signUp(ctx(), { phone: '0766000601' });
      for (let i = 0; i < 4; i++) {
        await post(ctx(), '/auth/signin', { phone: '0766000601', password: 'wrong' }, { ip: freshIp() });
      }
      expect(
        (await post(ctx(), '/auth/signin', { phone: '0766000601', password: GOOD_PASSWORD })).statusCode,
      ).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect(
          (await post(ctx(), '/auth/signin', { phone: '0766000601', password: 'wrong' }, { ip: freshIp() }))
            .statusCode,
        ).toBe(401);
      }
    });

    it('limits sign-ups per IP', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) await signUp(ctx(), {}, ip);
      const res = await post(
        ctx(),
        '/auth/signup',
        { fullName: 'One Too Many', phone: uniquePhone(), password: GOOD_PASSWORD },
        { ip },
      );
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refuses a cross-site sign-in', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        headers: { origin: 'https://evil.example' },
        payload: { phone: '0712345678', password: 'whatever' },
      });
      expect(res.statusCode).toBe(403);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);

describeEachDialect(
  'auth: email verification',
  (ctx) => {
    it('mails a 6-digit code at sign-up through SMTP and verifies the email with it', async () => {
      const email = uniqueEmail(ctx().dialect);
      const { user, cookie } = await signUp(ctx(), { email, fullName: 'Wambui Njoroge' });
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe('Your Urembo verification code');
      expect(mail.from).toBe('hello@urembo.test');
      expect(mail.text).toContain('Karibu Wambui!');
      const code = codeIn(mail.text);
      expect(mail.html).toContain(code);
      const stored = await ctx()
        .database.db.selectFrom('auth_tokens')
        .selectAll()
        .where('user_id', '=', user._id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(code);
      expect(stored.purpose).toBe('verify-email');

      const signedOut = await post(ctx(), '/auth/verify-email', { code });
      expect(signedOut.statusCode).toBe(401);
      const wrong = await post(
        ctx(),
        '/auth/verify-email',
        { code: code === '000000' ? '111111' : '000000' },
        { cookie },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('That code is not right. You have 4 tries left.');
      const malformed = await post(ctx(), '/auth/verify-email', { code: '12ab' }, { cookie });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toBe('The code is the 6 digits we sent you');

      const ok = await post(ctx(), '/auth/verify-email', { code }, { cookie });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().message).toBe('Verification success');
      expect(ok.json().user.isEmailVerified).toBe(true);
      expect((await checkAuth(ctx(), cookie)).json().user.isEmailVerified).toBe(true);
      const again = await post(ctx(), '/auth/verify-email', { code }, { cookie });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('Your email is already verified');
    });

    it('does not mail anything when the customer gave no email', async () => {
      const before = smtp.messages.length;
      const { user } = await signUp(ctx());
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.messages.length).toBe(before);
      const tokens = await ctx()
        .database.db.selectFrom('auth_tokens')
        .selectAll()
        .where('user_id', '=', user._id)
        .execute();
      expect(tokens).toHaveLength(0);
    });

    it('burns a code after 5 wrong tries', async () => {
      const email = uniqueEmail(ctx().dialect);
      const { cookie } = await signUp(ctx(), { email });
      const code = codeIn((await smtp.waitFor(email)).text);
      const wrongCode = code === '999999' ? '888888' : '999999';
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await post(ctx(), '/auth/verify-email', { code: wrongCode }, { cookie });
        expect(res.statusCode).toBe(400);
        answers.push(res.json().error);
      }
      expect(answers).toEqual([
        'That code is not right. You have 4 tries left.',
        'That code is not right. You have 3 tries left.',
        'That code is not right. You have 2 tries left.',
        'That code is not right. You have 1 try left.',
        'Too many wrong tries: that code no longer works. Ask for a new one.',
      ]);
      const right = await post(ctx(), '/auth/verify-email', { code }, { cookie });
      expect(right.statusCode).toBe(400);
      expect(right.json().error).toBe('Too many wrong tries: that code no longer works. Ask for a new one.');
    });

    it('refuses an expired code', async () => {
      const email = uniqueEmail(ctx().dialect);
      const { user, cookie } = await signUp(ctx(), { email });
      const code = codeIn((await smtp.waitFor(email)).text);
      await ageTokens(ctx(), user._id, 16, 'expires_at');
      const res = await post(ctx(), '/auth/verify-email', { code }, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('That code has expired. Ask for a new one.');
    });

    it('sends a new code at most every 5 minutes; only the newest code works', async () => {
      const email = uniqueEmail(ctx().dialect);
      const { user, cookie } = await signUp(ctx(), { email });
      const first = codeIn((await smtp.waitFor(email)).text);
      const soon = await post(ctx(), '/auth/newVerificationToken', { email }, { cookie });
      expect(soon.statusCode).toBe(429);
      expect(soon.json().error).toMatch(/You can ask for a new one in (4|5) minutes\./);
      const retryAfter = Number(soon.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(280);
      expect(retryAfter).toBeLessThanOrEqual(300);

      await ageTokens(ctx(), user._id, 6, 'created_at');
      const res = await post(ctx(), '/auth/newVerificationToken', { email: email.toUpperCase() }, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'New token sent' });
      const second = codeIn((await smtp.waitFor(email, 2)).text);
      expect((await post(ctx(), '/auth/newVerificationToken', { email }, { cookie })).statusCode).toBe(429);
      if (first !== second) {
        const old = await post(ctx(), '/auth/verify-email', { code: first }, { cookie });
        expect(old.statusCode).toBe(400);
      }
      const ok = await post(ctx(), '/auth/verify-email', { code: second }, { cookie });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.isEmailVerified).toBe(true);
      const verified = await post(ctx(), '/auth/newVerificationToken', { email }, { cookie });
      expect(verified.statusCode).toBe(400);
      expect(verified.json().error).toBe('Your email is already verified');
    });

    it('sends codes only to the signed-in customer’s own email', async () => {
      const email = uniqueEmail(ctx().dialect);
      const { cookie } = await signUp(ctx(), { email });
      const signedOut = await post(ctx(), '/auth/newVerificationToken', { email });
      expect(signedOut.statusCode).toBe(401);
      const other = await post(
        ctx(),
        '/auth/newVerificationToken',
        { email: 'someone@example.co.ke' },
        { cookie },
      );
      expect(other.statusCode).toBe(400);
      expect(other.json().error).toBe('That is not the email address of your account');
      const { cookie: noEmail } = await signUp(ctx());
      const none = await post(
        ctx(),
        '/auth/newVerificationToken',
        { email: 'x@example.co.ke' },
        { cookie: noEmail },
      );
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toBe('Your account has no email address');
    });
  },
  { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Urembo <hello@urembo.test>' } },
);

describeEachDialect(
  'auth: password reset',
  (ctx) => {
    async function resetLinkFor(email: string, count = 1): Promise<string> {
      const mail = await smtp.waitFor(email, count);
      expect(mail.subject).toBe('Reset your Urembo password');
      const match = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text);
      if (!match) throw new Error(`no reset link in ${mail.text}`);
      expect(match[1]!.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits
      return match[1]!;
    }

    it('answers the same for a known and an unknown email, and mails only the known one', async () => {
      const email = uniqueEmail(ctx().dialect);
      const phone = uniquePhone();
      await signUp(ctx(), { email, phone });
      await smtp.waitFor(email); // the verification code
      const known = await post(ctx(), '/auth/forgot-password', { email: email.toUpperCase() });
      const unknown = await post(ctx(), '/auth/forgot-password', { email: `nobody.${email}` });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json().message).toMatch(/If an account uses that email/);
      const token = await resetLinkFor(email, 2);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.to(`nobody.${email}`)).toHaveLength(0);
      const bad = await post(ctx(), '/auth/forgot-password', { email: 'not-an-email' });
      expect(bad.statusCode).toBe(400);

      // The link sets a new password, signs every session out, and works once.
      const first = await post(ctx(), '/auth/signin', { phone, password: GOOD_PASSWORD });
      const second = await post(ctx(), '/auth/signin', { email, password: GOOD_PASSWORD });
      const weak = await post(ctx(), `/auth/reset-password/${token}`, { password: 'password' });
      expect(weak.statusCode).toBe(400);
      const reset = await post(ctx(), `/auth/reset-password/${token}`, { password: 'new-rosewater-77' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: 'Password reset success' });
      expect((await checkAuth(ctx(), sessionCookieFrom(first))).statusCode).toBe(401);
      expect((await checkAuth(ctx(), sessionCookieFrom(second))).statusCode).toBe(401);
      expect((await post(ctx(), '/auth/signin', { phone, password: GOOD_PASSWORD })).statusCode).toBe(401);
      const signin = await post(ctx(), '/auth/signin', { phone, password: 'new-rosewater-77' });
      expect(signin.statusCode).toBe(200);
      // The mailbox is proven by the link.
      expect(signin.json().user.isEmailVerified).toBe(true);
      const reuse = await post(ctx(), `/auth/reset-password/${token}`, { password: 'another-pass-88' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error).toMatch(/invalid, already used or expired/);
    });

    it('refuses an expired or made-up link', async () => {
      const email = uniqueEmail(ctx().dialect);
      const { user } = await signUp(ctx(), { email });
      await post(ctx(), '/auth/forgot-password', { email });
      const token = await resetLinkFor(email, 2);
      await ageTokens(ctx(), user._id, 61, 'expires_at');
      const expired = await post(ctx(), `/auth/reset-password/${token}`, { password: 'new-rosewater-77' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toMatch(/expired/);
      const madeUp = await post(ctx(), `/auth/reset-password/${'A'.repeat(43)}`, {
        password: 'new-rosewater-77',
      });
      expect(madeUp.statusCode).toBe(400);
      expect(madeUp.json()).toEqual(expired.json());
    });

    it('limits reset requests per email, for known and unknown emails alike', async () => {
      const email = uniqueEmail(ctx().dialect);
      await signUp(ctx(), { email });
      for (const address of [email, `ghost.${email}`]) {
        for (let i = 0; i < 3; i++) {
          expect((await post(ctx(), '/auth/forgot-password', { email: address })).statusCode).toBe(200);
        }
        const limited = await post(ctx(), '/auth/forgot-password', { email: address });
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error).toMatch(/^Too many password reset requests for this email/);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
    });
  },
  { env: { SMTP_URL: smtp.url } },
);

describeEachDialect(
  'auth: phone verification by SMS (Africa’s Talking)',
  (ctx) => {
    it('sends a code by SMS in E.164 and verifies the phone with it; again within 2 minutes is 429', async () => {
      at.peer.mode = 'ok';
      const phone = uniquePhone();
      const { user, cookie } = await signUp(ctx(), { phone });
      const signedOut = await post(ctx(), '/auth/newPhoneToken');
      expect(signedOut.statusCode).toBe(401);
      const res = await post(ctx(), '/auth/newPhoneToken', undefined, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'New token sent' });
      const [sms] = at.to(`+${canonical(phone)}`);
      expect(sms).toBeDefined();
      expect(sms!.username).toBe(AT_USERNAME);
      expect(sms!.from).toBe(AT_SENDER_ID);
      expect(sms!.headers.apikey).toBe(AT_API_KEY);
      expect(sms!.message).toMatch(/^Urembo: your verification code is \d{6}\./);

      const soon = await post(ctx(), '/auth/newPhoneToken', undefined, { cookie });
      expect(soon.statusCode).toBe(429);
      const retryAfter = Number(soon.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(100);
      expect(retryAfter).toBeLessThanOrEqual(120);

      const ok = await post(ctx(), '/auth/verify-phone', { code: codeIn(sms!.message) }, { cookie });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().user.isPhoneVerified).toBe(true);
      expect(ok.json().user._id).toBe(user._id);
      const again = await post(ctx(), '/auth/newPhoneToken', undefined, { cookie });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('Your phone number is already verified');
    });

    it('answers 502 when Africa’s Talking refuses the number and leaves nothing half-done', async () => {
      at.peer.mode = 'invalid-number';
      const { user, cookie } = await signUp(ctx());
      const res = await post(ctx(), '/auth/newPhoneToken', undefined, { cookie });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe(
        'The SMS service could not send the code to your phone. Please try again later.',
      );
      const tokens = await ctx()
        .database.db.selectFrom('auth_tokens')
        .selectAll()
        .where('user_id', '=', user._id)
        .execute();
      expect(tokens).toHaveLength(0);
      // No cool-down started: trying again right away reaches the gateway again.
      at.peer.mode = 'ok';
      expect((await post(ctx(), '/auth/newPhoneToken', undefined, { cookie })).statusCode).toBe(200);
    });

    it('answers 503 when Africa’s Talking fails', async () => {
      at.peer.mode = 'server-error';
      const { cookie } = await signUp(ctx());
      const res = await post(ctx(), '/auth/newPhoneToken', undefined, { cookie });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/^The SMS service is not answering right now/);
      at.peer.mode = 'ok';
    });

    it('checks phone codes like email codes (wrong, then burnt after 5 tries)', async () => {
      at.peer.mode = 'ok';
      const phone = uniquePhone();
      const { cookie } = await signUp(ctx(), { phone });
      await post(ctx(), '/auth/newPhoneToken', undefined, { cookie });
      const code = codeIn(at.to(`+${canonical(phone)}`)[0]!.message);
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 4; i++) {
        expect((await post(ctx(), '/auth/verify-phone', { code: wrong }, { cookie })).statusCode).toBe(400);
      }
      const fifth = await post(ctx(), '/auth/verify-phone', { code: wrong }, { cookie });
      expect(fifth.json().error).toMatch(/^Too many wrong tries/);
      expect((await post(ctx(), '/auth/verify-phone', { code }, { cookie })).statusCode).toBe(400);
      const none = await signUp(ctx());
      const nothing = await post(ctx(), '/auth/verify-phone', { code: '123456' }, { cookie: none.cookie });
      expect(nothing.json()).toEqual({ error: 'No code is waiting. Ask for a new one.' });
    });
  },
  {
    env: {
      SMTP_URL: smtp.url,
      AT_USERNAME,
      AT_API_KEY,
      AT_BASE_URL: at.url,
      AT_SENDER_ID,
    },
  },
);

describeEachDialect(
  'auth: password reset by SMS code (phone-only accounts)',
  (ctx) => {
    /** The nth SMS to a phone, once the message queue has sent it. */
    async function smsTo(phone: string, count = 1) {
      const to = `+${canonical(phone)}`;
      for (let i = 0; i < 250 && at.to(to).length < count; i++) await new Promise((r) => setTimeout(r, 20));
      const all = at.to(to);
      expect(all.length).toBeGreaterThanOrEqual(count);
      return all[count - 1]!;
    }

    it('answers the same for a known and an unknown phone, sends a code only to the known one', async () => {
      at.peer.mode = 'ok';
      const phone = uniquePhone();
      const { user } = await signUp(ctx(), { phone }); // no email
      const ghost = uniquePhone();
      const known = await post(ctx(), '/auth/forgot-password', { phone: `0${canonical(phone).slice(3)}` });
      const unknown = await post(ctx(), '/auth/forgot-password', { phone: ghost });
      expect(known.statusCode, known.body).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json().message).toMatch(/^If an account uses that phone number/);
      const sms = await smsTo(phone);
      expect(sms.message).toMatch(/^Urembo: your password reset code is \d{6}\. It expires in 10 minutes\./);
      await new Promise((r) => setTimeout(r, 200));
      expect(at.to(`+${canonical(ghost)}`)).toHaveLength(0);
      // The queue keeps what was sent, never the code.
      const queued = await ctx()
        .database.db.selectFrom('account_mails')
        .innerJoin('auth_tokens', 'auth_tokens.id', 'account_mails.auth_token_id')
        .select(['account_mails.status', 'account_mails.message', 'auth_tokens.token_hash'])
        .where('auth_tokens.user_id', '=', user._id)
        .where('auth_tokens.purpose', '=', 'reset-password-phone')
        .execute();
      expect(queued).toEqual([
        { status: 'sent', message: 'Password reset code SMS', token_hash: expect.any(String) },
      ]);
      expect(JSON.stringify(queued)).not.toContain(codeIn(sms.message));

      const first = await post(ctx(), '/auth/signin', { phone, password: GOOD_PASSWORD });
      const code = codeIn(sms.message);
      const weak = await post(ctx(), '/auth/reset-password-by-code', { phone, code, password: 'password' });
      expect(weak.statusCode).toBe(400);
      const reset = await post(ctx(), '/auth/reset-password-by-code', {
        phone: `+${canonical(phone)}`,
        code,
        password: 'new-rosewater-77',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: 'Password reset success' });
      expect((await checkAuth(ctx(), sessionCookieFrom(first))).statusCode).toBe(401);
      expect((await post(ctx(), '/auth/signin', { phone, password: GOOD_PASSWORD })).statusCode).toBe(401);
      const signin = await post(ctx(), '/auth/signin', { phone, password: 'new-rosewater-77' });
      expect(signin.statusCode).toBe(200);
      // The code proved the phone.
      expect(signin.json().user.isPhoneVerified).toBe(true);
      // Single use.
      const reuse = await post(ctx(), '/auth/reset-password-by-code', {
        phone,
        code,
        password: 'another-pass-88',
      });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error).toBe('This code is wrong, already used or expired. Ask for a new one.');
    });

    it('refuses a wrong, expired or burnt code and an unknown phone with one text', async () => {
      at.peer.mode = 'ok';
      const phone = uniquePhone();
      const { user } = await signUp(ctx(), { phone });
      await post(ctx(), '/auth/forgot-password', { phone });
      const code = codeIn((await smsTo(phone)).message);
      const wrong = code === '123456' ? '654321' : '123456';
      const body = (c: string, p = phone) => ({ phone: p, code: c, password: 'new-rosewater-77' });
      const unknown = await post(ctx(), '/auth/reset-password-by-code', body(code, uniquePhone()));
      expect(unknown.statusCode).toBe(400);
      const bad = await post(ctx(), '/auth/reset-password-by-code', body(wrong));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(unknown.json());

      // Expired: 10 minutes.
      await ageTokens(ctx(), user._id, 11, 'expires_at');
      const expired = await post(ctx(), '/auth/reset-password-by-code', body(code));
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual(unknown.json());

      // A new code: five wrong tries burn it, the right one then fails too.
      await ageTokens(ctx(), user._id, 20, 'created_at');
      await post(ctx(), '/auth/forgot-password', { phone });
      const fresh = codeIn((await smsTo(phone, 2)).message);
      const miss = fresh === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        expect((await post(ctx(), '/auth/reset-password-by-code', body(miss))).statusCode).toBe(400);
      }
      const burnt = await post(ctx(), '/auth/reset-password-by-code', body(fresh));
      expect(burnt.statusCode).toBe(400);
      expect((await post(ctx(), '/auth/signin', { phone, password: GOOD_PASSWORD })).statusCode).toBe(200);
    });

    it('limits requests and tries per phone, known or not; refuses bad input with 400', async () => {
      at.peer.mode = 'ok';
      const phone = uniquePhone();
      await signUp(ctx(), { phone });
      for (const p of [phone, uniquePhone()]) {
        for (let i = 0; i < 3; i++) {
          expect((await post(ctx(), '/auth/forgot-password', { phone: p })).statusCode).toBe(200);
        }
        const limited = await post(ctx(), '/auth/forgot-password', { phone: p });
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error).toMatch(/^Too many password reset requests for this phone number/);
      }
      const ghost = uniquePhone();
      for (let i = 0; i < 10; i++) {
        const res = await post(ctx(), '/auth/reset-password-by-code', {
          phone: ghost,
          code: '123456',
          password: 'new-rosewater-77',
        });
        expect(res.statusCode).toBe(400);
      }
      const held = await post(ctx(), '/auth/reset-password-by-code', {
        phone: ghost,
        code: '123456',
        password: 'new-rosewater-77',
      });
      expect(held.statusCode).toBe(429);

      for (const [payload, error] of [
        [{}, 'Enter your email or your phone number'],
        [{ phone: '12345' }, PHONE_HINT],
        [{ phone, email: 'a@example.com' }, 'Enter your email or your phone number, not both'],
      ] as const) {
        const res = await post(ctx(), '/auth/forgot-password', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(error);
      }
      const noCode = await post(ctx(), '/auth/reset-password-by-code', { phone, code: '12', password: 'x' });
      expect(noCode.statusCode).toBe(400);
    });
  },
  { env: { AT_USERNAME, AT_API_KEY, AT_BASE_URL: at.url, AT_SENDER_ID } },
);

describeEachDialect('auth: outbox without SMTP or SMS credentials', (ctx) => {
  async function outboxFiles(ext: string) {
    const dir = path.join(ctx().config.dataDir, 'outbox');
    return (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(ext))
      .map((f) => path.join(dir, f));
  }

  it('writes each mail as an .eml file and each SMS as a .json file in DATA_DIR/outbox', async () => {
    const email = uniqueEmail(ctx().dialect);
    const phone = uniquePhone();
    const { cookie } = await signUp(ctx(), { email, phone });
    let emls: string[] = [];
    for (let i = 0; i < 100 && emls.length === 0; i++) {
      emls = await outboxFiles('.eml');
      if (emls.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(emls).toHaveLength(1);
    const parsed = await simpleParser(await readFile(emls[0]!));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe(email);
    expect(parsed.subject).toBe('Your Urembo verification code');
    const code = codeIn(parsed.text ?? '');
    expect((await post(ctx(), '/auth/verify-email', { code }, { cookie })).statusCode).toBe(200);

    expect((await post(ctx(), '/auth/newPhoneToken', undefined, { cookie })).statusCode).toBe(200);
    const jsons = await outboxFiles('.json');
    expect(jsons).toHaveLength(1);
    const sms = JSON.parse(await readFile(jsons[0]!, 'utf8'));
    expect(sms).toEqual({
      to: `+${canonical(phone)}`,
      from: null,
      message: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(
      (await post(ctx(), '/auth/verify-phone', { code: codeIn(sms.message) }, { cookie })).statusCode,
    ).toBe(200);
  });
});

describe('sign-up fields', () => {
  it('names the full name as the form does, not "Username"', () => {
    const messages = (fullName: string) =>
      signupBodySchema
        .safeParse({ fullName, phone: '0712345678', password: 'a long enough passphrase' })
        .error?.issues.filter((i) => i.path[0] === 'fullName')
        .map((i) => i.message);
    expect(messages('')?.[0]).toBe('Full name is required');
    expect(messages('A')).toEqual(['Full name must be at least 2 characters']);
  });
});
