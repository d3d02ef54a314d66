import type { Kysely } from 'kysely';
import type { Database, DeliveryStatus, PaymentStatus } from '../../db/schema';
import type { DemoSeeder } from '../demo-seeder';
import { recordAdminPayment } from '../../modules/payments';
import { OrderService } from '../../modules/orders';
import { locationsWithNames } from '../../modules/shipping';

const DAY = 24 * 3600 * 1000;

/** The demo customer's orders, one in each state a customer or an admin will want to see. */
const DEMO_ORDERS: {
  daysAgo: number;
  lines: { product: number; count: number }[];
  paymentStatus: PaymentStatus;
  deliveryStatus: DeliveryStatus;
}[] = [
  {
    daysAgo: 24,
    lines: [
      { product: 0, count: 1 },
      { product: 1, count: 2 },
    ],
    paymentStatus: 'paid',
    deliveryStatus: 'delivered',
  },
  { daysAgo: 9, lines: [{ product: 2, count: 1 }], paymentStatus: 'pending', deliveryStatus: 'cancelled' },
  {
    // Within UNPAID_ORDER_HOLD_HOURS, so the demo keeps it for a day before the hold runs out.
    daysAgo: 1.5,
    lines: [{ product: 3, count: 3 }],
    paymentStatus: 'payment-unsuccessful',
    deliveryStatus: 'pending',
  },
  {
    daysAgo: 1,
    lines: [
      { product: 1, count: 1 },
      { product: 4, count: 1 },
    ],
    paymentStatus: 'paid',
    deliveryStatus: 'in-transit',
  },
  {
    daysAgo: 0,
    lines: [
      { product: 0, count: 2 },
      { product: 2, count: 1 },
    ],
    paymentStatus: 'pending',
    deliveryStatus: 'pending',
  },
];

/**
 * Demo orders for the demo customer (the first customer account), priced like real orders from the demo
 * catalogue and a delivery location. It builds on the accounts, catalogue and shipping seeders: until a customer,
 * active products and a location exist it returns null and is tried again at the next start.
 */
export const ordersDemoSeeder: DemoSeeder = {
  name: 'orders',
  async isEmpty(db) {
    return !(await db.selectFrom('orders').select('id').limit(1).executeTakeFirst());
  },
  async seed(db) {
    const customer = await db
      .selectFrom('users')
      .select(['id', 'full_name', 'phone', 'email'])
      .where('role', '!=', 'admin')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    const products = await db
      .selectFrom('products')
      .select('id')
      .where('status', '=', 'active')
      // Products sold in shades or sizes are ordered by variant: the demo orders use plain products.
      .where('options', '=', '[]')
      .orderBy('created_at')
      .orderBy('id')
      .limit(5)
      .execute();
    const place = await demoPlace(db, customer?.id);
    if (!customer || products.length === 0 || !place) return null;

    // Seeding runs outside the app (server.ts, before it listens), over the same database and the same order rules;
    // nothing is cached before the shop starts, so there is no catalogue cache to clear.
    const orders = new OrderService({ db, recordAdminPayment, catalogueChanged: async () => {} });
    for (const spec of DEMO_ORDERS) {
      const items = new Map<string, number>();
      for (const line of spec.lines) {
        const id = products[line.product % products.length]!.id;
        items.set(id, (items.get(id) ?? 0) + line.count);
      }
      const createdAt = new Date(Date.now() - spec.daysAgo * DAY - 3600_000).toISOString();
      const { order } = await orders.createOrder(
        customer,
        {
          name: customer.full_name,
          phone: customer.phone,
          email: customer.email,
          ...place,
          items: [...items].map(([_id, count]) => ({ _id, count })),
        },
        null,
        createdAt,
      );
      if (spec.deliveryStatus === 'cancelled') {
        // Through the one cancellation, so the order's stock goes back.
        const from = { paymentStatus: order.paymentStatus, deliveryStatus: order.deliveryStatus };
        await orders.cancelOrder(order._id, from, 'admin', { paymentStatus: spec.paymentStatus });
      } else {
        await db
          .updateTable('orders')
          .set({
            payment_status: spec.paymentStatus,
            delivery_status: spec.deliveryStatus,
            delivered_at: spec.deliveryStatus === 'delivered' ? new Date().toISOString() : null,
          })
          .where('id', '=', order._id)
          .execute();
      }
      // Demo history: nobody is texted about it.
      await db.deleteFrom('order_messages').where('order_id', '=', order._id).execute();
    }
    return `${DEMO_ORDERS.length} orders for ${customer.full_name}`;
  },
};

/** The demo customer's default address when it is deliverable, else the first delivery location there is. */
async function demoPlace(
  db: Kysely<Database>,
  userId: string | undefined,
): Promise<{ country: string; county: string; town: string; location: string } | null> {
  const places = () => locationsWithNames(db);
  if (userId) {
    const address = await places()
      .innerJoin('addresses', 'addresses.location_id', 'locations.id')
      .where('addresses.user_id', '=', userId)
      .orderBy('addresses.is_default', 'desc')
      .orderBy('addresses.created_at')
      .executeTakeFirst();
    if (address) return address;
  }
  return (await places().orderBy('locations.created_at').orderBy('locations.id').executeTakeFirst()) ?? null;
}
