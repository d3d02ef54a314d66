import type { Migration } from 'kysely';
import * as m001 from './001-users-sessions';

/**
 * Every migration, in order. They are bundled into the server (no files are read at run time) and must work on
 * SQLite and PostgreSQL alike; a dialect-specific step checks `dialectOf(db)`.
 */
export const migrations: Record<string, Migration> = {
  '001-users-sessions': m001,
};
