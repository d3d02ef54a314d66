import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Pictures live in the database (every WebP width of each content-addressed picture), so every API process serves
 * an upload made through any other; DATA_DIR/images is only each process's disk cache. Existing files there are
 * copied in at start-up (importDiskImages).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = onPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('image_blobs')
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('bytes', binary, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_blobs_pk', ['hash', 'width'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_blobs').execute();
}

/** Frozen with this migration: the dialect, read as the live code's dialectOf read it when this was written. */
function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
