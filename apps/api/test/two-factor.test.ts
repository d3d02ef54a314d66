import { expect, it } from 'vitest';
import { ADMIN_NEEDS_TWO_FACTOR } from '@urembo/contract/two-factor';
import { decryptSecret, matchingStep } from '../src/modules/auth/two-factor-secrets';
import { PENDING_SIGNIN_COOKIE } from '../src/modules/auth/pending-signin';
import { GOOD_PASSWORD, post, sessionCookieFrom, signUp } from './support/accounts-factories';
import { signedInUser } from './support/auth';
import { callApi, describeEachDialect, testConfig, type TestContext } from './support/test-app';
import { base32Decode, hotp, totp } from './support/totp';

/** The pending-sign-in cookie a sign-in answer set, as a Cookie header. */
function pendingCookieFrom(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : [header]) as string[];
  const pending = cookies.find(
    (c) => c.startsWith(`${PENDING_SIGNIN_COOKIE}=`) && !c.includes('Expires=Thu, 01 Jan 1970'),
  );
  if (!pending) throw new Error('no pending sign-in cookie was set');
  expect(pending).toContain('Path=/api/v1/auth/2fa');
  expect(pending).toContain('HttpOnly');
  return pending.split(';')[0]!;
}

function hasSessionCookie(response: { headers: Record<string, unknown> }): boolean {
  const header = response.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : [header]) as (string | undefined)[];
  return cookies.some((c) => c?.startsWith('urembo_session=') && !c.startsWith('urembo_session=;'));
}

/** A customer with two-factor on: her secret, recovery codes and the phone she signs in with. */
async function withTwoFactor(ctx: TestContext) {
  const { user, cookie } = await signUp(ctx);
  const setup = await callApi(ctx, 'POST', '/auth/2fa/setup', cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await callApi(ctx, 'POST', '/auth/2fa/enable', cookie, { code: totp(secret) });
  expect(enable.statusCode, enable.body).toBe(200);
  return { user, cookie, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function passwordStep(ctx: TestContext, phone: string, password = GOOD_PASSWORD) {
  const res = await post(ctx, '/auth/signin', { phone, password });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, message: expect.any(String) });
  expect(hasSessionCookie(res)).toBe(false);
  return pendingCookieFrom(res);
}

it('computes the RFC 6238 test vector, and the server accepts it (SHA-1, 30 s, 6 digits)', () => {
  // RFC 6238 appendix B: the ASCII secret "12345678901234567890", T = 59 s → 94287082 (8 digits).
  const key = Buffer.from('12345678901234567890');
  expect(hotp(key, 1, 8)).toBe('94287082');
  const base32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  expect(base32Decode(base32)).toEqual(key);
  expect(totp(base32, { at: 59_000 })).toBe('287082');
  expect(matchingStep(base32, '287082', 59_000)).toBe(1);
  // One step of drift either way, no more.
  expect(matchingStep(base32, totp(base32, { at: 59_000, steps: 1 }), 59_000)).toBe(2);
  expect(matchingStep(base32, totp(base32, { at: 90_000, steps: -1 }), 90_000)).toBe(2);
  expect(matchingStep(base32, totp(base32, { at: 59_000, steps: 2 }), 59_000)).toBeNull();
});

it('reads ADMIN_REQUIRE_2FA: on by default in production only', () => {
  expect(testConfig('/tmp/urembo-config-check').adminRequire2fa).toBe(false);
  expect(testConfig('/tmp/urembo-config-check', { NODE_ENV: 'production' }).adminRequire2fa).toBe(true);
  expect(
    testConfig('/tmp/urembo-config-check', { NODE_ENV: 'production', ADMIN_REQUIRE_2FA: 'false' })
      .adminRequire2fa,
  ).toBe(false);
  expect(testConfig('/tmp/urembo-config-check', { ADMIN_REQUIRE_2FA: 'yes' }).adminRequire2fa).toBe(true);
  expect(() => testConfig('/tmp/urembo-config-check', { ADMIN_REQUIRE_2FA: 'sometimes' })).toThrow(
    /ADMIN_REQUIRE_2FA/,
  );
});

describeEachDialect('two-factor sign-in', (ctx) => {
  it('sets up with a secret and otpauth link, turns on with a code, and gives ten recovery codes once', async () => {
    const { user, cookie } = await signUp(ctx());
    expect((await callApi(ctx(), 'GET', '/auth/2fa', cookie)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await callApi(ctx(), 'POST', '/auth/2fa/setup', cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      issuer: 'Urembo',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    // The database keeps the secret encrypted with the server's key: a copy of the table alone does not give it.
    const row = await ctx()
      .database.db.selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.enabled_at).toBeNull();
    expect(decryptSecret(ctx().config.sessionSecret, user._id, row.secret)).toBe(secret);
    expect(() => decryptSecret('another-server-secret-0123456789abcdef', user._id, row.secret)).toThrow();

    // Not on until a code proves the app has it.
    expect((await callApi(ctx(), 'GET', '/auth/2fa', cookie)).json().enabled).toBe(false);
    const wrong = await callApi(ctx(), 'POST', '/auth/2fa/enable', cookie, {
      code: totp(secret, { steps: 5 }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/not right/);
    const enable = await callApi(ctx(), 'POST', '/auth/2fa/enable', cookie, { code: totp(secret) });
    expect(enable.statusCode, enable.body).toBe(200);
    const codes = enable.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await ctx()
      .database.db.selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user._id)
      .execute();
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) expect(dump).not.toContain(code.replace('-', ''));

    expect((await callApi(ctx(), 'GET', '/auth/2fa', cookie)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    // Shown once: a second setup or enable is refused.
    expect((await callApi(ctx(), 'POST', '/auth/2fa/setup', cookie)).statusCode).toBe(409);
    expect(
      (await callApi(ctx(), 'POST', '/auth/2fa/enable', cookie, { code: totp(secret, { steps: 1 }) }))
        .statusCode,
    ).toBe(409);
    const activity = (await callApi(ctx(), 'GET', '/auth/activity', cookie)).json().data as {
      event: string;
    }[];
    expect(activity[0]!.event).toBe('two-factor-enabled');
  });

  it('asks for the code after the password, signs in with it, and never takes a code twice', async () => {
    const { user, secret } = await withTwoFactor(ctx());
    const pending = await passwordStep(ctx(), user.phone);

    // The code used to turn it on cannot be replayed, nor one from before it.
    const replay = await post(ctx(), '/auth/2fa/verify', { code: totp(secret) }, { cookie: pending });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatch(/just used|not right/);
    expect(hasSessionCookie(replay)).toBe(false);

    const next = totp(secret, { steps: 1 });
    const ok = await post(ctx(), '/auth/2fa/verify', { code: next }, { cookie: pending });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user._id).toBe(user._id);
    const session = sessionCookieFrom(ok);
    expect((await callApi(ctx(), 'GET', '/auth/check-auth', session)).statusCode).toBe(200);

    // The same code again, even with a new password step, is refused; so is an older one.
    const again = await passwordStep(ctx(), user.phone);
    const replayed = await post(ctx(), '/auth/2fa/verify', { code: next }, { cookie: again });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toMatch(/just used/);
    const older = await post(
      ctx(),
      '/auth/2fa/verify',
      { code: totp(secret, { steps: -1 }) },
      { cookie: again },
    );
    expect(older.statusCode).toBe(400);
    const events = (await callApi(ctx(), 'GET', '/auth/activity', session)).json().data as {
      event: string;
    }[];
    expect(events.slice(0, 2).map((e) => e.event)).toEqual(['signin-failed', 'signin-failed']);
  });

  it('takes each recovery code once, typed in any case and with or without its dash', async () => {
    const { user, recoveryCodes } = await withTwoFactor(ctx());
    const pending = await passwordStep(ctx(), user.phone);
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    const ok = await post(ctx(), '/auth/2fa/verify', { code: typed }, { cookie: pending });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = sessionCookieFrom(ok);
    expect((await callApi(ctx(), 'GET', '/auth/2fa', session)).json().recoveryCodesLeft).toBe(9);

    const pending2 = await passwordStep(ctx(), user.phone);
    const reused = await post(ctx(), '/auth/2fa/verify', { code: recoveryCodes[3] }, { cookie: pending2 });
    expect(reused.statusCode).toBe(400);
    const other = await post(ctx(), '/auth/2fa/verify', { code: recoveryCodes[4] }, { cookie: pending2 });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('refuses a verify without the pending sign-in, with a forged or expired one, and bad codes', async () => {
    const { user, secret } = await withTwoFactor(ctx());
    const code = totp(secret, { steps: 1 });
    const none = await post(ctx(), '/auth/2fa/verify', { code });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/sign in again/i);
    const forged = await post(
      ctx(),
      '/auth/2fa/verify',
      { code },
      {
        cookie: `${PENDING_SIGNIN_COOKIE}=${user._id}.${Date.now() + 60_000}`,
      },
    );
    expect(forged.statusCode).toBe(400);
    const expired = ctx().app.signCookie(`${user._id}.${Date.now() - 1}`);
    const late = await post(
      ctx(),
      '/auth/2fa/verify',
      { code },
      {
        cookie: `${PENDING_SIGNIN_COOKIE}=${encodeURIComponent(expired)}`,
      },
    );
    expect(late.statusCode).toBe(400);

    const pending = await passwordStep(ctx(), user.phone);
    for (const bad of [
      {},
      { code: '' },
      { code: '12345' },
      { code: 'abc' },
      { code: 42 },
      { code: 'x'.repeat(500) },
    ]) {
      const res = await post(ctx(), '/auth/2fa/verify', bad, { cookie: pending });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    // A well-formed recovery code that is not one of the account's.
    const unknown = await post(ctx(), '/auth/2fa/verify', { code: 'aaaaa-bbbbb' }, { cookie: pending });
    expect(unknown.statusCode).toBe(400);
    // The signed-out cannot set up or turn off; bad bodies are 400.
    expect((await callApi(ctx(), 'POST', '/auth/2fa/setup')).statusCode).toBe(401);
    expect((await callApi(ctx(), 'GET', '/auth/2fa')).statusCode).toBe(401);
    const { cookie } = await signUp(ctx());
    expect(
      (await callApi(ctx(), 'POST', '/auth/2fa/enable', cookie, { code: '123456' })).json().error,
    ).toMatch(/setup first/);
    expect((await callApi(ctx(), 'POST', '/auth/2fa/enable', cookie, { code: '12 34' })).statusCode).toBe(
      400,
    );
    const notOn = await callApi(ctx(), 'POST', '/auth/2fa/disable', cookie, {
      password: GOOD_PASSWORD,
      code: '123456',
    });
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json().error).toMatch(/not on/);
  });

  it('voids a pending sign-in when the password changes before the code is entered', async () => {
    const { user, cookie, secret } = await withTwoFactor(ctx());
    const pending = await passwordStep(ctx(), user.phone);
    const changed = await callApi(ctx(), 'POST', '/auth/change-password', cookie, {
      currentPassword: GOOD_PASSWORD,
      newPassword: 'baobab-bark-tea-41',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const late = await post(
      ctx(),
      '/auth/2fa/verify',
      { code: totp(secret, { steps: 1 }) },
      { cookie: pending },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatch(/sign in again/i);
    expect(hasSessionCookie(late)).toBe(false);
    // A pending cookie signed by the server but with another tag is no better.
    const forged = ctx().app.signCookie(`${user._id}.${Date.now() + 60_000}.AAAAAAAAAAAAAAAAAAAAAA`);
    const refused = await post(
      ctx(),
      '/auth/2fa/verify',
      { code: totp(secret, { steps: 1 }) },
      {
        cookie: `${PENDING_SIGNIN_COOKIE}=${encodeURIComponent(forged)}`,
      },
    );
    expect(refused.statusCode).toBe(400);
    // With the new password, the code signs in.
    const again = await passwordStep(ctx(), user.phone, 'baobab-bark-tea-41');
    const ok = await post(ctx(), '/auth/2fa/verify', { code: totp(secret, { steps: 1 }) }, { cookie: again });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers 409 saying what to do when the secret no longer decrypts (the server secret changed)', async () => {
    const { user, cookie, secret } = await withTwoFactor(ctx());
    const row = await ctx()
      .database.db.selectFrom('two_factor')
      .select('secret')
      .where('user_id', '=', user._id)
      .executeTakeFirstOrThrow();
    // The same ciphertext read as another account's: the authenticated id no longer matches.
    const other = await signUp(ctx());
    await ctx()
      .database.db.insertInto('two_factor')
      .values({
        user_id: other.user._id,
        secret: row.secret,
        enabled_at: new Date().toISOString(),
        last_step: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const pending = await passwordStep(ctx(), other.user.phone);
    const res = await post(
      ctx(),
      '/auth/2fa/verify',
      { code: totp(secret, { steps: 1 }) },
      { cookie: pending },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/server secret changed/);
    const off = await callApi(ctx(), 'POST', '/auth/2fa/disable', other.cookie, {
      password: GOOD_PASSWORD,
      code: totp(secret, { steps: 1 }),
    });
    expect(off.statusCode).toBe(409);
    // The owner's own row still works.
    expect((await callApi(ctx(), 'GET', '/auth/2fa', cookie)).json().enabled).toBe(true);
  });

  it('counts wrong codes towards the account sign-in hold, which a right password does not lift', async () => {
    const { user, secret } = await withTwoFactor(ctx());
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const pending = await passwordStep(ctx(), user.phone);
      const res = await post(
        ctx(),
        '/auth/2fa/verify',
        { code: totp(secret, { steps: 9 }) },
        { cookie: pending },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
    // Held back: even the right code waits.
    const pending = await passwordStep(ctx(), user.phone);
    const held = await post(
      ctx(),
      '/auth/2fa/verify',
      { code: totp(secret, { steps: 1 }) },
      { cookie: pending },
    );
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
  });

  it('turns off with the password and a code; the account is told; the password alone signs in again', async () => {
    const { user, cookie, secret, recoveryCodes } = await withTwoFactor(ctx());
    const wrongPassword = await callApi(ctx(), 'POST', '/auth/2fa/disable', cookie, {
      password: 'not-my-password-1',
      code: totp(secret, { steps: 1 }),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toMatch(/password/);
    const wrongCode = await callApi(ctx(), 'POST', '/auth/2fa/disable', cookie, {
      password: GOOD_PASSWORD,
      code: totp(secret, { steps: 7 }),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(
      (await callApi(ctx(), 'POST', '/auth/2fa/disable', cookie, { password: GOOD_PASSWORD })).statusCode,
    ).toBe(400);
    const off = await callApi(ctx(), 'POST', '/auth/2fa/disable', cookie, {
      password: GOOD_PASSWORD,
      code: recoveryCodes[0],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await callApi(ctx(), 'GET', '/auth/2fa', cookie)).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const left = await ctx()
      .database.db.selectFrom('two_factor_recovery_codes')
      .select('id')
      .where('user_id', '=', user._id)
      .execute();
    expect(left).toEqual([]);
    const notice = await ctx()
      .database.db.selectFrom('account_notices')
      .select(['subject', 'sent_to'])
      .where('user_id', '=', user._id)
      .where('subject', '=', 'Two-factor sign-in was turned off')
      .execute();
    expect(notice).toEqual([{ subject: 'Two-factor sign-in was turned off', sent_to: user.phone }]);

    const signin = await post(ctx(), '/auth/signin', { phone: user.phone, password: GOOD_PASSWORD });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user._id).toBe(user._id);
  });
});

describeEachDialect(
  'admins need two-factor sign-in where ADMIN_REQUIRE_2FA',
  (ctx) => {
    it(`answers admin routes 403 "${ADMIN_NEEDS_TWO_FACTOR}" until it is on; the setup stays open`, async () => {
      const { cookie } = await signedInUser(ctx(), { role: 'admin' });
      const before = await callApi(ctx(), 'GET', '/user', cookie);
      expect(before.statusCode).toBe(403);
      expect(before.json().error).toBe(ADMIN_NEEDS_TWO_FACTOR);
      expect((await callApi(ctx(), 'GET', '/auth/2fa', cookie)).json()).toEqual({
        enabled: false,
        recoveryCodesLeft: 0,
        required: true,
      });
      const setup = await callApi(ctx(), 'POST', '/auth/2fa/setup', cookie);
      expect(setup.statusCode).toBe(200);
      const enable = await callApi(ctx(), 'POST', '/auth/2fa/enable', cookie, {
        code: totp(setup.json().secret),
      });
      expect(enable.statusCode).toBe(200);
      expect((await callApi(ctx(), 'GET', '/user', cookie)).statusCode).toBe(200);
      expect((await callApi(ctx(), 'GET', '/auth/2fa', cookie)).json().required).toBe(false);
      // A customer is still told she is not an admin.
      const customer = await signedInUser(ctx());
      const refused = await callApi(ctx(), 'GET', '/user', customer.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).not.toBe(ADMIN_NEEDS_TWO_FACTOR);
    });
  },
  { env: { ADMIN_REQUIRE_2FA: 'true' } },
);
