import type { Kysely } from 'kysely';

/** Delivery geography (country → county → town → location with a fee) and customers' address books. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('counties')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country_id', 'text', (c) => c.notNull().references('countries.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('counties_country_name_uq', ['country_id', 'name'])
    .execute();
  await db.schema
    .createTable('towns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('county_id', 'text', (c) => c.notNull().references('counties.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('towns_county_name_uq', ['county_id', 'name'])
    .execute();
  await db.schema
    .createTable('locations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('town_id', 'text', (c) => c.notNull().references('towns.id').onDelete('restrict'))
    .addColumn('shipping_fee', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('locations_town_name_uq', ['town_id', 'name'])
    .execute();

  // An address keeps the names the customer chose (what the courier reads) and the location's id (what prices
  // delivery). Deleting a location from the geography leaves old addresses readable (location_id set null).
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('county', 'text', (c) => c.notNull())
    .addColumn('town', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['addresses', 'locations', 'towns', 'counties', 'countries']) {
    await db.schema.dropTable(table).execute();
  }
}
