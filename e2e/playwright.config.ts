import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const basePort = Number(process.env.E2E_PORT_BASE || 3101);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The PostgreSQL project runs whenever a server answers (CI sets REQUIRE_POSTGRES=1 to make it mandatory). */
function postgresAnswers(): boolean {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const pg=require('pg');const c=new pg.Client({connectionString:process.env.E2E_PG_URL||'postgres://postgres@127.0.0.1:5432/postgres',connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`,
    ],
    { cwd: import.meta.dirname, timeout: 10_000 },
  );
  return probe.status === 0;
}

const withPostgres = postgresAnswers();
if (!withPostgres) {
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error('REQUIRE_POSTGRES=1 but PostgreSQL did not answer');
  console.warn('\n[e2e] PostgreSQL did not answer: SKIPPING the PostgreSQL browser project.\n');
}

const databases = withPostgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

/** Each server's DATA_DIR, fixed per port so tests can read its outbox (see support/outbox.ts). */
const dataDirOf = (db: string, port: number) => path.join(tmpdir(), `urembo-e2e-${db}-${port}`);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: databases.map((db, i) => ({
    name: db,
    use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${basePort + i}` },
    metadata: { dataDir: dataDirOf(db, basePort + i) },
  })),
  webServer: databases.map((db, i) => ({
    command: `node support/serve.mjs ${db} ${basePort + i} ${dataDirOf(db, basePort + i)}`,
    url: `http://127.0.0.1:${basePort + i}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  })),
});
