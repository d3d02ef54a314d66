import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/**
 * Direct access to the database of the e2e server a Playwright project runs against (support/serve.mjs writes where
 * it is), so a test can set up rows no screen on this branch creates yet: a paid order, a signed-in customer.
 * Statements use `?` placeholders on both dialects.
 */
export interface ServerDb {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  run(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function openServerDb(baseURL: string): Promise<ServerDb> {
  const port = new URL(baseURL).port;
  const info = JSON.parse(readFileSync(path.join(tmpdir(), `urembo-e2e-server-${port}.json`), 'utf8')) as {
    dialect: 'sqlite' | 'postgres';
    dataDir: string;
    databaseUrl: string | null;
  };
  if (info.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: info.databaseUrl! });
    await client.connect();
    return {
      dialect: 'postgres',
      dataDir: info.dataDir,
      async run(sql, params = []) {
        let n = 0;
        const result = await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        );
        return result.rows;
      },
      close: () => client.end(),
    };
  }
  const sqlite = new SqliteDatabase(path.join(info.dataDir, 'urembo.sqlite'));
  sqlite.pragma('busy_timeout = 5000');
  return {
    dialect: 'sqlite',
    dataDir: info.dataDir,
    async run(sql, params = []) {
      const statement = sqlite.prepare(sql);
      if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
      statement.run(...params);
      return [];
    },
    close: async () => void sqlite.close(),
  };
}

export const newId = () => randomBytes(12).toString('hex');

let phoneCounter = Math.floor(Math.random() * 1_000_000);

/** A customer with a session, signed in in the browser context (the cookie the server would set at sign-in). */
export async function signInNewCustomer(
  db: ServerDb,
  context: BrowserContext,
  baseURL: string,
  fullName: string,
): Promise<{ userId: string; cookie: string }> {
  phoneCounter += 1;
  const userId = newId();
  const now = new Date().toISOString();
  await db.run(
    `insert into users (id, full_name, email, phone, password_hash, role, is_email_verified, is_phone_verified,
      last_login, created_at, updated_at) values (?, ?, ?, ?, 'unusable', 'customer', 0, 0, null, ?, ?)`,
    [userId, fullName, `${userId}@example.com`, `2547${String(phoneCounter).padStart(8, '0')}`, now, now],
  );
  const secret = readFileSync(path.join(db.dataDir, 'session-secret'), 'utf8').trim();
  const sessionId = randomBytes(32).toString('base64url');
  await db.run(
    `insert into sessions (id_hash, user_id, created_at, expires_at, last_seen_at, user_agent)
      values (?, ?, ?, ?, ?, 'playwright')`,
    [
      createHmac('sha256', secret).update(sessionId).digest('hex'),
      userId,
      now,
      new Date(Date.now() + 24 * 3600_000).toISOString(),
      now,
    ],
  );
  await context.addCookies([{ name: 'urembo_session', value: sessionId, url: baseURL, httpOnly: true }]);
  return { userId, cookie: `urembo_session=${sessionId}` };
}
