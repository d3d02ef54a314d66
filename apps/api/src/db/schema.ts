import type { Generated } from 'kysely';

/*
 * Column conventions (docs/decisions/002-database-strategy.md): ids are opaque text, timestamps are ISO-8601 UTC
 * text, booleans are integers 0/1 and money is whole shillings, so one migration and one query serve SQLite and
 * PostgreSQL alike.
 */

export interface UsersTable {
  id: string;
  full_name: string;
  email: string | null;
  phone: string;
  password_hash: string;
  role: 'customer' | 'admin';
  is_email_verified: number;
  is_phone_verified: number;
  last_login: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
}

export interface SchemaMetaTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  app_meta: SchemaMetaTable;
}
