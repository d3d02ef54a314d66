import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Options and variants (a lipstick in shades, a cream in sizes) and earlier prices.
 *
 * - products gain `options` (JSON list of {name, values}; '[]' for a product without options),
 *   `compare_at_price` (the earlier price shown crossed out) and `variant_terms` (the variants' option values and
 *   SKUs as words, kept by the catalogue's writes, so search finds "mocha" and a SKU).
 * - product_variants: one row per combination, with its own SKU (unique in the shop), price, earlier price, stock
 *   (null = not tracked, never below zero), picture (a hash of one of the product's pictures) and swatch colour.
 * - cart_lines is rebuilt with `variant_id` in its key ('' for a product without variants), so a lipstick in two
 *   shades is two lines.
 * - order_items gain the variant's id, SKU and options as they were when ordered (no foreign key: an order keeps
 *   its copy after the variant goes).
 *
 * Existing products keep '[]' options, no variants and their own price and stock: nothing is moved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('products').addColumn('compare_at_price', 'integer').execute();
  await db.schema
    .alterTable('products')
    .addColumn('variant_terms', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('compare_at_price', 'integer')
    .addColumn('stock', 'integer', (c) => c.check(sql`stock >= 0`))
    .addColumn('image_hash', 'text')
    .addColumn('swatch', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // SKUs are unique in the shop whatever their case.
  await sql`create unique index product_variants_sku_uq on product_variants (lower(sku))`.execute(db);
  await db.schema
    .createIndex('product_variants_product_idx')
    .on('product_variants')
    .columns(['product_id', 'position'])
    .execute();
  await db.schema
    .createIndex('product_variants_stock_idx')
    .on('product_variants')
    .columns(['stock', 'id'])
    .where(sql.ref('stock'), 'is not', null)
    .execute();

  await db.schema
    .createTable('cart_lines_by_variant')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_variant_pk', ['user_id', 'product_id', 'variant_id'])
    .execute();
  await sql`
    insert into cart_lines_by_variant (user_id, product_id, variant_id, count, created_at, updated_at)
    select user_id, product_id, '', count, created_at, updated_at from cart_lines
  `.execute(db);
  await db.schema.dropTable('cart_lines').execute();
  await db.schema.alterTable('cart_lines_by_variant').renameTo('cart_lines').execute();

  await db.schema.alterTable('order_items').addColumn('variant_id', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('variant_sku', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('variant_options', 'text').execute();

  if (onPostgres(db)) await searchPostgres(db, true);
  else await searchSqlite(db, true);
}

/** The search index's words: the tags, and the variants' option values and SKUs beside them (weight B). */
async function searchSqlite(db: Kysely<unknown>, withVariants: boolean): Promise<void> {
  const tags = withVariants
    ? `trim(coalesce((select group_concat(value, ' ') from json_each(new.tags)), '') || ' ' || new.variant_terms)`
    : `coalesce((select group_concat(value, ' ') from json_each(new.tags)), '')`;
  const columns = withVariants
    ? 'name, tags, description, category_id, variant_terms'
    : 'name, tags, description, category_id';
  const statements = [
    'drop trigger if exists products_search_ai',
    'drop trigger if exists products_search_au',
    `create trigger products_search_ai after insert on products begin
       insert into product_search_docs(product_id, name, tags, category, description)
       values (
         new.id,
         new.name,
         ${tags},
         coalesce((select name from categories where id = new.category_id), ''),
         new.description
       );
     end`,
    `create trigger products_search_au after update of ${columns} on products begin
       update product_search_docs set
         name = new.name,
         tags = ${tags},
         category = coalesce((select name from categories where id = new.category_id), ''),
         description = new.description
       where product_id = new.id;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function searchPostgres(db: Kysely<unknown>, withVariants: boolean): Promise<void> {
  const tags = withVariants
    ? `coalesce((select string_agg(t, ' ') from jsonb_array_elements_text(new.tags::jsonb) as t), '') || ' ' || coalesce(new.variant_terms, '')`
    : `coalesce((select string_agg(t, ' ') from jsonb_array_elements_text(new.tags::jsonb) as t), '')`;
  const columns = withVariants
    ? 'name, tags, description, category_id, variant_terms'
    : 'name, tags, description, category_id';
  const statements = [
    `create or replace function products_search_refresh() returns trigger
     language plpgsql set search_path from current as $$
     begin
       new.search_vector :=
         setweight(to_tsvector('simple', coalesce(new.name, '')), 'A') ||
         setweight(to_tsvector('simple', ${tags}), 'B') ||
         setweight(to_tsvector('simple', coalesce(
           (select name from categories where id = new.category_id), '')), 'C') ||
         setweight(to_tsvector('simple', coalesce(new.description, '')), 'D');
       return new;
     end
     $$`,
    'drop trigger if exists products_search_refresh on products',
    `create trigger products_search_refresh
     before insert or update of ${columns} on products
     for each row execute function products_search_refresh()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) await searchPostgres(db, false);
  else await searchSqlite(db, false);
  await db.schema.alterTable('order_items').dropColumn('variant_options').execute();
  await db.schema.alterTable('order_items').dropColumn('variant_sku').execute();
  await db.schema.alterTable('order_items').dropColumn('variant_id').execute();
  await db.schema
    .createTable('cart_lines_by_product')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id'])
    .execute();
  await sql`
    insert into cart_lines_by_product (user_id, product_id, count, created_at, updated_at)
    select user_id, product_id, sum(count), min(created_at), max(updated_at) from cart_lines
    group by user_id, product_id
  `.execute(db);
  await db.schema.dropTable('cart_lines').execute();
  await db.schema.alterTable('cart_lines_by_product').renameTo('cart_lines').execute();
  await db.schema.dropTable('product_variants').execute();
  await db.schema.alterTable('products').dropColumn('variant_terms').execute();
  await db.schema.alterTable('products').dropColumn('compare_at_price').execute();
  await db.schema.alterTable('products').dropColumn('options').execute();
}

/** Frozen with this migration: the dialect, read as the live code's dialectOf read it when this was written. */
function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
