import type { Kysely } from 'kysely';

/** Categories, products and their images. Full-text search is added by a later, dialect-specific migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('usage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]')) // JSON array of strings
    .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category_id', 'text', (c) => c.references('categories.id').onDelete('set null'))
    // Kept up to date by the reviews feature: the average (one decimal) and how many reviews.
    .addColumn('rating', 'real')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
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

  // One row per image of a product, in display order; the file itself is content-addressed (hash) on disk.
  await db.schema
    .createTable('product_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_images_product_idx')
    .on('product_images')
    .columns(['product_id', 'position'])
    .execute();
  await db.schema.createIndex('product_images_hash_idx').on('product_images').column('hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_images').execute();
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('categories').execute();
}
