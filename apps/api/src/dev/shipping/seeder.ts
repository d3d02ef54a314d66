import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import type { DemoSeeder } from '../demo-seeder';
import { newId } from '../../lib/ids';
import { DEMO_GEOGRAPHY } from './geography';

/** Fills the delivery geography (Kenya's 47 counties and Kampala) on a shop that has none. */
export const shippingDemoSeeder: DemoSeeder = {
  name: 'shipping',
  async isEmpty(db) {
    return !(await db.selectFrom('countries').select('id').limit(1).executeTakeFirst());
  },
  async seed(db) {
    const counts = await seedGeography(db);
    return `delivery areas: ${counts.countries} countries, ${counts.counties} counties, ${counts.towns} towns, ${counts.locations} locations`;
  },
};

export async function seedGeography(db: Kysely<Database>) {
  const counts = { countries: 0, counties: 0, towns: 0, locations: 0 };
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const country of DEMO_GEOGRAPHY) {
      const countryId = newId();
      await trx
        .insertInto('countries')
        .values({ id: countryId, name: country.name, created_at: now })
        .execute();
      counts.countries += 1;
      for (const county of country.counties) {
        const countyId = newId();
        await trx
          .insertInto('counties')
          .values({ id: countyId, name: county.name, country_id: countryId, created_at: now })
          .execute();
        counts.counties += 1;
        for (const town of county.towns) {
          const townId = newId();
          await trx
            .insertInto('towns')
            .values({ id: townId, name: town.name, county_id: countyId, created_at: now })
            .execute();
          counts.towns += 1;
          await trx
            .insertInto('locations')
            .values(
              town.locations.map(([name, fee]) => ({
                id: newId(),
                name,
                town_id: townId,
                shipping_fee: fee,
                created_at: now,
              })),
            )
            .execute();
          counts.locations += town.locations.length;
        }
      }
    }
  });
  return counts;
}
