import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { nowIso } from '../db/sql-values';
import { catalogueDemoSeeder } from '../modules/catalogue/demo-seeder';
import { ordersDemoSeeder } from '../modules/orders/demo-seeder';
import { shippingDemoSeeder } from '../modules/shipping/demo-seed';
import { accountsDemoSeeder } from '../modules/users/demo-seed';

/**
 * A demo seeder fills one feature's tables. It runs once per database: its marker in app_meta records that it ran,
 * and a seeder whose tables already hold data (a real shop) does nothing.
 */
export interface DemoSeeder {
  name: string;
  /** True when the feature's tables are empty, so demo data would not mix with real data. */
  isEmpty(db: Kysely<Database>): Promise<boolean>;
  /**
   * Fills the tables and returns a one-line summary; returns null when what it builds on (another seeder's data)
   * is missing, so it is tried again at the next start.
   */
  seed(db: Kysely<Database>, config: Config, log: FastifyBaseLogger): Promise<string | null>;
}

/** Seeders in dependency order (accounts before orders, catalogue before orders...). */
export const demoSeeders: DemoSeeder[] = [
  shippingDemoSeeder,
  accountsDemoSeeder,
  catalogueDemoSeeder,
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
