import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  AT_API_KEY,
  AT_USERNAME,
  codeIn,
  sessionCookieFrom,
  startAfricasTalkingPeer,
  startSmtpServer,
  SMTP_PASS,
} from './support/accounts-factories';
import { DarajaPeer, PEER_CREDENTIALS, peerEnv } from './support/daraja-peer';
import { createTestOrder } from './support/orders-factories';
import { freePort } from './support/ports';
import { totp } from './support/totp';
import { createTestDatabase, type TestDatabase } from './support/test-db';
import { DIALECTS, testConfig } from './support/test-app';

/*
 * With LOG_LEVEL=trace, a customer signs up, verifies email and phone, resets the password, signs in and
 * pays by STK push; the captured log must hold none of the secrets that passed through the shop.
 */
const CALLBACK_SECRET = 'log-test-callback-secret-0123456789';
const SESSION_SECRET = 'log-test-session-secret-0123456789abcdef';

for (const dialect of DIALECTS) {
  const pgUrl = inject('pgUrl');
  (dialect === 'postgres' && !pgUrl ? describe.skip : describe)(
    `secrets never reach the logs [${dialect}]`,
    () => {
      const lines: string[] = [];
      const secrets = new Map<string, string>();
      let app: FastifyInstance;
      let database: TestDatabase;
      let peer: DarajaPeer;
      const smtp = startSmtpServer();
      const at = startAfricasTalkingPeer();

      beforeAll(async () => {
        const port = await freePort();
        const callbackUrl = `http://127.0.0.1:${port}/api/v1/m-pesa/callback/${CALLBACK_SECRET}`;
        peer = await new DarajaPeer({ ...PEER_CREDENTIALS, callbackUrl }).start();
        database = await createTestDatabase(dialect, pgUrl);
        const stream = new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        });
        const config = testConfig(database.dataDir, {
          ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
          ...peerEnv(peer, {
            MPESA_CALLBACK_SECRET: CALLBACK_SECRET,
            PUBLIC_URL: `http://127.0.0.1:${port}`,
          }),
          SESSION_SECRET,
          SMTP_URL: (await smtp).url,
          MAIL_FROM: 'hello@urembo.test',
          AT_USERNAME,
          AT_API_KEY,
          AT_BASE_URL: (await at).url,
          LOG_LEVEL: 'trace',
          MESSAGE_POLL_MS: '50',
        });
        app = await buildApp({ config, database, logger: { level: 'trace', stream } });
        await app.listen({ port, host: '127.0.0.1' });
        for (const [name, value] of Object.entries({
          'Daraja consumer secret': PEER_CREDENTIALS.consumerSecret,
          'Daraja passkey': PEER_CREDENTIALS.passkey,
          'callback secret': CALLBACK_SECRET,
          'session secret': SESSION_SECRET,
          'SMTP password': SMTP_PASS,
          "Africa's Talking key": AT_API_KEY,
        }))
          secrets.set(name, value);
      });
      afterAll(async () => {
        await app.close();
        await database.destroy();
        await peer.stop();
        await (await smtp).close();
        await (await at).close();
      });

      const call = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie?: string) =>
        app.inject({
          method,
          url: `/api/v1${url}`,
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
          headers: cookie ? { cookie } : {},
        });

      it('sign-up, verification, reset, sign-in and an STK payment leave no secret in a trace log', async () => {
        const email = `kerubo.${dialect}@example.co.ke`;
        const phone = '0733222111';
        const firstPassword = 'hibiscus-petals-77';
        const secondPassword = 'moringa-leaf-tea-88';
        secrets.set('first password', firstPassword);
        secrets.set('second password', secondPassword);

        const signup = await call('POST', '/auth/signup', {
          fullName: 'Kerubo Moraa',
          email,
          phone,
          password: firstPassword,
        });
        expect(signup.statusCode, signup.body).toBe(201);
        let cookie = sessionCookieFrom(signup);
        secrets.set('session cookie', cookie.split('=')[1]!);

        const mail = await (await smtp).waitFor(email);
        const emailCode = codeIn(mail.text);
        secrets.set('email code', emailCode);
        expect((await call('POST', '/auth/verify-email', { code: emailCode }, cookie)).statusCode).toBe(200);

        expect((await call('POST', '/auth/newPhoneToken', undefined, cookie)).statusCode).toBe(200);
        const sms = (await at).received.at(-1)!;
        const phoneCode = codeIn(sms.message);
        secrets.set('phone code', phoneCode);
        expect((await call('POST', '/auth/verify-phone', { code: phoneCode }, cookie)).statusCode).toBe(200);

        // The reset mail is refused once: the queue logs the failure and sends it again; neither logs the link.
        (await smtp).peer.mode = 'temporary';
        expect((await call('POST', '/auth/forgot-password', { email })).statusCode).toBe(200);
        for (let i = 0; i < 200 && !lines.some((l) => l.includes('account mail failed; will retry')); i++) {
          await new Promise((r) => setTimeout(r, 25));
        }
        (await smtp).peer.mode = 'ok';
        await database.db
          .updateTable('account_mails')
          .set({ next_attempt_at: new Date().toISOString() })
          .where('status', '=', 'queued')
          .execute();
        const resetMail = await (await smtp).waitFor(email, 2);
        const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(resetMail.text)![1]!;
        secrets.set('reset token', token);
        const reset = await call('POST', `/auth/reset-password/${token}`, { password: secondPassword });
        expect(reset.statusCode, reset.body).toBe(200);

        const signin = await call('POST', '/auth/signin', { email, password: secondPassword });
        expect(signin.statusCode).toBe(200);
        cookie = sessionCookieFrom(signin);
        secrets.set('second session cookie', cookie.split('=')[1]!);
        // A wrong password is not logged either.
        secrets.set('wrong password', 'guess-of-an-attacker-1');
        await call('POST', '/auth/signin', { email, password: 'guess-of-an-attacker-1' });

        // Two-factor sign-in: the secret, its codes, the recovery codes and the pending sign-in stay out too.
        const setup = await call('POST', '/auth/2fa/setup', undefined, cookie);
        const totpSecret = (setup.json() as { secret: string }).secret;
        secrets.set('TOTP secret', totpSecret);
        const firstCode = totp(totpSecret);
        secrets.set('TOTP code', firstCode);
        const enabled = await call('POST', '/auth/2fa/enable', { code: firstCode }, cookie);
        expect(enabled.statusCode, enabled.body).toBe(200);
        const recoveryCodes = (enabled.json() as { recoveryCodes: string[] }).recoveryCodes;
        recoveryCodes.forEach((code, i) => secrets.set(`recovery code ${i + 1}`, code));
        const pendingSignin = await call('POST', '/auth/signin', { email, password: secondPassword });
        const pendingCookie = ([pendingSignin.headers['set-cookie']].flat() as string[])
          .find((c) => c.startsWith('urembo_signin_2fa='))!
          .split(';')[0]!;
        secrets.set('pending sign-in cookie', pendingCookie.split('=')[1]!);
        await call('POST', '/auth/2fa/verify', { code: 'wrong-guess' }, pendingCookie);
        const verified = await call('POST', '/auth/2fa/verify', { code: recoveryCodes[0] }, pendingCookie);
        expect(verified.statusCode, verified.body).toBe(200);
        cookie = sessionCookieFrom(verified);

        const me = (await call('GET', '/auth/me', undefined, cookie)).json().user as { _id: string };
        const order = await createTestOrder({ app, database, config: undefined as never, dialect }, me._id, {
          total: 1500,
        });
        const push = await call('POST', `/m-pesa/stk/${order.id}`, { phone }, cookie);
        expect(push.statusCode, push.body).toBe(201);
        for (const token of (peer as unknown as { tokens: Set<string> }).tokens)
          secrets.set('Daraja access token', token);
        const answer = await peer.sendCallback(peer.lastPush(), { resultCode: 0, receipt: 'SLG1ABC2DE' });
        expect(answer.status).toBe(200);
        await app.inject({ url: `/api/v1/order/${order.id}`, headers: { cookie } });

        const log = lines.join('');
        expect(log.length).toBeGreaterThan(3_000);
        // The log did record the journey (so an empty or silenced log cannot pass this test).
        expect(log).toContain('/api/v1/auth/reset-password/[redacted]');
        expect(log).toContain('/api/v1/m-pesa/callback/[redacted]');
        expect(log).toContain('mail sent');
        expect(log).toContain('account mail failed; will retry');
        // Nor a link or code the test never saw (a mail's failed try made its own, never delivered).
        expect(log).not.toMatch(/reset-password\/(?!\[redacted\])[A-Za-z0-9_-]{20,}/);
        expect(log).not.toMatch(/verification code is/i);
        for (const [name, secret] of secrets)
          expect(log.includes(secret), `${name} is in the log`).toBe(false);
      });
    },
  );
}
