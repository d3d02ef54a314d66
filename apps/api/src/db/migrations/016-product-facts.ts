import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * What is in the jar and until when: each product's brand, best-before month ("YYYY-MM", compared as text),
 * KEBS or Pharmacy and Poisons Board registration, and ingredient list. Search now finds a product by its brand
 * too (weighted as its tags), so the search triggers of migration 008 are replaced by ones that read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['brand', 'expires_on', 'registration', 'ingredients']) {
    await db.schema.alterTable('products').addColumn(column, 'text').execute();
  }
  // The shop page's brand filter pages through one brand's active products, newest first.
  await db.schema
    .createIndex('products_brand_status_created_idx')
    .on('products')
    .columns(['brand', 'status', 'created_at', 'id'])
    .where(sql.ref('brand'), 'is not', null)
    .execute();
  // The dashboard's "expiring soon" list.
  await db.schema
    .createIndex('products_expires_on_idx')
    .on('products')
    .columns(['expires_on', 'id'])
    .where(sql.ref('expires_on'), 'is not', null)
    .execute();

  if (onPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

const SQLITE_TAGS_WITH_BRAND = `trim(coalesce((select group_concat(value, ' ') from json_each(new.tags)), '') || ' ' ||
         coalesce(new.brand, ''))`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `drop trigger products_search_ai`,
    `drop trigger products_search_au`,
    `create trigger products_search_ai after insert on products begin
       insert into product_search_docs(product_id, name, tags, category, description)
       values (
         new.id,
         new.name,
         ${SQLITE_TAGS_WITH_BRAND},
         coalesce((select name from categories where id = new.category_id), ''),
         new.description
       );
     end`,
    `create trigger products_search_au after update of name, tags, description, category_id, brand on products begin
       update product_search_docs set
         name = new.name,
         tags = ${SQLITE_TAGS_WITH_BRAND},
         category = coalesce((select name from categories where id = new.category_id), ''),
         description = new.description
       where product_id = new.id;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create or replace function products_search_refresh() returns trigger
     language plpgsql set search_path from current as $$
     begin
       new.search_vector :=
         setweight(to_tsvector('simple', coalesce(new.name, '')), 'A') ||
         setweight(to_tsvector('simple', coalesce(
           (select string_agg(t, ' ') from jsonb_array_elements_text(new.tags::jsonb) as t), '') || ' ' ||
           coalesce(new.brand, '')), 'B') ||
         setweight(to_tsvector('simple', coalesce(
           (select name from categories where id = new.category_id), '')), 'C') ||
         setweight(to_tsvector('simple', coalesce(new.description, '')), 'D');
       return new;
     end
     $$`,
    `drop trigger products_search_refresh on products`,
    `create trigger products_search_refresh
     before insert or update of name, tags, description, category_id, brand on products
     for each row execute function products_search_refresh()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) {
    await sql.raw('drop trigger products_search_refresh on products').execute(db);
    await sql
      .raw(
        `create or replace function products_search_refresh() returns trigger
         language plpgsql set search_path from current as $$
         begin
           new.search_vector :=
             setweight(to_tsvector('simple', coalesce(new.name, '')), 'A') ||
             setweight(to_tsvector('simple', coalesce(
               (select string_agg(t, ' ') from jsonb_array_elements_text(new.tags::jsonb) as t), '')), 'B') ||
             setweight(to_tsvector('simple', coalesce(
               (select name from categories where id = new.category_id), '')), 'C') ||
             setweight(to_tsvector('simple', coalesce(new.description, '')), 'D');
           return new;
         end
         $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger products_search_refresh
         before insert or update of name, tags, description, category_id on products
         for each row execute function products_search_refresh()`,
      )
      .execute(db);
  } else {
    const tags = `coalesce((select group_concat(value, ' ') from json_each(new.tags)), '')`;
    for (const statement of [
      `drop trigger products_search_ai`,
      `drop trigger products_search_au`,
      `create trigger products_search_ai after insert on products begin
         insert into product_search_docs(product_id, name, tags, category, description)
         values (new.id, new.name, ${tags},
           coalesce((select name from categories where id = new.category_id), ''), new.description);
       end`,
      `create trigger products_search_au after update of name, tags, description, category_id on products begin
         update product_search_docs set name = new.name, tags = ${tags},
           category = coalesce((select name from categories where id = new.category_id), ''),
           description = new.description
         where product_id = new.id;
       end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  }
  await db.schema.dropIndex('products_expires_on_idx').execute();
  await db.schema.dropIndex('products_brand_status_created_idx').execute();
  for (const column of ['ingredients', 'registration', 'expires_on', 'brand']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}

/** Frozen with this migration: the dialect, read from Kysely's adapter. */
function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
