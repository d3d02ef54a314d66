import { expect, it } from 'vitest';
import { seedDemoData } from '../src/dev/seed-demo';
import { shippingDemoSeeder } from '../src/dev/shipping/seeder';
import { signedInUser } from './support/auth';
import { callApi, describeEachDialect, type TestContext } from './support/test-app';

const KENYA_COUNTIES = [
  'Mombasa',
  'Kwale',
  'Kilifi',
  'Tana River',
  'Lamu',
  'Taita-Taveta',
  'Garissa',
  'Wajir',
  'Mandera',
  'Marsabit',
  'Isiolo',
  'Meru',
  'Tharaka-Nithi',
  'Embu',
  'Kitui',
  'Machakos',
  'Makueni',
  'Nyandarua',
  'Nyeri',
  'Kirinyaga',
  "Murang'a",
  'Kiambu',
  'Turkana',
  'West Pokot',
  'Samburu',
  'Trans Nzoia',
  'Uasin Gishu',
  'Elgeyo-Marakwet',
  'Nandi',
  'Baringo',
  'Laikipia',
  'Nakuru',
  'Narok',
  'Kajiado',
  'Kericho',
  'Bomet',
  'Kakamega',
  'Vihiga',
  'Bungoma',
  'Busia',
  'Siaya',
  'Kisumu',
  'Homa Bay',
  'Migori',
  'Kisii',
  'Nyamira',
  'Nairobi',
];

const silentLog = { info: () => undefined, warn: () => undefined } as never;

/** A call to /api/v1/shipping. */
function api(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return callApi(ctx, method, `/shipping${url}`, cookie, payload);
}

describeEachDialect('shipping geography', (ctx) => {
  let admin: string;
  let customer: string;

  it('lets admins build country → county → town → location; everyone reads it', async () => {
    admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    customer = (await signedInUser(ctx())).cookie;
    expect((await api(ctx(), 'GET', '/countries')).json()).toEqual({ data: [] });

    const country = await api(ctx(), 'POST', '/countries', admin, { name: '  Tanzania ' });
    expect(country.statusCode).toBe(201);
    expect(country.json()).toEqual({
      _id: expect.any(String),
      name: 'Tanzania',
      active: true,
      message: 'country added',
    });
    const countryId = country.json()._id;
    const county = await api(ctx(), 'POST', '/counties', admin, { name: 'Arusha', country: countryId });
    expect(county.statusCode).toBe(201);
    expect(county.json()).toMatchObject({ name: 'Arusha', country: countryId, message: 'county added' });
    const town = await api(ctx(), 'POST', '/towns', admin, {
      name: 'Arusha City',
      county: county.json()._id,
    });
    expect(town.json()).toMatchObject({
      name: 'Arusha City',
      county: county.json()._id,
      message: 'Town added',
    });
    const townId = town.json()._id;
    const location = await api(ctx(), 'POST', '/locations', admin, {
      name: 'Njiro',
      town: townId,
      shippingFee: 1200,
    });
    expect(location.statusCode).toBe(201);
    expect(location.json()).toEqual({
      _id: expect.any(String),
      name: 'Njiro',
      town: townId,
      shippingFee: 1200,
      active: true,
      message: 'location added',
    });
    await api(ctx(), 'POST', '/locations', admin, { name: 'Kijenge', town: townId, shippingFee: '900' });

    expect((await api(ctx(), 'GET', '/countries')).json().data).toEqual([
      { _id: countryId, name: 'Tanzania', active: true },
    ]);
    expect((await api(ctx(), 'GET', `/counties?country=${countryId}`)).json().data).toEqual([
      { _id: county.json()._id, name: 'Arusha', country: countryId, active: true },
    ]);
    expect((await api(ctx(), 'GET', `/towns?county=${county.json()._id}`)).json().data).toHaveLength(1);
    const locations = (await api(ctx(), 'GET', `/locations?town=${townId}`)).json().data;
    expect(locations.map((l: { name: string; shippingFee: number }) => [l.name, l.shippingFee])).toEqual([
      ['Kijenge', 900],
      ['Njiro', 1200],
    ]);
    expect((await api(ctx(), 'GET', '/counties?country=nope')).json()).toEqual({ data: [] });
  });

  it('keeps customers and visitors out of every change', async () => {
    const [{ _id: countryId }] = (await api(ctx(), 'GET', '/countries')).json().data;
    for (const cookie of [customer, undefined]) {
      const expected = cookie ? 403 : 401;
      expect((await api(ctx(), 'POST', '/countries', cookie, { name: 'Rwanda' })).statusCode).toBe(expected);
      expect(
        (await api(ctx(), 'POST', '/counties', cookie, { name: 'X', country: countryId })).statusCode,
      ).toBe(expected);
      expect((await api(ctx(), 'PUT', `/countries/${countryId}`, cookie, { name: 'Y' })).statusCode).toBe(
        expected,
      );
      expect((await api(ctx(), 'DELETE', `/countries/${countryId}`, cookie)).statusCode).toBe(expected);
    }
    expect((await api(ctx(), 'GET', '/countries')).json().data.map((c: { name: string }) => c.name)).toEqual([
      'Tanzania',
    ]);
  });

  it('refuses duplicates under one parent (any case) and unknown parents; allows a name under another parent', async () => {
    const [{ _id: countryId }] = (await api(ctx(), 'GET', '/countries')).json().data;
    const dupCountry = await api(ctx(), 'POST', '/countries', admin, { name: 'TANZANIA' });
    expect(dupCountry.statusCode).toBe(409);
    expect(dupCountry.json()).toEqual({ error: 'There is already a country called Tanzania' });
    const dupCounty = await api(ctx(), 'POST', '/counties', admin, { name: 'arusha', country: countryId });
    expect(dupCounty.statusCode).toBe(409);
    expect(dupCounty.json()).toEqual({ error: 'There is already a county called Arusha in Tanzania' });
    const other = await api(ctx(), 'POST', '/countries', admin, { name: 'Rwanda' });
    expect(
      (await api(ctx(), 'POST', '/counties', admin, { name: 'Arusha', country: other.json()._id }))
        .statusCode,
    ).toBe(201);
    const noParent = await api(ctx(), 'POST', '/counties', admin, { name: 'Kigali', country: 'missing-id' });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json()).toEqual({ error: 'That country does not exist' });
    const missingParent = await api(ctx(), 'POST', '/towns', admin, { name: 'Somewhere' });
    expect(missingParent.statusCode).toBe(400);
    expect(missingParent.json().error).toBe('Choose the county');
    const blank = await api(ctx(), 'POST', '/countries', admin, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    const [town] = (await api(ctx(), 'GET', '/towns')).json().data;
    for (const fee of [-1, 12.5, 'abc', 100_001]) {
      const res = await api(ctx(), 'POST', '/locations', admin, {
        name: `Fee ${fee}`,
        town: town._id,
        shippingFee: fee,
      });
      expect(res.statusCode, String(fee)).toBe(400);
    }
    expect(
      (await api(ctx(), 'POST', '/locations', admin, { name: 'No fee', town: town._id })).statusCode,
    ).toBe(400);
  });

  it('edits names, fees and parents, and answers 404 for unknown ids and kinds', async () => {
    const [town] = (await api(ctx(), 'GET', '/towns')).json().data;
    const [kijenge] = (await api(ctx(), 'GET', `/locations?town=${town._id}`)).json().data;
    const renamed = await api(ctx(), 'PUT', `/locations/${kijenge._id}`, admin, {
      name: 'Kijenge Juu',
      shippingFee: 950,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      _id: kijenge._id,
      name: 'Kijenge Juu',
      town: town._id,
      shippingFee: 950,
      active: true,
      message: 'location updated',
    });
    const feeOnly = await api(ctx(), 'PUT', `/locations/${kijenge._id}`, admin, { shippingFee: 1000 });
    expect(feeOnly.json()).toMatchObject({ name: 'Kijenge Juu', shippingFee: 1000 });
    const clash = await api(ctx(), 'PUT', `/locations/${kijenge._id}`, admin, { name: 'njiro' });
    expect(clash.statusCode).toBe(409);
    const empty = await api(ctx(), 'PUT', `/locations/${kijenge._id}`, admin, {});
    expect(empty.statusCode).toBe(400);
    // Move the town to Rwanda's Arusha county.
    const counties = (await api(ctx(), 'GET', '/counties')).json().data as { _id: string; country: string }[];
    const target = counties.find((c) => c._id !== town.county)!;
    const moved = await api(ctx(), 'PUT', `/towns/${town._id}`, admin, { county: target._id });
    expect(moved.json()).toMatchObject({ name: 'Arusha City', county: target._id, message: 'town updated' });
    expect((await api(ctx(), 'PUT', `/towns/${town._id}`, admin, { county: 'nope' })).statusCode).toBe(400);
    expect((await api(ctx(), 'PUT', `/towns/${town._id}`, admin, { county: town.county })).statusCode).toBe(
      200,
    );
    expect((await api(ctx(), 'PUT', '/counties/missing', admin, { name: 'X' })).statusCode).toBe(404);
    expect((await api(ctx(), 'PUT', `/planets/${town._id}`, admin, { name: 'X' })).statusCode).toBe(404);
    expect((await api(ctx(), 'DELETE', '/locations/missing', admin)).statusCode).toBe(404);
  });

  it('refuses to delete a parent that still has children (409), then deletes bottom-up', async () => {
    const [tanzania] = (await api(ctx(), 'GET', '/countries'))
      .json()
      .data.filter((c: { name: string }) => c.name === 'Tanzania');
    const [arusha] = (await api(ctx(), 'GET', `/counties?country=${tanzania._id}`)).json().data;
    const [town] = (await api(ctx(), 'GET', `/towns?county=${arusha._id}`)).json().data;
    const country = await api(ctx(), 'DELETE', `/countries/${tanzania._id}`, admin);
    expect(country.statusCode).toBe(409);
    expect(country.json()).toEqual({
      error: 'Tanzania still has 1 county. Delete or move it first, then delete Tanzania.',
    });
    const townRes = await api(ctx(), 'DELETE', `/towns/${town._id}`, admin);
    expect(townRes.statusCode).toBe(409);
    expect(townRes.json().error).toBe(
      'Arusha City still has 2 delivery locations. Delete or move them first, then delete Arusha City.',
    );
    for (const l of (await api(ctx(), 'GET', `/locations?town=${town._id}`)).json().data) {
      const res = await api(ctx(), 'DELETE', `/locations/${l._id}`, admin);
      expect(res.json()).toEqual({ message: 'Location deleted' });
    }
    expect((await api(ctx(), 'DELETE', `/towns/${town._id}`, admin)).json()).toEqual({
      message: 'Town deleted',
    });
    expect((await api(ctx(), 'DELETE', `/counties/${arusha._id}`, admin)).statusCode).toBe(200);
    expect((await api(ctx(), 'DELETE', `/countries/${tanzania._id}`, admin)).json()).toEqual({
      message: 'Country deleted',
    });
    expect((await api(ctx(), 'GET', '/countries')).json().data.map((c: { name: string }) => c.name)).toEqual([
      'Rwanda',
    ]);
  });
});

describeEachDialect('shipping demo seed', (ctx) => {
  it('seeds Kenya with all 47 counties, main towns and fees, and Uganda with Kampala, once', async () => {
    expect(await seedDemoData(ctx().database.db, ctx().config, silentLog, [shippingDemoSeeder])).toEqual([
      'shipping',
    ]);
    const countries = (await ctx().app.inject({ url: '/api/v1/shipping/countries' })).json().data;
    expect(countries.map((c: { name: string }) => c.name)).toEqual(['Kenya', 'Uganda']);
    const kenya = countries[0];
    const counties = (
      await ctx().app.inject({ url: `/api/v1/shipping/counties?country=${kenya._id}` })
    ).json().data;
    expect(counties).toHaveLength(47);
    expect(counties.map((c: { name: string }) => c.name).sort()).toEqual([...KENYA_COUNTIES].sort());

    // Every county can be delivered to: it has a town with at least one location.
    const db = ctx().database.db;
    const served = await db
      .selectFrom('counties')
      .innerJoin('towns', 'towns.county_id', 'counties.id')
      .innerJoin('locations', 'locations.town_id', 'towns.id')
      .select('counties.name')
      .distinct()
      .where('counties.country_id', '=', kenya._id)
      .execute();
    expect(served).toHaveLength(47);

    const nairobi = counties.find((c: { name: string }) => c.name === 'Nairobi');
    const towns = (await ctx().app.inject({ url: `/api/v1/shipping/towns?county=${nairobi._id}` })).json()
      .data;
    const townNames = towns.map((t: { name: string }) => t.name);
    for (const name of ['Westlands', 'CBD', 'Kilimani', 'Karen', 'Embakasi', 'Kasarani'])
      expect(townNames).toContain(name);
    const fee = async (town: string, location: string) => {
      const t = towns.find((x: { name: string }) => x.name === town);
      const ls = (await ctx().app.inject({ url: `/api/v1/shipping/locations?town=${t._id}` })).json().data;
      expect(ls.length).toBeGreaterThanOrEqual(2);
      return ls.find((l: { name: string }) => l.name === location).shippingFee;
    };
    expect(await fee('CBD', 'Nairobi CBD')).toBe(200);
    expect(await fee('Westlands', 'Westlands')).toBe(250);
    expect(await fee('Karen', 'Karen')).toBe(350);
    const mombasa = await db
      .selectFrom('locations')
      .select('shipping_fee')
      .where('name', '=', 'Mombasa CBD')
      .executeTakeFirstOrThrow();
    expect(mombasa.shipping_fee).toBe(450);
    for (const town of ['Kisumu', 'Nakuru', 'Thika', 'Eldoret', 'Machakos', 'Kitengela']) {
      expect(
        await db.selectFrom('towns').select('id').where('name', '=', town).executeTakeFirst(),
        town,
      ).toBeDefined();
    }
    const uganda = countries[1];
    const ugCounties = (
      await ctx().app.inject({ url: `/api/v1/shipping/counties?country=${uganda._id}` })
    ).json().data;
    expect(ugCounties.map((c: { name: string }) => c.name)).toContain('Kampala');
    const fees = await db.selectFrom('locations').select('shipping_fee').execute();
    expect(
      fees.every((f) => Number.isInteger(f.shipping_fee) && f.shipping_fee >= 200 && f.shipping_fee <= 2000),
    ).toBe(true);

    // Never twice, and never over real data.
    expect(await seedDemoData(db, ctx().config, silentLog, [shippingDemoSeeder])).toEqual([]);
    const count = await db
      .selectFrom('countries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses to delete a place saved addresses use (409 naming how many), by id or by name', async () => {
    const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    const { user } = await signedInUser(ctx());
    const kenya = (await api(ctx(), 'POST', '/countries', admin, { name: 'Kenya Used' })).json();
    const kisumu = (
      await api(ctx(), 'POST', '/counties', admin, { name: 'Kisumu', country: kenya._id })
    ).json();
    const town = (
      await api(ctx(), 'POST', '/towns', admin, { name: 'Kisumu Town', county: kisumu._id })
    ).json();
    const milimani = (
      await api(ctx(), 'POST', '/locations', admin, { name: 'Milimani', town: town._id, shippingFee: 300 })
    ).json();
    const now = new Date().toISOString();
    const address = (id: string, locationId: string | null) => ({
      id,
      user_id: user.id,
      name: 'Atieno Ouma',
      phone: '254722000111',
      email: null,
      country: 'Kenya Used',
      county: 'Kisumu',
      town: 'Kisumu Town',
      location: 'Milimani',
      location_id: locationId,
      is_default: 0,
      created_at: now,
      updated_at: now,
    });
    // One address keeps the location's id, an older one only its names.
    const ids = [`a1${Date.now()}`.slice(0, 24), `a2${Date.now()}`.slice(0, 24)];
    await ctx()
      .database.db.insertInto('addresses')
      .values([address(ids[0]!, milimani._id), address(ids[1]!, null)])
      .execute();

    const location = await api(ctx(), 'DELETE', `/locations/${milimani._id}`, admin);
    expect(location.statusCode).toBe(409);
    expect(location.json()).toEqual({
      error:
        'Milimani is used by 2 saved addresses, so it cannot be deleted. Switch it off instead: customers can ' +
        'no longer choose it or order there.',
    });
    const townRes = await api(ctx(), 'DELETE', `/towns/${town._id}`, admin);
    expect(townRes.statusCode).toBe(409);
    expect(townRes.json().error).toMatch(
      /^Kisumu Town is used by 2 saved addresses, so it cannot be deleted\./,
    );
    const county = await api(ctx(), 'DELETE', `/counties/${kisumu._id}`, admin);
    expect(county.json().error).toMatch(/^Kisumu is used by 2 saved addresses, so it cannot be deleted\./);

    await ctx().database.db.deleteFrom('addresses').where('id', '=', ids[0]!).execute();
    const one = await api(ctx(), 'DELETE', `/locations/${milimani._id}`, admin);
    expect(one.json().error).toMatch(/^Milimani is used by 1 saved address, so it cannot be deleted\./);
    await ctx().database.db.deleteFrom('addresses').where('id', '=', ids[1]!).execute();
    expect((await api(ctx(), 'DELETE', `/locations/${milimani._id}`, admin)).json()).toEqual({
      message: 'Location deleted',
    });
  });
});
