import { expect, it } from 'vitest';
import { GOOD_PASSWORD, post, signUp, uniquePhone } from './support/accounts-factories';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { createTestOrder } from './support/orders-factories';
import { insertTestReview } from './support/reviews-factories';
import { callApi, describeEachDialect } from './support/test-app';

describeEachDialect("the customer's own data", (ctx) => {
  async function customerWithAnOrder(email?: string) {
    const phone = uniquePhone();
    const account = await signUp(ctx(), { phone, ...(email ? { email } : {}) });
    const product = await createProduct(ctx(), { name: 'Shea Butter' });
    const order = await createTestOrder(ctx(), account.user._id, {
      products: [{ id: product.id, name: 'Shea Butter', price: 900 }],
    });
    const now = new Date().toISOString();
    await ctx()
      .database.db.insertInto('addresses')
      .values({
        id: `addr-${account.user._id}`,
        user_id: account.user._id,
        name: 'Achieng Otieno',
        phone,
        email: null,
        country: 'Kenya',
        county: 'Nairobi',
        town: 'Westlands',
        location: 'Sarit Centre',
        location_id: null,
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const review = await insertTestReview(ctx(), {
      user_id: account.user._id,
      product_id: product.id,
      rating: 5,
      comment: 'Soft skin all day',
    });
    return { ...account, phone, order, product, review };
  }

  it('exports the caller’s own data as a download, without hashes or anyone else’s rows', async () => {
    const me = await customerWithAnOrder();
    const other = await customerWithAnOrder();
    const res = await callApi(ctx(), 'GET', '/user/me/export', me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="urembo-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ _id: me.user._id, phone: me.user.phone, language: 'en' });
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ _id: me.order.id, reference: me.order.reference });
    expect(data.orders[0].items).toEqual([{ name: 'Shea Butter', price: 900, count: 1, sku: null }]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ _id: me.review, rating: 5, comment: 'Soft skin all day' }),
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.signInHistory.length).toBeGreaterThanOrEqual(0);
    const text = res.body;
    expect(text).not.toContain(other.user._id);
    expect(text).not.toContain(other.user.phone);
    expect(text).not.toMatch(/argon2|\$scrypt|password|token|hash/i);
    expect(text).not.toContain(me.cookie.split('=')[1]!);
  });

  it('exports and deletes for signed-in callers only', async () => {
    expect((await callApi(ctx(), 'GET', '/user/me/export')).statusCode).toBe(401);
    expect((await callApi(ctx(), 'DELETE', '/user/me', undefined, { password: 'x' })).statusCode).toBe(401);
  });

  it('refuses a deletion without the right password, and keeps the account', async () => {
    const me = await customerWithAnOrder();
    for (const body of [{}, { password: '' }, { password: 42 }, { password: 'not-my-password' }]) {
      const res = await callApi(ctx(), 'DELETE', '/user/me', me.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    expect((await callApi(ctx(), 'GET', '/auth/me', me.cookie)).json().user._id).toBe(me.user._id);
  });

  it('deletes the account: sessions end, personal data is erased, orders and reviews stay', async () => {
    const email = `achieng.${Date.now()}@example.co.ke`;
    const me = await customerWithAnOrder(email);
    const res = await callApi(ctx(), 'DELETE', '/user/me', me.cookie, { password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/urembo_session=;/);

    // The session is gone and the password no longer signs in.
    expect((await callApi(ctx(), 'GET', '/auth/me', me.cookie)).json().user).toBeNull();
    const signIn = await post(ctx(), '/auth/signin', { phone: me.phone, password: GOOD_PASSWORD });
    expect(signIn.statusCode).toBe(401);

    const db = ctx().database.db;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.user._id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ full_name: 'Former customer', email: null });
    expect(user.phone).not.toBe(me.user.phone);
    expect(user.deleted_at).not.toBeNull();
    expect(await db.selectFrom('addresses').where('user_id', '=', me.user._id).selectAll().execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('sessions').where('user_id', '=', me.user._id).selectAll().execute()).toEqual(
      [],
    );
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', me.order.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ name: 'Former customer', phone: '', email: null, location: '', town: '' });
    expect(Number(order.total_amount)).toBe(Number(me.order.total_amount));
    const items = await db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', me.order.id)
      .execute();
    expect(items.map((i) => [i.name, Number(i.price)])).toEqual([['Shea Butter', 900]]);

    const reviews = await callApi(ctx(), 'GET', `/review/product/${me.product.id}`);
    expect(reviews.json().data[0].user.fullName).toBe('Former customer');

    // The phone and email are free for a new account.
    const again = await signUp(ctx(), { phone: me.phone, email });
    expect(again.user._id).not.toBe(me.user._id);
  });

  it('never deletes the last admin, and lets an admin go while another remains', async () => {
    const db = ctx().database.db;
    await db.updateTable('users').set({ role: 'customer' }).where('role', '=', 'admin').execute();
    const first = await signUp(ctx());
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', first.user._id).execute();
    const last = await callApi(ctx(), 'DELETE', '/user/me', first.cookie, { password: GOOD_PASSWORD });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatch(/only admin/);
    expect((await callApi(ctx(), 'GET', '/auth/me', first.cookie)).json().user._id).toBe(first.user._id);

    await signedInUser(ctx(), { role: 'admin' });
    const gone = await callApi(ctx(), 'DELETE', '/user/me', first.cookie, { password: GOOD_PASSWORD });
    expect(gone.statusCode).toBe(200);
  });

  it('keeps the language on the account: en or sw, anything else 400', async () => {
    const me = await signUp(ctx());
    expect((await callApi(ctx(), 'GET', '/auth/me', me.cookie)).json().user.language).toBe('en');
    const sw = await callApi(ctx(), 'PUT', '/user/me', me.cookie, { language: 'sw' });
    expect(sw.statusCode).toBe(200);
    expect(sw.json().user.language).toBe('sw');
    expect((await callApi(ctx(), 'GET', '/auth/me', me.cookie)).json().user.language).toBe('sw');
    for (const language of ['fr', 'SW', '', 1, null]) {
      const bad = await callApi(ctx(), 'PUT', '/user/me', me.cookie, { language });
      expect(bad.statusCode, String(language)).toBe(400);
      expect(bad.json().error).toBeTruthy();
    }
    expect((await callApi(ctx(), 'GET', '/auth/me', me.cookie)).json().user.language).toBe('sw');
  });
});
