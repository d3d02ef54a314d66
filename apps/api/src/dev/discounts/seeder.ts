import { nowIso } from '../../db/sql-values';
import { newId } from '../../lib/ids';
import type { DemoSeeder } from '../demo-seeder';

/** The demo's code: KARIBU10, 10% off any order, once per customer. */
export const DEMO_DISCOUNT_CODE = 'KARIBU10';

/** One discount code on a shop that has none. */
export const discountsDemoSeeder: DemoSeeder = {
  name: 'discounts',
  async isEmpty(db) {
    return !(await db.selectFrom('discounts').select('id').limit(1).executeTakeFirst());
  },
  async seed(db) {
    const now = nowIso();
    await db
      .insertInto('discounts')
      .values({
        id: newId(),
        code: DEMO_DISCOUNT_CODE,
        kind: 'percent',
        value: 10,
        min_subtotal: 0,
        starts_at: null,
        ends_at: null,
        usage_limit: null,
        used: 0,
        once_per_customer: 1,
        categories: '[]',
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return `discount code ${DEMO_DISCOUNT_CODE} (10% off, once per customer)`;
  },
};
