import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { nowIso } from '../db/sql-values';
import { accountsDemoSeeder, logDemoAccounts } from './accounts/seeder';
import { catalogueDemoSeeder } from './catalogue/seeder';
import type { DemoSeeder } from './demo-seeder';
import { discountsDemoSeeder } from './discounts/seeder';
import { ordersDemoSeeder } from './orders/seeder';
import { shippingDemoSeeder } from './shipping/seeder';

/** Seeders in dependency order (accounts before orders, catalogue before orders...). */
export const demoSeeders: DemoSeeder[] = [
  shippingDemoSeeder,
  accountsDemoSeeder,
  catalogueDemoSeeder,
  discountsDemoSeeder,
  // Orders build on every other feature's demo data: keep them last.
  ordersDemoSeeder,
];

export async function seedDemoData(
  db: Kysely<Database>,
  config: Config,
  log: FastifyBaseLogger,
  seeders: DemoSeeder[] = demoSeeders,
): Promise<string[]> {
  const done: string[] = [];
  for (const seeder of seeders) {
    const key = `demo-seed:${seeder.name}`;
    const marker = await db.selectFrom('app_meta').select('key').where('key', '=', key).executeTakeFirst();
    if (marker || !(await seeder.isEmpty(db))) continue;
    const summary = await seeder.seed(db, config, log);
    if (summary === null) continue;
    await db.insertInto('app_meta').values({ key, value: summary, updated_at: nowIso() }).execute();
    log.info({ seeder: seeder.name }, `demo data: ${summary}`);
    done.push(seeder.name);
  }
  return done;
}

/**
 * Fills an empty shop with the demo (server.ts loads this file only when `SEED_DEMO` is on) and says in the log how
 * to sign in as the demo customer and admin.
 */
export async function seedDemoShop(
  db: Kysely<Database>,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  const seeded = await seedDemoData(db, config, log);
  await logDemoAccounts(db, config, log, seeded);
}
