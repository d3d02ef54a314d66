import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  codeIn,
  GOOD_PASSWORD,
  SMTP_PASS,
  SMTP_USER,
  startSmtpServer,
  uniquePhone,
} from './support/accounts-factories';
import { createPgDatabase } from './support/pg-database';
import { freePort } from './support/ports';
import { startServerProcess, waitForHealth } from './support/server-process';
import { DIALECTS } from './support/test-app';

/*
 * A verification mail that could not go out before the server process died (killed, not stopped) is sent by the
 * next process started on the same database: the built server, a real SMTP peer that is down, then up.
 */

for (const dialect of DIALECTS) {
  const pgUrl = inject('pgUrl');
  (dialect === 'postgres' && !pgUrl ? describe.skip : describe)(
    `account mail across a restart [${dialect}]`,
    () => {
      it('is sent by the next process when the one that queued it was killed', async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'urembo-mail-restart-'));
        const database = dialect === 'postgres' ? await createPgDatabase(pgUrl!) : undefined;
        const port = await freePort();
        const smtpPort = await freePort();
        const env = {
          NODE_ENV: 'test',
          PORT: String(port),
          DATA_DIR: dataDir,
          ...(database ? { DATABASE_URL: database.url } : {}),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          SESSION_SECRET: 'restart-test-session-secret-0123456789ab',
          // Nothing listens there until the first process is gone.
          SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${smtpPort}`,
          MAIL_FROM: 'hello@urembo.test',
          MESSAGE_POLL_MS: '100',
          PASSWORD_HASH_COST: '10',
          WEB_DIST: '/nonexistent-web-dist',
          LOG_FORMAT: 'json',
        };
        const email = `restart.${dialect}@example.co.ke`;
        const first = startServerProcess(env);
        let second: ReturnType<typeof startServerProcess> | undefined;
        let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
        try {
          await waitForHealth(port, first);
          const signup = await fetch(`http://127.0.0.1:${port}/api/v1/auth/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              fullName: 'Nyokabi Kariuki',
              email,
              phone: uniquePhone(),
              password: GOOD_PASSWORD,
            }),
          });
          expect(signup.status, await signup.clone().text()).toBe(201);
          const cookie = signup.headers
            .getSetCookie()
            .find((c) => c.startsWith('urembo_session='))!
            .split(';')[0]!;
          for (let i = 0; i < 100 && !first.output().includes('account mail failed; will retry'); i++) {
            await new Promise((r) => setTimeout(r, 50));
          }
          expect(first.output()).toContain('account mail failed; will retry');
          first.child.kill('SIGKILL');
          await first.exited;

          smtp = await startSmtpServer({ port: smtpPort });
          second = startServerProcess(env);
          await waitForHealth(port, second);
          // Its next try was due 5 s after the failed one.
          const mail = await smtp.waitFor(email, 1, 20_000);
          const verified = await fetch(`http://127.0.0.1:${port}/api/v1/auth/verify-email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ code: codeIn(mail.text) }),
          });
          expect(verified.status, await verified.clone().text()).toBe(200);
          expect(smtp.to(email)).toHaveLength(1);
        } finally {
          first.child.kill('SIGKILL');
          if (second) {
            second.child.kill('SIGTERM');
            await second.exited;
          }
          await smtp?.close();
          await database?.drop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      }, 60_000);
    },
  );
}
