import { expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { GOOD_PASSWORD, freshIp, post, signUp } from './support/accounts-factories';
import { callApi, describeEachDialect, testConfig, type TestContext } from './support/test-app';

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
  expect(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/urembo-config-check',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: 'https://shop.example',
    }).adminRequire2fa,
  ).toBe(true);
  expect(defaults.adminRequire2fa).toBe(false);
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
