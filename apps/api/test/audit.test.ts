import { beforeAll, expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createCategory, createProduct, setStock } from './support/catalogue-factories';
import { createPlace, createTestOrder } from './support/orders-factories';
import { callApi, describeEachDialect } from './support/test-app';

describeEachDialect('admin audit log', (ctx) => {
  let admin: { user: { id: string; full_name: string }; cookie: string };
  let customer: { user: { id: string }; cookie: string };

  beforeAll(async () => {
    admin = await signedInUser(ctx(), { role: 'admin', full_name: 'Wanjiku Admin' });
    customer = await signedInUser(ctx());
  });

  async function latest(entity?: string) {
    const res = await callApi(ctx(), 'GET', `/admin/audit${entity ? `?entity=${entity}` : ''}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      admin: { _id: string; fullName: string } | null;
      action: string;
      entity: string;
      entityId: string;
      summary: string;
    }[];
  }

  it('is for admins only, and refuses a bad page or entity with 400', async () => {
    expect((await callApi(ctx(), 'GET', '/admin/audit')).statusCode).toBe(401);
    expect((await callApi(ctx(), 'GET', '/admin/audit', customer.cookie)).statusCode).toBe(403);
    for (const query of ['page=0', 'limit=101', 'limit=abc', 'entity=spaceship']) {
      const res = await callApi(ctx(), 'GET', `/admin/audit?${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('records a price, status and stock change with the admin and what changed', async () => {
    const product = await createProduct(ctx(), { name: 'Marula Oil', price: 1200 });
    await setStock(ctx(), product.id, 5);
    const put = await callApi(ctx(), 'PUT', `/products/${product.id}`, admin.cookie, {
      price: 950,
      status: 'inactive',
    });
    expect(put.statusCode).toBe(200);
    const [entry] = await latest('product');
    expect(entry).toMatchObject({
      admin: { _id: admin.user.id, fullName: 'Wanjiku Admin' },
      action: 'update',
      entity: 'product',
      entityId: product.id,
    });
    expect(entry!.summary).toContain('Price 1,200 -> 950');
    expect(entry!.summary).toContain('Status active -> inactive');

    const stock = await callApi(ctx(), 'POST', `/products/${product.id}/stock`, admin.cookie, { change: 3 });
    expect(stock.statusCode).toBe(200);
    const [moved] = await latest('product');
    expect(moved).toMatchObject({ action: 'stock', entityId: product.id });
    expect(moved!.summary).toContain('Stock 5 -> 8 (+3)');
  });

  it('writes nothing when the change is refused', async () => {
    const product = await createProduct(ctx());
    await setStock(ctx(), product.id, 1);
    const before = (await latest()).length;
    const res = await callApi(ctx(), 'POST', `/products/${product.id}/stock`, admin.cookie, { change: -5 });
    expect(res.statusCode).toBe(409);
    const bad = await callApi(ctx(), 'PUT', `/products/${product.id}`, admin.cookie, { price: -1 });
    expect(bad.statusCode).toBe(400);
    expect((await latest()).length).toBe(before);
  });

  it('records order status changes, marking paid with its receipt, and cancellation', async () => {
    const order = await createTestOrder(ctx(), customer.user.id);
    const transit = await callApi(ctx(), 'PUT', `/order/updateStatus/${order.id}`, admin.cookie, {
      paymentStatus: 'paid',
      receipt: 'NLJ7RT61SV',
    });
    expect(transit.statusCode).toBe(200);
    const [paid] = await latest('order');
    expect(paid).toMatchObject({ action: 'status', entity: 'order', entityId: order.id });
    expect(paid!.summary).toContain(`Order ${order.reference}`);
    expect(paid!.summary).toContain('Payment pending -> paid');
    expect(paid!.summary).toContain('NLJ7RT61SV');

    const other = await createTestOrder(ctx(), customer.user.id);
    const cancel = await callApi(ctx(), 'PUT', `/order/updateStatus/${other.id}`, admin.cookie, {
      deliveryStatus: 'cancelled',
    });
    expect(cancel.statusCode).toBe(200);
    const [cancelled] = await latest('order');
    expect(cancelled).toMatchObject({ entityId: other.id });
    expect(cancelled!.summary).toContain('Delivery pending -> cancelled');

    // A customer's own cancellation is not an admin change.
    const mine = await createTestOrder(ctx(), customer.user.id);
    const count = (await latest('order')).length;
    expect((await callApi(ctx(), 'POST', `/order/${mine.id}/cancel`, customer.cookie)).statusCode).toBe(200);
    expect((await latest('order')).length).toBe(count);
  });

  it('records category and delivery-fee changes', async () => {
    const category = await createCategory(ctx(), { name: 'Lips' });
    expect(
      (await callApi(ctx(), 'PUT', `/category/${category.id}`, admin.cookie, { category: 'Lip care' }))
        .statusCode,
    ).toBe(200);
    const [renamed] = await latest('category');
    expect(renamed!.summary).toContain('Name Lips -> Lip care');

    const place = await createPlace(ctx(), { shippingFee: 200 });
    const res = await callApi(ctx(), 'PUT', `/shipping/locations/${place.locationId}`, admin.cookie, {
      shippingFee: 350,
    });
    expect(res.statusCode).toBe(200);
    const [fee] = await latest('place');
    expect(fee).toMatchObject({ entityId: place.locationId, action: 'update' });
    expect(fee!.summary).toContain('Delivery fee 200 -> 350');
  });

  it('records discount codes created, changed and deleted', async () => {
    const created = await callApi(ctx(), 'POST', '/discounts', admin.cookie, {
      code: 'KARIBU10',
      kind: 'percent',
      value: 10,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    const paused = await callApi(ctx(), 'PUT', `/discounts/${id}`, admin.cookie, {
      value: 15,
      active: false,
    });
    expect(paused.statusCode).toBe(200);
    expect((await callApi(ctx(), 'DELETE', `/discounts/${id}`, admin.cookie)).statusCode).toBe(200);
    const [gone, changed, made] = await latest('discount');
    expect(made!.summary).toBe('Created code KARIBU10: 10% off');
    expect(changed!.summary).toBe('Code KARIBU10: Value 10% off -> 15% off; Active yes -> no');
    expect(gone).toMatchObject({ action: 'delete', entityId: id, summary: 'Deleted code KARIBU10' });
  });

  it('records search synonyms as shop settings', async () => {
    const made = await callApi(ctx(), 'POST', '/search/synonyms', admin.cookie, {
      word: 'mafuta',
      means: ['oil'],
    });
    expect(made.statusCode).toBe(201);
    const [entry] = await latest('setting');
    expect(entry).toMatchObject({ action: 'create', entityId: made.json()._id });
    expect(entry!.summary).toBe('Search synonym "mafuta" means oil');
  });

  it('pages newest first and filters by entity', async () => {
    const all = await callApi(ctx(), 'GET', '/admin/audit?page=1&limit=2', admin.cookie);
    const body = all.json();
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(6);
    expect(body.totalPages).toBe(Math.ceil(body.total / 2));
    expect(body.data[0].at >= body.data[1].at).toBe(true);
    const places = await latest('place');
    expect(places.every((e) => e.entity === 'place')).toBe(true);
  });
});
