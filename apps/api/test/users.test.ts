import { expect, it } from 'vitest';
import { seedDemoData } from '../src/dev/seed-demo';
import { shippingDemoSeeder } from '../src/dev/shipping/seeder';
import { DEMO_ADMIN_PHONE, DEMO_CUSTOMER, accountsDemoSeeder } from '../src/dev/accounts/seeder';
import { createTestUser, signedInUser } from './support/auth';
import { post, sessionCookieFrom } from './support/accounts-factories';
import { describeEachDialect } from './support/test-app';

describeEachDialect('users admin list', (ctx) => {
  it('pages users newest first, 10 by default, for admins only', async () => {
    const admin = await signedInUser(ctx(), { role: 'admin', created_at: '2020-01-01T00:00:00.000Z' });
    for (let i = 0; i < 12; i++) {
      await createTestUser(ctx(), {
        full_name: `Customer ${i}`,
        created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
        email: `c${i}@example.co.ke`,
        last_login: i === 11 ? '2025-02-01T00:00:00.000Z' : null,
      });
    }
    const first = await ctx().app.inject({ url: '/api/v1/user', headers: { cookie: admin.cookie } });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ page: 1, limit: 10, total: 13, totalPages: 2 });
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]).toEqual({
      _id: expect.any(String),
      fullName: 'Customer 11',
      email: 'c11@example.co.ke',
      phone: expect.stringMatching(/^2547\d{8}$/),
      role: 'customer',
      isEmailVerified: false,
      isPhoneVerified: false,
      lastLogin: '2025-02-01T00:00:00.000Z',
      createdAt: '2025-01-12T00:00:00.000Z',
      language: 'en',
    });
    expect(first.body).not.toMatch(/password|hash/i);
    const page2 = (
      await ctx().app.inject({ url: '/api/v1/user?page=2', headers: { cookie: admin.cookie } })
    ).json();
    expect(page2.data.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Customer 1',
      'Customer 0',
      admin.user.full_name,
    ]);
    const small = (
      await ctx().app.inject({ url: '/api/v1/user?limit=5&page=3', headers: { cookie: admin.cookie } })
    ).json();
    expect(small).toMatchObject({ page: 3, limit: 5, total: 13, totalPages: 3 });
    expect(small.data).toHaveLength(3);
    for (const bad of ['limit=101', 'page=0', 'page=abc']) {
      expect(
        (await ctx().app.inject({ url: `/api/v1/user?${bad}`, headers: { cookie: admin.cookie } }))
          .statusCode,
      ).toBe(400);
    }
    const customer = await signedInUser(ctx());
    expect(
      (await ctx().app.inject({ url: '/api/v1/user', headers: { cookie: customer.cookie } })).statusCode,
    ).toBe(403);
    expect((await ctx().app.inject({ url: '/api/v1/user' })).statusCode).toBe(401);
  });
});

describeEachDialect('demo accounts', (ctx) => {
  it('waits for the geography, then seeds a verified customer with a Nairobi address and a demo admin', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => lines.push(String(args.at(-1)));
    const log = { info: capture, warn: capture } as never;
    const db = ctx().database.db;
    expect(await seedDemoData(db, ctx().config, log, [accountsDemoSeeder])).toEqual([]);
    expect(await seedDemoData(db, ctx().config, log, [shippingDemoSeeder, accountsDemoSeeder])).toEqual([
      'shipping',
      'accounts',
    ]);
    const adminLine = lines.find((l) => l.startsWith('demo admin created'));
    expect(adminLine).toMatch(
      /sign in at http:\/\/localhost:3000\/signin with phone 0700 000 001 and password (\S+) /,
    );
    const adminPassword = /and password (\S+) /.exec(adminLine!)![1]!;

    const signin = await post(ctx(), '/auth/signin', {
      phone: '0712345678',
      password: DEMO_CUSTOMER.password,
    });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user).toMatchObject({
      fullName: 'Wanjiku Kamau',
      email: 'wanjiku@example.co.ke',
      phone: '254712345678',
      role: 'customer',
      isEmailVerified: true,
      isPhoneVerified: true,
    });
    const userId = signin.json().user._id;
    const addresses = await ctx().app.inject({
      url: `/api/v1/address/user/${userId}`,
      headers: { cookie: sessionCookieFrom(signin) },
    });
    expect(addresses.json().data).toEqual([
      expect.objectContaining({
        country: 'Kenya',
        county: 'Nairobi',
        isDefault: true,
        phone: '254712345678',
      }),
    ]);
    const admin = await post(ctx(), '/auth/signin', { phone: DEMO_ADMIN_PHONE, password: adminPassword });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toBe('admin');
  });
});

describeEachDialect(
  'demo accounts with a configured admin',
  (ctx) => {
    it('creates no demo admin when ADMIN_* names one', async () => {
      const log = { info: () => undefined, warn: () => undefined } as never;
      await seedDemoData(ctx().database.db, ctx().config, log, [shippingDemoSeeder, accountsDemoSeeder]);
      const admins = await ctx()
        .database.db.selectFrom('users')
        .select('phone')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toEqual([]);
      const demo = await ctx()
        .database.db.selectFrom('users')
        .select('id')
        .where('phone', '=', DEMO_ADMIN_PHONE)
        .execute();
      expect(demo).toEqual([]);
    });
  },
  { env: { ADMIN_PHONE: '0799000111', ADMIN_PASSWORD: 'configured-admin-pw' } },
);
