import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabaseOf } from './server-db';

/*
 * For the payments browser test: its own server (NODE_ENV=development, so the demo's Daraja simulator and
 * /dev/phone are mounted; the shared e2e servers run in production, where they never are). Tests set up customers
 * and orders through its API (support/api.ts) and only read its database. Production code has no test-only path.
 */

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
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  // As long as playwright.config.ts gives its web servers: a loaded machine starts slowly.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`payments e2e server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/api/v1/health`);
      if (res.ok && existsSync(infoFile)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Nothing will stop it later (the caller never gets it): stop it now, or it outlives the run on its port.
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      throw new Error('payments e2e server did not start in 120 s');
    }
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

/** The order's payment status and its payment rows, read from the server's database (no API lists them so). */
export async function orderPaymentStatus(info: ServerInfo, orderId: string): Promise<string> {
  const db = await openDatabaseOf(info);
  try {
    const rows = await db.select('select payment_status from orders where id = ?', [orderId]);
    return String(rows[0]?.payment_status);
  } finally {
    await db.close();
  }
}

export async function paymentsOf(info: ServerInfo, orderId: string): Promise<Record<string, unknown>[]> {
  const db = await openDatabaseOf(info);
  try {
    return await db.select(
      'select source, amount, receipt, status from payments where order_id = ? order by created_at',
      [orderId],
    );
  } finally {
    await db.close();
  }
}
