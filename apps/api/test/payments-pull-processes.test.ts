import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Dialect } from '../src/db/database';
import { DarajaPeer, PEER_CREDENTIALS, peerEnv } from './support/daraja-peer';
import { createTestOrder } from './support/orders-factories';
import { freePort } from './support/ports';
import {
  BUILT_SERVER,
  startServerProcess,
  waitForHealth,
  type ServerProcess,
} from './support/server-process';
import type { TestContext } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-db';

/*
 * The Pull sweep on two server processes sharing one PostgreSQL database (as behind a load balancer): a sweep on one
 * races the confirmations of the same payments arriving at the other, and two sweeps asked of both at once run one
 * at a time. Several processes are a PostgreSQL set-up (docs/decisions/015-one-shop-many-processes.md): two
 * processes writing one SQLite file answer 503 when they collide, so SQLite's races are tested in one process
 * (payments-pull.test.ts).
 */

const SHORTCODE = '600984';
const SECRET = 'pull-two-secret-0123456789-abcd';
const admin = { phone: '0712345678', password: 'pull-two-process-admin' };
const pgUrl = inject('pgUrl');

for (const dialect of ['postgres'] as Dialect[]) {
  (!pgUrl ? describe.skip : describe)(`the Pull sweep on two processes [${dialect}]`, () => {
    let database: TestDatabase;
    let peer: DarajaPeer;
    const processes: ServerProcess[] = [];
    let bases: string[] = [];
    let cookie = '';
    let adminId = '';
    let counter = 0;
    const receipt = () =>
      `PT${String(Date.now() % 1e5).padStart(5, '0')}${String(++counter).padStart(3, '0')}`;

    beforeAll(async () => {
      expect(existsSync(BUILT_SERVER), 'run `npm run build` first').toBe(true);
      database = await createTestDatabase(dialect, pgUrl);
      peer = await new DarajaPeer({
        ...PEER_CREDENTIALS,
        c2b: { shortcode: SHORTCODE, initiatorName: 'urembo-api', securityCredential: 'ENCRYPTED==' },
      }).start();
      const ports = [await freePort(), await freePort()];
      bases = ports.map((p) => `http://127.0.0.1:${p}/api/v1`);
      let databaseUrl: string | undefined;
      if (database.databaseUrl) {
        const url = new URL(database.databaseUrl);
        url.searchParams.set('options', `-c search_path=${database.pgSchema}`);
        databaseUrl = url.toString();
      }
      for (const port of ports) {
        const child = startServerProcess({
          NODE_ENV: 'test',
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: database.dataDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          SESSION_SECRET: 'pull-two-process-secret-pull-two-process',
          LOG_LEVEL: 'warn',
          ADMIN_PHONE: admin.phone,
          ADMIN_PASSWORD: admin.password,
          PASSWORD_HASH_COST: '12',
          ...peerEnv(peer, {
            MPESA_CALLBACK_SECRET: SECRET,
            MPESA_C2B_SHORTCODE: SHORTCODE,
            MPESA_PULL_NOMINATED_NUMBER: '0722000000',
            MPESA_PULL_SWEEP_MINUTES: '0',
          }),
        });
        processes.push(child);
        await waitForHealth(port, child);
      }
      const signin = await fetch(`${bases[0]}/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      expect(signin.status, await signin.clone().text()).toBe(200);
      cookie = signin.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      adminId = ((await signin.json()) as { user: { _id: string } }).user._id;
    }, 60_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => (p.child.kill('SIGTERM'), p.exited)));
      await peer?.stop();
      await database?.destroy();
    });

    const sweepOn = (base: string) => fetch(`${base}/payment/pull`, { method: 'POST', headers: { cookie } });

    it('counts each payment once when one process sweeps while the other receives its confirmations', async () => {
      const ctx = { database } as unknown as TestContext;
      const orders = await Promise.all(
        Array.from({ length: 12 }, () => createTestOrder(ctx, adminId, { total: 520 })),
      );
      const transactions = orders.map((order) => {
        const t = {
          transactionId: receipt(),
          at: new Date(Date.now() - 30_000),
          amount: '520.0',
          billreference: order.reference,
        };
        peer.pullTransactions.push(t);
        return t;
      });
      const confirmations = transactions.map((t) => ({
        TransactionType: 'Pay Bill',
        TransID: t.transactionId,
        TransTime: '20261125083600',
        TransAmount: '520.00',
        BusinessShortCode: SHORTCODE,
        BillRefNumber: t.billreference,
        MSISDN: '254708374149',
        FirstName: 'Amina',
      }));
      const [sweep, ...confirmed] = await Promise.all([
        sweepOn(bases[0]!),
        ...confirmations.map((body) =>
          fetch(`${bases[1]}/payments/c2b/confirmation/${SECRET}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        ),
      ]);
      expect(sweep!.status, await sweep!.clone().text()).toBe(200);
      expect(((await sweep!.json()) as { ok: boolean }).ok).toBe(true);
      for (const answer of confirmed) expect(answer.status).toBe(200);
      for (const order of orders) {
        const payments = await database.db
          .selectFrom('payments')
          .select(['amount', 'receipt', 'status'])
          .where('order_id', '=', order.id)
          .execute();
        expect(payments).toHaveLength(1);
        expect(payments[0]).toMatchObject({ amount: 520, status: 1 });
        const row = await database.db
          .selectFrom('orders')
          .select('payment_status')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(row.payment_status).toBe('paid');
      }
      expect(peer.problems).toEqual([]);
    });

    it('runs one sweep at a time across the processes', async () => {
      peer.pullDelayMs = 500;
      try {
        const answers = await Promise.all(bases.map((base) => sweepOn(base)));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect(peer.pullQueries.filter((q) => q.OffSetValue === '0').length).toBeGreaterThan(0);
      } finally {
        peer.pullDelayMs = 0;
      }
      // The lease went with the sweep: the next one runs on either process.
      expect((await sweepOn(bases[1]!)).status).toBe(200);
      expect(peer.problems).toEqual([]);
    });
  });
}
