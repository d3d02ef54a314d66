import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Catalogue full-text search and list indexes (docs/decisions/004-catalogue.md).
 *
 * Searched fields: product name, tags, category name and description, weighted in that order. Both dialects keep
 * the index in step with triggers, so every writer (the API, the demo seeder, bulk scripts, a later feature
 * updating a product) stays in sync without remembering to: insert/update/delete of a product and renaming its
 * category.
 *
 * SQLite: an external-content FTS5 table over `product_search_docs` (one row per product, with a stable
 * INTEGER PRIMARY KEY so the FTS rowids survive VACUUM), tokenizer unicode61 without stemming, prefix indexes for
 * fast "ser*" queries.
 * PostgreSQL: a weighted `search_vector tsvector` column on products (config 'simple': no stemming, the same
 * matching rules as SQLite) with a GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Paged lists order by (created_at, id) within a status; these indexes serve them without a sort, at any size.
  await db.schema.dropIndex('products_status_created_idx').execute();
  await db.schema.dropIndex('products_category_idx').execute();
  await db.schema
    .createIndex('products_status_created_id_idx')
    .on('products')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('products_category_status_created_idx')
    .on('products')
    .columns(['category_id', 'status', 'created_at', 'id'])
    .execute();
  // The home page's "featured or new" list: a partial index holding only those rows (the query repeats the
  // predicate word for word, so both planners match it).
  await db.schema
    .createIndex('products_featured_or_new_idx')
    .on('products')
    .columns(['status', 'created_at', 'id'])
    .where(sql<boolean>`is_featured = 1 or is_new = 1`)
    .execute();

  if (onPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table product_search_docs (
       doc_id integer primary key,
       product_id text not null unique,
       name text not null,
       tags text not null,
       category text not null,
       description text not null
     )`,
    `create virtual table product_search using fts5(
       name, tags, category, description,
       content = 'product_search_docs', content_rowid = 'doc_id',
       tokenize = 'unicode61 remove_diacritics 2',
       prefix = '2 3 4'
     )`,
    // The FTS index follows the documents table (the standard external-content triggers).
    `create trigger product_search_docs_ai after insert on product_search_docs begin
       insert into product_search(rowid, name, tags, category, description)
       values (new.doc_id, new.name, new.tags, new.category, new.description);
     end`,
    `create trigger product_search_docs_ad after delete on product_search_docs begin
       insert into product_search(product_search, rowid, name, tags, category, description)
       values ('delete', old.doc_id, old.name, old.tags, old.category, old.description);
     end`,
    `create trigger product_search_docs_au after update on product_search_docs begin
       insert into product_search(product_search, rowid, name, tags, category, description)
       values ('delete', old.doc_id, old.name, old.tags, old.category, old.description);
       insert into product_search(rowid, name, tags, category, description)
       values (new.doc_id, new.name, new.tags, new.category, new.description);
     end`,
    // The documents follow products and categories.
    `create trigger products_search_ai after insert on products begin
       insert into product_search_docs(product_id, name, tags, category, description)
       values (
         new.id,
         new.name,
         coalesce((select group_concat(value, ' ') from json_each(new.tags)), ''),
         coalesce((select name from categories where id = new.category_id), ''),
         new.description
       );
     end`,
    `create trigger products_search_au after update of name, tags, description, category_id on products begin
       update product_search_docs set
         name = new.name,
         tags = coalesce((select group_concat(value, ' ') from json_each(new.tags)), ''),
         category = coalesce((select name from categories where id = new.category_id), ''),
         description = new.description
       where product_id = new.id;
     end`,
    `create trigger products_search_ad after delete on products begin
       delete from product_search_docs where product_id = old.id;
     end`,
    `create trigger categories_search_au after update of name on categories begin
       update product_search_docs set category = new.name
       where product_id in (select id from products where category_id = new.id);
     end`,
    // Products that already exist (none on a new shop; kept for databases that had products before search).
    `insert into product_search_docs(product_id, name, tags, category, description)
     select p.id, p.name,
       coalesce((select group_concat(value, ' ') from json_each(p.tags)), ''),
       coalesce(c.name, ''), p.description
     from products p left join categories c on c.id = p.category_id`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `alter table products add column search_vector tsvector`,
    `create function products_search_refresh() returns trigger
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
    `create trigger products_search_refresh
     before insert or update of name, tags, description, category_id on products
     for each row execute function products_search_refresh()`,
    `create function categories_search_refresh() returns trigger
     language plpgsql set search_path from current as $$
     begin
       update products set category_id = category_id where category_id = new.id;
       return null;
     end
     $$`,
    `create trigger categories_search_refresh
     after update of name on categories
     for each row when (old.name is distinct from new.name)
     execute function categories_search_refresh()`,
    `update products set category_id = category_id`,
    `create index products_search_idx on products using gin (search_vector)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) {
    await sql.raw('drop trigger if exists categories_search_refresh on categories').execute(db);
    await sql.raw('drop function if exists categories_search_refresh()').execute(db);
    await sql.raw('drop trigger if exists products_search_refresh on products').execute(db);
    await sql.raw('drop function if exists products_search_refresh()').execute(db);
    await sql.raw('alter table products drop column if exists search_vector').execute(db);
  } else {
    for (const t of [
      'products_search_ai',
      'products_search_au',
      'products_search_ad',
      'categories_search_au',
    ]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
    await sql.raw('drop table if exists product_search').execute(db);
    await sql.raw('drop table if exists product_search_docs').execute(db);
  }
  for (const i of [
    'products_status_created_id_idx',
    'products_category_status_created_idx',
    'products_featured_or_new_idx',
  ]) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  await db.schema
    .createIndex('products_status_created_idx')
    .on('products')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('products_category_idx')
    .on('products')
    .columns(['category_id', 'status'])
    .execute();
}

/** Frozen with this migration: the dialect, read as the live code's dialectOf read it when this was written. */
function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
