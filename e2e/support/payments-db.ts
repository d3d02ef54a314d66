import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';

/*
 * For the payments browser test: its own server (NODE_ENV=development, so the demo's Daraja simulator and
 * /dev/phone are mounted; the shared e2e servers run in production, where they never are), and rows that no API on
 * the payments branch can create yet (a customer, their session, an order) written straight into that server's
 * database. Production code has no test-only path.
 */

export const E2E_SESSION_SECRET = 'e2e-payments-session-secret-0123456789';

interface ServerInfo {
  dataDir: string;
  databaseUrl: string | null;
  port: number;
}

export interface PaymentsServer {
  baseURL: string;
  info: ServerInfo;
  stop(): Promise<void>;
}

export async function startPaymentsServer(dialect: string, port: number): Promise<PaymentsServer> {
  const infoFile = path.join(tmpdir(), `urembo-e2e-payments-${port}-${Date.now()}.json`);
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'serve.mjs'), dialect, String(port)],
    {
      env: {
        ...process.env,
        E2E_NODE_ENV: 'development',
        E2E_INFO_FILE: infoFile,
        SESSION_SECRET: E2E_SESSION_SECRET,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`payments e2e server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/api/v1/health`);
      if (res.ok && existsSync(infoFile)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('payments e2e server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as ServerInfo;
  rmSync(infoFile, { force: true });
  return {
    baseURL,
    info,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

type Row = Record<string, string | number | null>;

async function withDb<T>(
  info: ServerInfo,
  fn: (exec: (sql: string, params: unknown[]) => Promise<Row[]>) => Promise<T>,
): Promise<T> {
  if (info.databaseUrl) {
    const client = new pg.Client({ connectionString: info.databaseUrl });
    await client.connect();
    try {
      return await fn(async (sql, params) => {
        let n = 0;
        const result = await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        );
        return result.rows as Row[];
      });
    } finally {
      await client.end();
    }
  }
  const db = new Sqlite(path.join(info.dataDir, 'urembo.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return await fn(async (sql, params) => {
      const statement = db.prepare(sql);
      return statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), []);
    });
  } finally {
    db.close();
  }
}

const hexId = () => randomBytes(12).toString('hex');

/** A signed-in customer (cookie value of `urembo_session`) and an unpaid order of theirs. */
export async function seedCustomerWithOrder(
  info: ServerInfo,
  options: { total: number; fullName?: string; phone?: string },
): Promise<{ userId: string; orderId: string; reference: string; sessionCookie: string; fullName: string }> {
  const now = new Date().toISOString();
  const userId = hexId();
  const orderId = hexId();
  // The server's reference alphabet (no look-alike characters), 7 of them.
  const reference = Array.from(randomBytes(7), (b) => 'ACDEFGHJKMNPQRTWXY3479'[b % 22]).join('');
  const sessionId = randomBytes(32).toString('base64url');
  const phone = options.phone ?? `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const fullName = options.fullName ?? 'Wanjiku Kamau';
  await withDb(info, async (exec) => {
    await exec(
      `insert into users (id, full_name, email, phone, password_hash, role, is_email_verified, is_phone_verified,
        last_login, created_at, updated_at) values (?, ?, null, ?, 'unusable', 'customer', 0, 1, null, ?, ?)`,
      [userId, fullName, phone, now, now],
    );
    await exec(
      `insert into sessions (id_hash, user_id, created_at, expires_at, last_seen_at, user_agent)
       values (?, ?, ?, ?, ?, 'playwright')`,
      [
        createHmac('sha256', E2E_SESSION_SECRET).update(sessionId).digest('hex'),
        userId,
        now,
        new Date(Date.now() + 24 * 3600_000).toISOString(),
        now,
      ],
    );
    await exec(
      `insert into orders (id, reference, user_id, name, email, phone, country, county, town, location, location_id, subtotal,
        shipping_fee, total_amount, payment_status, delivery_status, idempotency_key, created_at, updated_at)
       values (?, ?, ?, ?, null, ?, 'Kenya', 'Nairobi', 'Westlands', 'Sarit Centre', null, ?, 200, ?, 'pending',
        'pending', null, ?, ?)`,
      [orderId, reference, userId, fullName, phone, options.total - 200, options.total, now, now],
    );
  });
  return { userId, orderId, reference, sessionCookie: sessionId, fullName };
}

export async function orderPaymentStatus(info: ServerInfo, orderId: string): Promise<string> {
  return withDb(info, async (exec) => {
    const rows = await exec('select payment_status from orders where id = ?', [orderId]);
    return String(rows[0]?.payment_status);
  });
}

export async function paymentsOf(info: ServerInfo, orderId: string): Promise<Row[]> {
  return withDb(info, (exec) =>
    exec('select source, amount, receipt, status from payments where order_id = ? order by created_at', [
      orderId,
    ]),
  );
}
