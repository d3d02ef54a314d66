import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { MAX_LINE_COUNT } from '@urembo/contract/order-status';
import type { Database, ProductsTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type CartProductRow = Selectable<ProductsTable> & {
  category_name: string | null;
  count: number;
  variant_id: string;
};

export function findProductStatus(
  db: Db,
  productId: string,
): Promise<
  | {
      id: string;
      name: string;
      status: 'active' | 'inactive';
      stock: number | null;
      expires_on: string | null;
    }
  | undefined
> {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'status', 'stock', 'expires_on'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

export async function findCartLineCount(
  db: Db,
  userId: string,
  productId: string,
  variantId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('cart_lines')
    .select('count')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row ? row.count : null;
}

/**
 * Adds `count` to the line (creating it), in one statement so two quick taps cannot lose an update; the line is left
 * alone when it would pass the cap. Answers whether it changed.
 */
export async function addToCartLine(
  db: Db,
  userId: string,
  productId: string,
  variantId: string,
  count: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('cart_lines')
    .values({
      user_id: userId,
      product_id: productId,
      variant_id: variantId,
      count,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'product_id', 'variant_id'])
        .doUpdateSet((eb) => ({
          count: eb(eb.ref('cart_lines.count'), '+', eb.ref('excluded.count')),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where((eb) =>
          eb(eb(eb.ref('cart_lines.count'), '+', eb.ref('excluded.count')), '<=', MAX_LINE_COUNT),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes one off a line holding more than one; answers whether it did. */
export async function decrementCartLine(
  db: Db,
  userId: string,
  productId: string,
  variantId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('cart_lines')
    .set((eb) => ({ count: eb('count', '-', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .where('count', '>', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCartLine(
  db: Db,
  userId: string,
  productId: string,
  variantId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('cart_lines')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function clearCartLines(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
}

/** The cart's products with their counts, oldest line first (the order they were added). */
export function listCartProducts(db: Db, userId: string): Promise<CartProductRow[]> {
  return db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select(['categories.name as category_name', 'cart_lines.count', 'cart_lines.variant_id'])
    .where('cart_lines.user_id', '=', userId)
    .orderBy('cart_lines.created_at', 'asc')
    .orderBy('cart_lines.product_id', 'asc')
    .orderBy('cart_lines.variant_id', 'asc')
    .execute();
}

/** Takes what was ordered off the customer's cart lines; a line that reaches zero goes. */
export async function subtractFromCart(
  db: Db,
  userId: string,
  lines: { productId: string; variantId: string | null; count: number }[],
  now: string,
): Promise<void> {
  if (lines.length === 0) return;
  // Two statements for every line at once: the lines the order took whole go, the others keep the rest.
  const sameLine = (line: (typeof lines)[number]) =>
    sql<boolean>`(product_id = ${line.productId} and variant_id = ${line.variantId ?? ''})`;
  await db
    .deleteFrom('cart_lines')
    .where('user_id', '=', userId)
    .where(
      sql<boolean>`(${sql.join(
        lines.map((line) => sql`(${sameLine(line)} and "count" <= ${line.count})`),
        sql` or `,
      )})`,
    )
    .execute();
  const ordered = sql<number>`case ${sql.join(
    lines.map((line) => sql`when ${sameLine(line)} then cast(${line.count} as integer)`),
    sql` `,
  )} else 0 end`;
  await db
    .updateTable('cart_lines')
    .set((eb) => ({ count: eb('count', '-', ordered), updated_at: now }))
    .where('user_id', '=', userId)
    .where(
      sql<boolean>`(${sql.join(
        lines.map((line) => sql`(${sameLine(line)} and "count" > ${line.count})`),
        sql` or `,
      )})`,
    )
    .execute();
}
