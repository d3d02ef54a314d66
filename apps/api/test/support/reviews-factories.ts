import type { Insertable } from 'kysely';
import type { ReviewsTable } from '../../src/db/schema';
import { nowIso } from '../../src/db/sql-values';
import { newId } from '../../src/lib/ids';
import type { TestContext } from './test-app';

/** Inserts a review directly (bypassing the rules), e.g. with a chosen created_at. */
export async function insertTestReview(
  ctx: TestContext,
  values: Omit<Insertable<ReviewsTable>, 'id' | 'created_at' | 'updated_at'> & { created_at?: string },
): Promise<string> {
  const id = newId();
  const at = values.created_at ?? nowIso();
  await ctx.database.db
    .insertInto('reviews')
    .values({ ...values, id, created_at: at, updated_at: at })
    .execute();
  return id;
}
