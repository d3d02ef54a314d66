// Starts the production server for one Playwright project on a fresh database: a new SQLite DATA_DIR, or a new
// PostgreSQL database that is dropped again when the server stops.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

// The third argument names the DATA_DIR (playwright.config.ts passes one, so tests can read the mail and SMS the
// server writes to DATA_DIR/outbox/); it is emptied first.
const [dialect, port, dataDirArg] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '../..');
const pgAdminUrl = process.env.E2E_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
let dataDir;
if (dataDirArg) {
  rmSync(dataDirArg, { recursive: true, force: true });
  mkdirSync(dataDirArg, { recursive: true });
  dataDir = dataDirArg;
} else {
  dataDir = mkdtempSync(path.join(tmpdir(), `urembo-e2e-${dialect}-`));
}
let dbName;

async function admin(sql) {
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

if (dialect === 'postgres') {
  // Databases of runs that died without cleaning up (older than two hours) go first.
  const stale = await admin("select datname from pg_database where datname like 'urembo_e2e_%'");
  const cutoff = Date.now() - 2 * 3600_000;
  for (const { datname } of stale.rows) {
    const started = Number(datname.split('_')[3]);
    if (started && started < cutoff)
      await admin(`drop database if exists ${datname} with (force)`).catch(() => {});
  }
  dbName = `urembo_e2e_${port}_${Date.now()}`;
  await admin(`create database ${dbName}`);
}

const env = {
  ...process.env,
  // A spec that needs the demo's M-Pesa simulator (never mounted in production) starts its own server with
  // E2E_NODE_ENV=development.
  NODE_ENV: process.env.E2E_NODE_ENV || 'production',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
  SEED_DEMO: 'true',
  ADMIN_PHONE: '0700000001',
  ADMIN_EMAIL: 'admin@urembo.test',
  ADMIN_PASSWORD: 'admin-e2e-password',
  // Production requires admins to have two-factor sign-in; the specs sign the admin in with the password alone, and
  // one that tests the requirement sets E2E_ADMIN_REQUIRE_2FA=true.
  ADMIN_REQUIRE_2FA: process.env.E2E_ADMIN_REQUIRE_2FA || 'false',
  // The tests stand where a shop's proxy does: customers the support code signs up each come from an address of
  // their own (X-Forwarded-For), as real ones do; everything else comes from 127.0.0.1 itself.
  TRUST_PROXY: '127.0.0.1',
};
if (dbName) env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
else delete env.DATABASE_URL;
// Where this server keeps its data, for a spec that must set up rows no API on its branch can create yet.
if (process.env.E2E_INFO_FILE) {
  writeFileSync(
    process.env.E2E_INFO_FILE,
    JSON.stringify({ dataDir, databaseUrl: env.DATABASE_URL ?? null, port: Number(port) }),
  );
}

// Where this server keeps its data, for tests that check rows no API shows (e2e/support/server-db.ts, read-only).
const infoFile = path.join(tmpdir(), `urembo-e2e-server-${port}.json`);
writeFileSync(infoFile, JSON.stringify({ dialect, dataDir, databaseUrl: env.DATABASE_URL ?? null }));

const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  env,
  stdio: 'inherit',
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  if (dbName) await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(infoFile, { force: true });
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
