import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase } from './support/test-db';

const pgUrl = inject('pgUrl');

(pgUrl ? describe : describe.skip)('migrations on PostgreSQL', () => {
  it('create their bookkeeping tables in a fresh schema even when another schema already has them', async () => {
    const first = await createTestDatabase('postgres', pgUrl);
    try {
      // A second schema in the same database, migrated while the first exists (as parallel test files do).
      const second = await createTestDatabase('postgres', pgUrl);
      try {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
          where table_schema = ${second.pgSchema!} and table_name like 'kysely_migration%'`.execute(
          second.db,
        );
        expect(rows[0]!.n).toBe(2);
        expect(await migrateToLatest(second.db)).toEqual([]);
      } finally {
        await second.destroy();
      }
    } finally {
      await first.destroy();
    }
  });
});
