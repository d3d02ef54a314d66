import { beforeAll, expect, it } from 'vitest';
import { PHONE_HINT } from '@urembo/contract/phone';
import { nowIso } from '../src/db/sql-values';
import { newId } from '../src/lib/ids';
import { seedGeography } from '../src/dev/shipping/seeder';
import { signedInUser } from './support/auth';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

const WESTLANDS = { country: 'Kenya', county: 'Nairobi', town: 'Westlands', location: 'Westlands' };
const KAREN = { country: 'Kenya', county: 'Nairobi', town: 'Karen', location: 'Karen' };

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Akinyi Odhiambo',
    phone: '0722 111 222',
    email: 'Akinyi@Example.co.ke',
    ...WESTLANDS,
    ...overrides,
  };
}

/** A call to /api/v1/address. */
function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return callApi(ctx, method, `/address${url}`, cookie, payload);
}

describeEachDialect('address books', (ctx) => {
  beforeAll(async () => {
    await seedGeography(ctx().database.db);
  });

  it('creates an address from the shipping names; the first becomes the default', async () => {
    const { user, cookie } = await signedInUser(ctx());
    expect((await call(ctx(), 'GET', `/user/${user.id}`, cookie)).json()).toEqual({ data: [] });
    const res = await call(
      ctx(),
      'POST',
      '/',
      cookie,
      body({ isDefault: false, user_id: 'someone', _id: 'mine' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Akinyi Odhiambo',
      phone: '254722111222',
      email: 'akinyi@example.co.ke',
      ...WESTLANDS,
      isDefault: true,
      undeliverable: null,
    });
    const row = await ctx()
      .database.db.selectFrom('addresses')
      .selectAll()
      .where('id', '=', res.json()._id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    const location = await ctx()
      .database.db.selectFrom('locations')
      .innerJoin('towns', 'towns.id', 'locations.town_id')
      .select('locations.id')
      .where('towns.name', '=', 'Westlands')
      .where('locations.name', '=', 'Westlands')
      .executeTakeFirstOrThrow();
    expect(row.location_id).toBe(location.id);
    expect((await call(ctx(), 'GET', `/user/${user.id}`, cookie)).json().data).toEqual([res.json()]);
  });

  it('keeps one default: a new default clears the others', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const first = (await call(ctx(), 'POST', '/', cookie, body())).json();
    const second = (
      await call(ctx(), 'POST', '/', cookie, body({ name: 'Office', ...KAREN, isDefault: true }))
    ).json();
    expect(second.isDefault).toBe(true);
    const third = (await call(ctx(), 'POST', '/', cookie, body({ name: 'Mum', email: '' }))).json();
    expect(third.isDefault).toBe(false);
    expect(third.email).toBeNull();
    const list = (await call(ctx(), 'GET', `/user/${user.id}`, cookie)).json().data;
    expect(list.map((a: { _id: string; isDefault: boolean }) => [a._id, a.isDefault])).toEqual([
      [second._id, true],
      [first._id, false],
      [third._id, false],
    ]);
    const updated = await call(
      ctx(),
      'PUT',
      `/${third._id}`,
      cookie,
      body({ name: 'Mum (Karen)', ...KAREN, isDefault: true }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Mum (Karen)',
      town: 'Karen',
      location: 'Karen',
      isDefault: true,
    });
    const defaults = (await call(ctx(), 'GET', `/user/${user.id}`, cookie))
      .json()
      .data.filter((a: { isDefault: boolean }) => a.isDefault);
    expect(defaults.map((a: { _id: string }) => a._id)).toEqual([third._id]);
  });

  it('resolves names without regard to case and stores the shop’s spelling; refuses unserved places', async () => {
    const { cookie } = await signedInUser(ctx());
    const res = await call(
      ctx(),
      'POST',
      '/',
      cookie,
      body({ country: 'kenya', county: 'NAIROBI', town: 'kilimani', location: 'yaya centre' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      country: 'Kenya',
      county: 'Nairobi',
      town: 'Kilimani',
      location: 'Yaya Centre',
    });
    for (const place of [
      { ...WESTLANDS, location: 'Street A' },
      { ...WESTLANDS, town: 'Kisumu' },
      { ...WESTLANDS, county: 'Mombasa' },
      { ...WESTLANDS, country: 'Uganda' },
    ]) {
      const bad = await call(ctx(), 'POST', '/', cookie, body(place));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'We do not deliver to that location yet' });
    }
  });

  it('validates required fields, the phone and the email', async () => {
    const { cookie } = await signedInUser(ctx());
    const phone = await call(ctx(), 'POST', '/', cookie, body({ phone: '12345' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error).toBe(PHONE_HINT);
    const email = await call(ctx(), 'POST', '/', cookie, body({ email: 'not-an-email' }));
    expect(email.statusCode).toBe(400);
    expect(email.json().details[0].path).toBe('email');
    const empty = await call(ctx(), 'POST', '/', cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.map((d: { path: string }) => d.path)).toEqual([
      'name',
      'phone',
      'country',
      'county',
      'town',
      'location',
    ]);
    const isDefault = await call(ctx(), 'POST', '/', cookie, body({ isDefault: 'yes' }));
    expect(isDefault.statusCode).toBe(400);
  });

  it('keeps every customer to their own addresses', async () => {
    const owner = await signedInUser(ctx());
    const other = await signedInUser(ctx());
    const mine = (await call(ctx(), 'POST', '/', owner.cookie, body())).json();
    const list = await call(ctx(), 'GET', `/user/${owner.user.id}`, other.cookie);
    expect(list.statusCode).toBe(403);
    const put = await call(ctx(), 'PUT', `/${mine._id}`, other.cookie, body({ name: 'Hijacked' }));
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ error: 'Address not found' });
    expect((await call(ctx(), 'DELETE', `/${mine._id}`, other.cookie)).statusCode).toBe(404);
    expect((await call(ctx(), 'PUT', '/no-such-id', owner.cookie, body())).statusCode).toBe(404);
    // An admin does not get to read a customer's address book through this route either.
    const admin = await signedInUser(ctx(), { role: 'admin' });
    expect((await call(ctx(), 'GET', `/user/${owner.user.id}`, admin.cookie)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `/user/${owner.user.id}`],
      ['POST', '/'],
      ['PUT', `/${mine._id}`],
      ['DELETE', `/${mine._id}`],
    ] as const) {
      expect(
        (
          await call(
            ctx(),
            method,
            url,
            undefined,
            method === 'GET' || method === 'DELETE' ? undefined : body(),
          )
        ).statusCode,
      ).toBe(401);
    }
    const after = (await call(ctx(), 'GET', `/user/${owner.user.id}`, owner.cookie)).json().data;
    expect(after).toEqual([mine]);
  });

  it('deletes an address; deleting the default makes the newest remaining one the default', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const a = (await call(ctx(), 'POST', '/', cookie, body({ name: 'A' }))).json();
    const b = (await call(ctx(), 'POST', '/', cookie, body({ name: 'B' }))).json();
    // "Newest" is by creation time: two addresses saved in the same millisecond would tie.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const c = (await call(ctx(), 'POST', '/', cookie, body({ name: 'C' }))).json();
    expect(a.isDefault).toBe(true);
    const res = await call(ctx(), 'DELETE', `/${a._id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'address deleted' });
    const list = (await call(ctx(), 'GET', `/user/${user.id}`, cookie)).json().data;
    expect(list.map((x: { _id: string; isDefault: boolean }) => [x._id, x.isDefault])).toEqual([
      [c._id, true],
      [b._id, false],
    ]);
    expect((await call(ctx(), 'DELETE', `/${a._id}`, cookie)).statusCode).toBe(404);
  });

  it('keeps an address readable: the location it names cannot be deleted while it does', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const created = (await call(ctx(), 'POST', '/', cookie, body({ ...KAREN, location: 'Bomas' }))).json();
    const bomas = await ctx()
      .database.db.selectFrom('locations')
      .select('id')
      .where('name', '=', 'Bomas')
      .executeTakeFirstOrThrow();
    const del = await ctx().app.inject({
      method: 'DELETE',
      url: `/api/v1/shipping/locations/${bomas.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatch(/used by 1 saved address/);
    const list = (await call(ctx(), 'GET', `/user/${user.id}`, cookie)).json().data;
    expect(list).toEqual([created]);
  });

  it('caps a customer at 20 address books', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const now = nowIso();
    await ctx()
      .database.db.insertInto('addresses')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          id: newId(),
          user_id: user.id,
          name: `Address ${i}`,
          phone: '254722111222',
          email: null,
          ...WESTLANDS,
          location_id: null,
          is_default: i === 0 ? 1 : 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const res = await call(ctx(), 'POST', '/', cookie, body());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/up to 20 address books/);
  });
});
