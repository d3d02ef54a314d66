import { afterAll, expect, it } from 'vitest';
import {
  AT_API_KEY,
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
import { callApi, describeEachDialect, testConfig, type TestContext } from './support/test-app';

const smtp = await startSmtpServer();
const at = await startAfricasTalkingPeer();
afterAll(async () => {
  await smtp.close();
  await at.close();
});
const MESSAGING = {
  SMTP_URL: smtp.url,
  AT_USERNAME,
  AT_API_KEY,
  AT_BASE_URL: at.url,
  MESSAGE_POLL_MS: '50',
};

async function waitForSms(e164: string, count = 1): Promise<string> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const got = at.to(e164);
    if (got.length >= count) return got[count - 1]!.message;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no SMS #${count} for ${e164}`);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function me(ctx: TestContext, cookie: string) {
  return callApi(ctx, 'GET', '/auth/me', cookie);
}

/** Moves every session of the user back in time: its last use (idle) or its sign-in and end (absolute). */
async function ageSessions(
  ctx: TestContext,
  userId: string,
  field: 'last_seen_at' | 'expires_at',
  ms: number,
) {
  const rows = await ctx.database.db
    .selectFrom('sessions')
    .select(['id_hash', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();
  for (const row of rows) {
    await ctx.database.db
      .updateTable('sessions')
      .set({ [field]: new Date(Date.parse(row[field]) - ms).toISOString() })
      .where('id_hash', '=', row.id_hash)
      .execute();
  }
}

async function makeAdmin(ctx: TestContext, userId: string) {
  await ctx.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).execute();
}

it('reads the session limits in days and hours, decimals included', () => {
  const config = testConfig('/tmp/urembo-config-check', {
    SESSION_IDLE_DAYS: '0.5',
    SESSION_MAX_DAYS: '7',
    ADMIN_SESSION_IDLE_HOURS: '0.25',
  });
  expect(config.sessions).toEqual({ idleMs: 12 * HOUR, maxMs: 7 * DAY, adminIdleMs: 15 * 60_000 });
  const defaults = testConfig('/tmp/urembo-config-check');
  expect(defaults.sessions).toEqual({ idleMs: 30 * DAY, maxMs: 90 * DAY, adminIdleMs: 12 * HOUR });
  expect(() => testConfig('/tmp/urembo-config-check', { SESSION_IDLE_DAYS: '0' })).toThrow(
    /SESSION_IDLE_DAYS/,
  );
  expect(() => testConfig('/tmp/urembo-config-check', { ADMIN_SESSION_IDLE_HOURS: 'soon' })).toThrow(
    /ADMIN_SESSION_IDLE_HOURS/,
  );
});

describeEachDialect('account protection: sessions end', (ctx) => {
  it('ends a customer session after SESSION_IDLE_DAYS unused, and any session SESSION_MAX_DAYS after sign-in', async () => {
    const { user, cookie } = await signUp(ctx());
    const sessions = await callApi(ctx(), 'GET', '/auth/sessions', cookie);
    const [session] = sessions.json().data;
    expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBe(90 * DAY);
    expect(Date.parse(session.idleExpiresAt) - Date.parse(session.lastSeenAt)).toBe(30 * DAY);

    // 29 days unused: still signed in (and the use moves the idle end on).
    await ageSessions(ctx(), user._id, 'last_seen_at', 29 * DAY);
    expect((await me(ctx(), cookie)).json().user).not.toBeNull();
    const after = (await callApi(ctx(), 'GET', '/auth/sessions', cookie)).json().data[0];
    expect(Date.parse(after.idleExpiresAt)).toBeGreaterThan(Date.now() + 29 * DAY);

    await ageSessions(ctx(), user._id, 'last_seen_at', 31 * DAY);
    expect((await me(ctx(), cookie)).json().user).toBeNull();
    expect((await callApi(ctx(), 'GET', '/auth/check-auth', cookie)).statusCode).toBe(401);
    const left = await ctx()
      .database.db.selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user._id)
      .execute();
    expect(left).toEqual([]);

    // However often it is used, a session ends at its absolute limit.
    const again = await post(
      ctx(),
      '/auth/signin',
      { phone: user.phone, password: GOOD_PASSWORD },
      { ip: freshIp() },
    );
    const cookie2 = String(again.headers['set-cookie']).split(';')[0]!;
    expect((await me(ctx(), cookie2)).json().user).not.toBeNull();
    await ageSessions(ctx(), user._id, 'expires_at', 90 * DAY);
    expect((await me(ctx(), cookie2)).json().user).toBeNull();
  });

  it("ends an admin's session after ADMIN_SESSION_IDLE_HOURS unused, a customer's not", async () => {
    const admin = await signUp(ctx());
    await makeAdmin(ctx(), admin.user._id);
    const customer = await signUp(ctx());
    const adminSession = (await callApi(ctx(), 'GET', '/auth/sessions', admin.cookie)).json().data[0];
    expect(Date.parse(adminSession.idleExpiresAt) - Date.parse(adminSession.lastSeenAt)).toBe(12 * HOUR);

    await ageSessions(ctx(), admin.user._id, 'last_seen_at', 11 * HOUR);
    expect((await me(ctx(), admin.cookie)).json().user.role).toBe('admin');
    await ageSessions(ctx(), admin.user._id, 'last_seen_at', 13 * HOUR);
    await ageSessions(ctx(), customer.user._id, 'last_seen_at', 13 * HOUR);
    expect((await me(ctx(), admin.cookie)).json().user).toBeNull();
    expect((await me(ctx(), customer.cookie)).json().user).not.toBeNull();
  });
});

let emailCounter = 0;
const uniqueEmail = () => `profile${++emailCounter}.${process.pid}@example.co.ke`;
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

function signin(ctx: TestContext, body: object, userAgent = 'vitest') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    remoteAddress: freshIp(),
    headers: { 'user-agent': userAgent },
    payload: body,
  });
}

describeEachDialect(
  'account protection: profile, sign-in history, notices',
  (ctx) => {
    const put = (cookie: string | undefined, body: unknown) =>
      callApi(ctx(), 'PUT', '/user/me', cookie, body);

    it('edits the name freely; a new phone or email needs the current password, is unverified and announced', async () => {
      const email = uniqueEmail();
      const phone = uniquePhone();
      const { user, cookie } = await signUp(ctx(), { phone, email, fullName: 'Halima Noor' });
      await smtp.waitFor(email); // the sign-up's code
      await ctx()
        .database.db.updateTable('users')
        .set({ is_phone_verified: 1, is_email_verified: 1 })
        .where('id', '=', user._id)
        .execute();

      expect((await put(undefined, { fullName: 'X Y' })).statusCode).toBe(401);
      const empty = await put(cookie, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toMatch(/at least one/);
      expect((await put(cookie, { fullName: 'H' })).json().error).toMatch(/at least 2/);
      expect((await put(cookie, { phone: '0812' })).statusCode).toBe(400);
      expect((await put(cookie, { email: 'not-an-email' })).statusCode).toBe(400);

      const renamed = await put(cookie, { fullName: '  Halima Abdi ' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().user).toMatchObject({ fullName: 'Halima Abdi', isPhoneVerified: true });

      const newPhone = uniquePhone();
      const noPassword = await put(cookie, { phone: newPhone });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().error).toMatch(/current password/);
      const wrong = await put(cookie, { phone: newPhone, currentPassword: 'not-the-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('Your current password is not right');
      const taken = await signUp(ctx());
      const clash = await put(cookie, { phone: taken.user.phone, currentPassword: GOOD_PASSWORD });
      expect(clash.statusCode).toBe(409);
      // The same phone again is no change, and needs no password.
      expect((await put(cookie, { phone, fullName: 'Halima Abdi' })).statusCode).toBe(200);

      const moved = await put(cookie, { phone: newPhone, currentPassword: GOOD_PASSWORD });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().user).toMatchObject({ phone: canonical(newPhone), isPhoneVerified: false });
      const told = await waitForSms(`+${canonical(phone)}`);
      expect(told).toMatch(/phone number of your account was changed to 2547/);
      expect(at.to(`+${canonical(newPhone)}`)).toEqual([]);

      const newEmail = uniqueEmail();
      const mailed = await put(cookie, { email: newEmail.toUpperCase(), currentPassword: GOOD_PASSWORD });
      expect(mailed.statusCode, mailed.body).toBe(200);
      expect(mailed.json().user).toMatchObject({ email: newEmail, isEmailVerified: false });
      const notice = await smtp.waitFor(email, 2);
      expect(notice.subject).toBe('Your Urembo email address was changed');
      expect(notice.text).toContain(newEmail);
      const code = codeIn((await smtp.waitFor(newEmail)).text);
      const verified = await post(ctx(), '/auth/verify-email', { code }, { cookie });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().user.isEmailVerified).toBe(true);
      // The account signs in with the new phone, not the old one.
      expect((await signin(ctx(), { phone: newPhone, password: GOOD_PASSWORD })).statusCode).toBe(200);
      expect((await signin(ctx(), { phone, password: GOOD_PASSWORD })).statusCode).toBe(401);
    });

    it('keeps a sign-in history and tells the owner of a sign-in from a new device', async () => {
      const phone = uniquePhone();
      const { cookie } = await signUp(ctx(), { phone });
      expect((await callApi(ctx(), 'GET', '/auth/activity')).statusCode).toBe(401);
      // The device that signed up is known: signing in on it again tells nobody.
      expect((await signin(ctx(), { phone, password: GOOD_PASSWORD }, 'lightMyRequest')).statusCode).toBe(
        200,
      );
      expect((await signin(ctx(), { phone, password: 'wrong-password-123' })).statusCode).toBe(401);
      const fromPhone = await signin(ctx(), { phone, password: GOOD_PASSWORD }, PHONE_UA);
      expect(fromPhone.statusCode).toBe(200);
      const sms = await waitForSms(`+${canonical(phone)}`);
      expect(sms).toMatch(/signed in on a new device \(Chrome on Android\)/);
      await post(ctx(), '/auth/logout', undefined, { cookie: sessionCookieFrom(fromPhone) });
      await post(
        ctx(),
        '/auth/change-password',
        { currentPassword: GOOD_PASSWORD, newPassword: 'jacaranda-blue-88' },
        { cookie },
      );
      // A second sign-in from that phone is known now.
      expect((await signin(ctx(), { phone, password: 'jacaranda-blue-88' }, PHONE_UA)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect(at.to(`+${canonical(phone)}`)).toHaveLength(1);

      const activity = await callApi(ctx(), 'GET', '/auth/activity', cookie);
      expect(activity.statusCode).toBe(200);
      const events = activity.json().data as { at: string; event: string; device: string; ip: string }[];
      expect(events.map((e) => e.event)).toEqual([
        'signin',
        'password-changed',
        'session-ended',
        'signin',
        'signin-failed',
        'signin',
        'signin',
      ]);
      expect(events[0]!.device).toBe(PHONE_UA);
      expect(events[0]!.ip).toMatch(/^10\./);
      expect(Object.keys(events[0]!).sort()).toEqual(['at', 'device', 'event', 'ip']);
    });
  },
  { env: MESSAGING },
);
