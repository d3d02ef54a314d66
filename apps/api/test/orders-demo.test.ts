import { expect, it } from 'vitest';
import { seedDemoData } from '../src/dev/seed-demo';
import { ordersDemoSeeder } from '../src/dev/orders/seeder';
import { createTestUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { createPlace } from './support/orders-factories';
import { describeEachDialect } from './support/test-app';

describeEachDialect('orders demo seeder', (ctx) => {
  it('waits for its prerequisites, then creates priced orders in every state for the first customer', async () => {
    const db = ctx().database.db;
    const log = ctx().app.log;
    await createTestUser(ctx(), { role: 'admin', created_at: '2026-01-01T00:00:00.000Z' });
    expect(await ordersDemoSeeder.seed(db, ctx().config, log)).toBeNull();
    const customer = await createTestUser(ctx(), {
      full_name: 'Demo Customer',
      created_at: '2026-01-02T00:00:00.000Z',
    });
    await createTestUser(ctx(), { full_name: 'Later Customer', created_at: '2026-01-03T00:00:00.000Z' });
    expect(await seedDemoData(db, ctx().config, log, [ordersDemoSeeder])).toEqual([]);
    await createProduct(ctx(), { price: 1200 });
    await createProduct(ctx(), { price: 650 });
    await createProduct(ctx(), { price: 300, status: 'inactive' });
    expect(await ordersDemoSeeder.seed(db, ctx().config, log)).toBeNull();
    const place = await createPlace(ctx(), { shippingFee: 200 });

    expect(await seedDemoData(db, ctx().config, log, [ordersDemoSeeder])).toEqual(['orders']);
    const orders = await db.selectFrom('orders').selectAll().orderBy('created_at').execute();
    expect(orders.map((o) => [o.payment_status, o.delivery_status])).toEqual([
      ['paid', 'delivered'],
      ['pending', 'cancelled'],
      ['payment-unsuccessful', 'pending'],
      ['paid', 'in-transit'],
      ['pending', 'pending'],
    ]);
    for (const order of orders) {
      expect(order.user_id).toBe(customer.id);
      expect(order.location).toBe(place.location);
      expect(order.shipping_fee).toBe(200);
      const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
      expect(items.length).toBeGreaterThan(0);
      expect(order.subtotal).toBe(items.reduce((sum, i) => sum + i.price * i.count, 0));
      expect(order.total_amount).toBe(order.subtotal + 200);
      expect(items.every((i) => i.price === 1200 || i.price === 650)).toBe(true);
    }
    // It ran once: a second start leaves the orders alone.
    expect(await seedDemoData(db, ctx().config, log, [ordersDemoSeeder])).toEqual([]);
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(5);
  });
});
