import { expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { createPlace, orderBody } from './support/orders-factories';
import { callApi, describeEachDialect } from './support/test-app';

const OFF = (place: string) => `We no longer deliver to ${place}. Choose another address or add one.`;

describeEachDialect('switching a delivery place off', (ctx) => {
  it('keeps addresses there but leaves it out of shoppers’ lists and refuses checkout, naming it', async () => {
    const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    const { user, cookie } = await signedInUser(ctx());
    const place = await createPlace(ctx(), { town: 'Parklands', location: 'Sarit', shippingFee: 300 });
    const other = await createPlace(ctx(), { town: 'Parklands', location: 'Westgate', shippingFee: 200 });
    const product = await createProduct(ctx(), { price: 1000 });
    const items = [{ _id: product.id, count: 1 }];
    const address = await callApi(ctx(), 'POST', '/address/', cookie, {
      name: 'Akinyi',
      phone: '0722 111 222',
      ...place,
    });
    expect(address.statusCode).toBe(201);

    // In use: cannot be deleted, but can be switched off.
    const del = await callApi(ctx(), 'DELETE', `/shipping/locations/${place.locationId}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatch(
      /^Sarit is used by 1 saved address, so it cannot be deleted\. Switch it off/,
    );
    const off = await callApi(ctx(), 'PUT', `/shipping/locations/${place.locationId}`, admin, {
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ name: 'Sarit', shippingFee: 300, active: false });
    const badFlag = await callApi(ctx(), 'PUT', `/shipping/locations/${place.locationId}`, admin, {
      active: 'no',
    });
    expect(badFlag.statusCode).toBe(400);

    // Shoppers' lists leave it out; the admin's (includeInactive) shows it, switched off.
    const town = (await callApi(ctx(), 'GET', '/shipping/towns'))
      .json()
      .data.find((t: { name: string }) => t.name === 'Parklands');
    const shopper = (await callApi(ctx(), 'GET', `/shipping/locations?town=${town._id}`)).json().data;
    expect(shopper.map((l: { name: string }) => l.name)).toEqual(['Westgate']);
    const adminList = await callApi(
      ctx(),
      'GET',
      `/shipping/locations?town=${town._id}&includeInactive=true`,
      admin,
    );
    expect(adminList.json().data.map((l: { name: string; active: boolean }) => [l.name, l.active])).toEqual([
      ['Sarit', false],
      ['Westgate', true],
    ]);
    expect((await callApi(ctx(), 'GET', '/shipping/locations?includeInactive=true', cookie)).statusCode).toBe(
      403,
    );
    expect((await callApi(ctx(), 'GET', '/shipping/locations?includeInactive=true')).statusCode).toBe(401);
    expect((await callApi(ctx(), 'GET', '/shipping/locations?includeInactive=maybe')).statusCode).toBe(400);

    // The address stays, saying why checkout refuses it; a new one there is refused.
    const list = (await callApi(ctx(), 'GET', `/address/user/${user.id}`, cookie)).json().data;
    expect(list).toEqual([{ ...address.json(), undeliverable: OFF('Sarit') }]);
    const again = await callApi(ctx(), 'POST', '/address/', cookie, {
      name: 'A',
      phone: '0722111222',
      ...place,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(OFF('Sarit'));

    // Checkout names the place, for the quote and the order; another address still works.
    const quote = await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, { ...place, items });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error).toBe(OFF('Sarit'));
    const order = await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, orderBody(place, items));
    expect(order.statusCode).toBe(400);
    expect(order.json().error).toBe(OFF('Sarit'));
    expect(
      (await callApi(ctx(), 'POST', `/order/${user.id}`, cookie, orderBody(other, items))).statusCode,
    ).toBe(201);

    // Switching off a town takes its locations out too, and checkout names the town.
    await callApi(ctx(), 'PUT', `/shipping/locations/${place.locationId}`, admin, { active: true });
    await callApi(ctx(), 'PUT', `/shipping/towns/${town._id}`, admin, { active: false });
    expect((await callApi(ctx(), 'GET', '/shipping/locations')).json().data).not.toContainEqual(
      expect.objectContaining({ name: 'Westgate' }),
    );
    expect(
      (await callApi(ctx(), 'GET', '/shipping/towns')).json().data.map((t: { name: string }) => t.name),
    ).not.toContain('Parklands');
    const townOff = await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, { ...other, items });
    expect(townOff.json().error).toBe(OFF('Parklands'));

    // Back on: delivered to again.
    await callApi(ctx(), 'PUT', `/shipping/towns/${town._id}`, admin, { active: true });
    expect(
      (await callApi(ctx(), 'POST', `/order/${user.id}/quote`, cookie, { ...place, items })).statusCode,
    ).toBe(200);
    const back = (await callApi(ctx(), 'GET', `/address/user/${user.id}`, cookie)).json().data;
    expect(back[0].undeliverable).toBeNull();
  });
});
