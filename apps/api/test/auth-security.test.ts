import { afterEach, expect, it, vi } from 'vitest';
import {
  GOOD_PASSWORD,
  freshIp,
  post,
  sessionCookieFrom,
  signUp,
  uniquePhone,
} from './support/accounts-factories';
import { describeEachDialect, type TestContext } from './support/test-app';

/*
 * Production safety for accounts: the visitor's session check, sign-in guesses limited per account
 * across every address, the password rule, change password and the list of signed-in devices.
 */

const get = (ctx: TestContext, url: string, cookie?: string) =>
  ctx.app.inject({ url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });

const signin = (ctx: TestContext, phone: string, password: string, ip = freshIp(), userAgent?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    remoteAddress: ip,
    payload: { phone, password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });

afterEach(() => {
  vi.useRealTimers();
});

describeEachDialect('auth: the visitor session check', (ctx) => {
  it('GET /auth/me answers 200 {user: null} for a visitor and the user when signed in', async () => {
    const visitor = await get(ctx(), '/auth/me');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    expect(visitor.headers['cache-control']).toBe('no-store');
    const { user, cookie } = await signUp(ctx());
    const me = await get(ctx(), '/auth/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(user._id);
    expect(me.json().user.password_hash).toBeUndefined();
    // A cookie that names no session is a visitor too.
    expect((await get(ctx(), '/auth/me', 'urembo_session=made-up')).json()).toEqual({ user: null });
  });
});

describeEachDialect('auth: sign-in guesses per account', (ctx) => {
  it('holds an account back after five wrong passwords from five addresses, then lets the right one in', async () => {
    const phone = uniquePhone();
    await signUp(ctx(), { phone });
    for (let i = 0; i < 5; i++) expect((await signin(ctx(), phone, `wrong-${i}`)).statusCode).toBe(401);
    // A sixth address, even with the right password, waits out the hold.
    const held = await signin(ctx(), phone, GOOD_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toMatch(
      /^Too many wrong passwords for this account\. Please try again in (29|30) seconds\.$/,
    );
    const retry = Number(held.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(30);
    // The same holds for an account that does not exist (a hold reveals nothing).
    const ghost = uniquePhone();
    for (let i = 0; i < 5; i++) expect((await signin(ctx(), ghost, 'x-wrong-1')).statusCode).toBe(401);
    expect((await signin(ctx(), ghost, 'x-wrong-1')).statusCode).toBe(429);

    // After the hold the right password works again (and clears the count).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    expect((await signin(ctx(), phone, GOOD_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signin(ctx(), phone, 'wrong-again')).statusCode).toBe(401);
  });

  it('grows the delay with each further wrong password, never past 15 minutes', async () => {
    const phone = uniquePhone();
    await signUp(ctx(), { phone });
    vi.useFakeTimers({ toFake: ['Date'] });
    const waits: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await signin(ctx(), phone, 'still-wrong');
      expect(res.statusCode).toBe(401);
      const next = await signin(ctx(), phone, 'still-wrong');
      if (next.statusCode === 429) {
        const wait = Number(next.headers['retry-after']);
        waits.push(wait);
        vi.setSystemTime(Date.now() + wait * 1000 + 1000);
      } else {
        expect(next.statusCode).toBe(401);
        i += 1;
      }
    }
    expect(waits.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(Math.max(...waits)).toBe(900);
    expect(waits[0]).toBeLessThanOrEqual(30);
    // After the longest hold, the owner still gets in.
    expect((await signin(ctx(), phone, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describeEachDialect(
  'auth: client addresses behind a trusted proxy (TRUST_PROXY=true)',
  (ctx) => {
    const viaProxy = (forwardedFor: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { phone: uniquePhone(), password: 'x' },
      });

    it('takes the address its proxy saw, so rotating X-Forwarded-For buys no extra tries', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 51; i++) {
        // The client writes a new left-most entry each time; the proxy appends the address it really saw.
        statuses.push((await viaProxy(`203.0.113.${i}, 198.51.100.7`)).statusCode);
      }
      expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
      expect(statuses[50]).toBe(429);
      // Another real client behind the same proxy is not affected.
      expect((await viaProxy('198.51.100.8')).statusCode).toBe(401);
    });
  },
  { env: { TRUST_PROXY: 'true' } },
);

describeEachDialect('auth: the password rule', (ctx) => {
  it('refuses passwords built from the phone (any form), the name, the email or the shop name', async () => {
    const attempt = (password: string) =>
      post(ctx(), '/auth/signup', {
        fullName: 'Njeri Wambui',
        email: `njeri.w${Math.random().toString(36).slice(2, 6)}@example.co.ke`,
        phone: '0722334455',
        password,
      });
    const cases: [string, RegExp][] = [
      ['0722334455!', /phone number/],
      ['+254722334455x', /phone number/],
      ['pass722334455', /phone number/],
      ['0722-334-455 ok', /phone number/],
      ['NJERI-loves-1990', /your name/],
      ['my wambui 2024', /your name/],
      ['Urembo2025!', /shop's name/],
      ['Password1', /most common/],
      ['sunshine', /most common/],
      ['short', /at least 8/],
    ];
    for (const [password, reason] of cases) {
      const res = await attempt(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error, password).toMatch(reason);
    }
    const email = `makena${Date.now()}@example.co.ke`;
    const local = email.split('@')[0]!;
    const byEmail = await post(ctx(), '/auth/signup', {
      fullName: 'Akinyi Odera',
      email,
      phone: uniquePhone(),
      password: `x-${local}-x`,
    });
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json().error).toMatch(/email address/);
    expect((await attempt('marula-oil-and-rose')).statusCode).toBe(201);
  });
});

describeEachDialect('auth: change password and signed-in devices', (ctx) => {
  it('changes the password with the current one and ends every other session', async () => {
    const phone = uniquePhone();
    const { cookie } = await signUp(ctx(), { phone, fullName: 'Chebet Langat' });
    const other = sessionCookieFrom(await signin(ctx(), phone, GOOD_PASSWORD));
    const change = (body: unknown, c = cookie) => post(ctx(), '/auth/change-password', body, { cookie: c });

    expect((await post(ctx(), '/auth/change-password', {})).statusCode).toBe(401);
    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: 'baobab-tree-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Your current password is not right');
    for (const [newPassword, reason] of [
      ['12345678', /most common/],
      ['qwertyuiop[]', /row of keys/],
      ['zzzzzzzzzz', /one character repeated/],
      ['chebet-2026!', /your name/],
      [`x${phone.slice(1)}x`, /phone number/],
      ['tiny', /at least 8/],
      [GOOD_PASSWORD, /differ/],
    ] as const) {
      const res = await change({ currentPassword: GOOD_PASSWORD, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().error).toMatch(reason);
    }
    const ok = await change({ currentPassword: GOOD_PASSWORD, newPassword: 'baobab-tree-2026' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toMatch(/Password changed/);
    // This device stays signed in; the other one is signed out.
    expect((await get(ctx(), '/auth/me', cookie)).json().user).not.toBeNull();
    expect((await get(ctx(), '/auth/me', other)).json().user).toBeNull();
    expect((await signin(ctx(), phone, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await signin(ctx(), phone, 'baobab-tree-2026')).statusCode).toBe(200);
  });

  it('lists the devices, marks this one, and signs out one or all the others', async () => {
    const phone = uniquePhone();
    const { cookie } = await signUp(ctx(), { phone });
    const phoneUa =
      'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
    const second = sessionCookieFrom(await signin(ctx(), phone, GOOD_PASSWORD, freshIp(), phoneUa));
    const third = sessionCookieFrom(await signin(ctx(), phone, GOOD_PASSWORD));

    expect((await get(ctx(), '/auth/sessions')).statusCode).toBe(401);
    const list = await get(ctx(), '/auth/sessions', cookie);
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as {
      _id: string;
      current: boolean;
      createdAt: string;
      lastSeenAt: string;
      userAgent: string | null;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    for (const s of sessions) {
      expect(s._id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(Object.keys(s).sort()).toEqual([
        '_id',
        'createdAt',
        'current',
        'expiresAt',
        'idleExpiresAt',
        'lastSeenAt',
        'userAgent',
      ]);
      expect(cookie).not.toContain(s._id);
    }
    const android = sessions.find((s) => s.userAgent === phoneUa);
    expect(android).toBeDefined();

    // Another customer cannot end these sessions.
    const stranger = await signUp(ctx());
    const foreign = await ctx().app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${android!._id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(ctx(), '/auth/me', second)).json().user).not.toBeNull();

    const end = await ctx().app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${android!._id}`,
      headers: { cookie },
    });
    expect(end.statusCode).toBe(200);
    expect((await get(ctx(), '/auth/me', second)).json().user).toBeNull();
    const again = await ctx().app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${android!._id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);

    const others = await post(ctx(), '/auth/sessions/sign-out-others', undefined, { cookie });
    expect(others.statusCode).toBe(200);
    expect(others.json()).toMatchObject({ ended: 1 });
    expect((await get(ctx(), '/auth/me', third)).json().user).toBeNull();
    const left = (await get(ctx(), '/auth/sessions', cookie)).json().data;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    // Ending this device's own session signs it out and clears its cookie.
    const self = await ctx().app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${left[0]._id}`,
      headers: { cookie },
    });
    expect(self.statusCode).toBe(200);
    expect(String(self.headers['set-cookie'])).toMatch(/urembo_session=;/);
    expect((await get(ctx(), '/auth/me', cookie)).json().user).toBeNull();
  });
});
