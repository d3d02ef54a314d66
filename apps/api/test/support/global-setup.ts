import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

/** Where the PostgreSQL half of the suite runs; set TEST_DATABASE_URL to point it elsewhere. */
export const DEFAULT_TEST_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Checks once whether PostgreSQL answers. When it does not, the PostgreSQL half of every database test is skipped
 * with a visible message (and REQUIRE_POSTGRES=1, as CI sets, turns that into a failure).
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_PG_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('pgUrl', url);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL at ${url} did not answer: ${reason}`);
    }
    console.warn(
      `\n[tests] PostgreSQL at ${url} did not answer (${reason}): SKIPPING the PostgreSQL half of the database tests.\n`,
    );
    project.provide('pgUrl', null);
  } finally {
    await client.end().catch(() => undefined);
  }
}
