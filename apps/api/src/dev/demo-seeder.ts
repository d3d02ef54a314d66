import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';

/**
 * A demo seeder fills one feature's tables. It runs once per database: its marker in app_meta records that it ran,
 * and a seeder whose tables already hold data (a real shop) does nothing.
 */
export interface DemoSeeder {
  name: string;
  /** True when the feature's tables are empty, so demo data would not mix with real data. */
  isEmpty(db: Kysely<Database>): Promise<boolean>;
  /**
   * Fills the tables and returns a one-line summary; returns null when what it builds on (another seeder's data)
   * is missing, so it is tried again at the next start.
   */
  seed(db: Kysely<Database>, config: Config, log: FastifyBaseLogger): Promise<string | null>;
}
