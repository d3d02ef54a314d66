import { afterAll, expect, it } from 'vitest';
import {
  codeIn,
  freshIp,
  post,
  sessionCookieFrom,
  signUp,
  startSmtpServer,
} from './support/accounts-factories';
import { describeEachDialect, type TestContext } from './support/test-app';

/*
 * Account mails go through the shop's message queue (lib/message-queue.ts) to a real SMTP peer on loopback: a
 * refusal is retried after a back-off, a refusal for good gives up at once, and neither the queue nor the tokens
 * table ever holds a code or a link.
 */

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let counter = 0;
const uniqueEmail = (dialect: string) => `queue${++counter}.${dialect}@example.co.ke`;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await sleep(25);
    value = await read();
  }
  if (!ok(value)) throw new Error(`still ${JSON.stringify(value)} after ${ms} ms`);
  return value;
}

/** The user's queued mails, oldest first. */
function mailsOf(ctx: TestContext, userId: string) {
  return ctx.database.db
    .selectFrom('account_mails')
    .innerJoin('auth_tokens', 'auth_tokens.id', 'account_mails.auth_token_id')
    .selectAll('account_mails')
    .where('auth_tokens.user_id', '=', userId)
    .orderBy('account_mails.created_at')
    .execute();
}

describeEachDialect(
  'account mail through the message queue',
  (ctx) => {
    it('retries a mail the SMTP server refuses for now, after a back-off, until it goes out; its code works', async () => {
      smtp.peer.mode = 'temporary';
      const email = uniqueEmail(ctx().dialect);
      const { user, cookie } = await signUp(ctx(), { email });
      const [failed] = await until(
        () => mailsOf(ctx(), user._id),
        (rows) => rows[0]?.attempts === 1 && rows[0].last_error !== null,
      );
      expect(failed!.status).toBe('queued');
      expect(failed!.last_error).toMatch(/451/);
      // The next try waits about 5 s (polls every 50 ms meanwhile find nothing due).
      const wait = Date.parse(failed!.next_attempt_at) - Date.now();
      expect(wait).toBeGreaterThan(3_000);
      expect(wait).toBeLessThanOrEqual(5_000);
      await sleep(300);
      expect((await mailsOf(ctx(), user._id))[0]!.attempts).toBe(1);
      expect(smtp.to(email)).toHaveLength(0);

      // The server takes mail again and the back-off is over (moved forward rather than waited for).
      smtp.peer.mode = 'ok';
      await ctx()
        .database.db.updateTable('account_mails')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('id', '=', failed!.id)
        .execute();
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe('Your Urembo verification code');
      const [sent] = await until(
        () => mailsOf(ctx(), user._id),
        (rows) => rows[0]?.status === 'sent',
      );
      expect(sent).toMatchObject({ attempts: 2, last_error: null, message: 'Your Urembo verification code' });
      const verified = await post(ctx(), '/auth/verify-email', { code: codeIn(mail.text) }, { cookie });
      expect(verified.statusCode, verified.body).toBe(200);
    });

    it('answers a new code at once while the mail server is down, and mails it when it is back', async () => {
      const email = uniqueEmail(ctx().dialect);
      const { user, cookie } = await signUp(ctx(), { email });
      await smtp.waitFor(email);
      // Past the 5-minute cool-down of the sign-up code.
      await ctx()
        .database.db.updateTable('auth_tokens')
        .set({ created_at: new Date(Date.now() - 10 * 60_000).toISOString() })
        .where('user_id', '=', user._id)
        .execute();
      smtp.peer.mode = 'temporary';
      const asked = await post(ctx(), '/auth/newVerificationToken', { email }, { cookie });
      expect(asked.statusCode, asked.body).toBe(200);
      const pending = await until(
        () => mailsOf(ctx(), user._id),
        (rows) => rows.length === 2 && rows[1]!.attempts === 1 && rows[1]!.last_error !== null,
      );
      // The code it carries does not exist yet, so the customer is told to wait rather than that it is wrong.
      expect(pending[1]!.status).toBe('queued');
      smtp.peer.mode = 'ok';
      await ctx()
        .database.db.updateTable('account_mails')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('id', '=', pending[1]!.id)
        .execute();
      const mail = await smtp.waitFor(email, 2);
      expect(
        (await post(ctx(), '/auth/verify-email', { code: codeIn(mail.text) }, { cookie })).statusCode,
      ).toBe(200);
    });

    it('tells the customer the code is on its way while its mail waits', async () => {
      smtp.peer.mode = 'temporary';
      const email = uniqueEmail(ctx().dialect);
      const { user, cookie } = await signUp(ctx(), { email });
      await until(
        () => mailsOf(ctx(), user._id),
        (rows) => rows[0]?.attempts === 1 && rows[0].last_error !== null,
      );
      // As a mail still waiting for its first try is: its token has no secret yet.
      await ctx()
        .database.db.updateTable('auth_tokens')
        .set({ token_hash: 'not-sent-yet' })
        .where('user_id', '=', user._id)
        .execute();
      const early = await post(ctx(), '/auth/verify-email', { code: '123456' }, { cookie });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({
        error: 'The email with your code has not gone out yet. Try again in a minute.',
      });
      smtp.peer.mode = 'ok';
    });

    it('gives up at once on a recipient refused for good, and lets the customer ask again at once', async () => {
      smtp.peer.mode = 'permanent';
      const email = uniqueEmail(ctx().dialect);
      const { user, cookie } = await signUp(ctx(), { email });
      // Given up: the token goes, and its queue row with it, so no cool-down holds the customer back.
      await sleep(200);
      await until(
        () => mailsOf(ctx(), user._id),
        (rows) => rows.length === 0,
      );
      smtp.peer.mode = 'ok';
      const again = await post(ctx(), '/auth/newVerificationToken', { email }, { cookie });
      expect(again.statusCode, again.body).toBe(200);
      const mail = await smtp.waitFor(email);
      expect(
        (await post(ctx(), '/auth/verify-email', { code: codeIn(mail.text) }, { cookie })).statusCode,
      ).toBe(200);
    });

    it('does not send a code that expired while its mail waited', async () => {
      smtp.peer.mode = 'temporary';
      const email = uniqueEmail(ctx().dialect);
      const { user } = await signUp(ctx(), { email });
      const [row] = await until(
        () => mailsOf(ctx(), user._id),
        (rows) => rows[0]?.attempts === 1 && rows[0].last_error !== null,
      );
      smtp.peer.mode = 'ok';
      const past = new Date(Date.now() - 1000).toISOString();
      await ctx()
        .database.db.updateTable('auth_tokens')
        .set({ expires_at: past })
        .where('id', '=', row!.auth_token_id)
        .execute();
      await ctx()
        .database.db.updateTable('account_mails')
        .set({ next_attempt_at: past })
        .where('id', '=', row!.id)
        .execute();
      await until(
        () => mailsOf(ctx(), user._id),
        (rows) => rows.length === 0,
      );
      expect(smtp.to(email)).toHaveLength(0);
    });

    it('keeps no code or reset link in the queue or the tokens table, before or after sending', async () => {
      smtp.peer.mode = 'ok';
      const email = uniqueEmail(ctx().dialect);
      const { user } = await signUp(ctx(), { email });
      const code = codeIn((await smtp.waitFor(email)).text);
      const forgot = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        remoteAddress: freshIp(),
        payload: { email },
      });
      expect(forgot.statusCode).toBe(200);
      const link = /reset-password\/([A-Za-z0-9_-]+)/.exec((await smtp.waitFor(email, 2)).text)![1]!;
      const mails = await until(
        () => mailsOf(ctx(), user._id),
        (rows) => rows.length === 2 && rows.every((r) => r.status === 'sent'),
      );
      const tokens = await ctx()
        .database.db.selectFrom('auth_tokens')
        .selectAll()
        .where('user_id', '=', user._id)
        .execute();
      const kept = JSON.stringify([mails, tokens]);
      expect(kept).not.toContain(code);
      expect(kept).not.toContain(link);
      // The link works once.
      const reset = await post(ctx(), `/auth/reset-password/${link}`, { password: 'baobab-bark-tea-41' });
      expect(reset.statusCode, reset.body).toBe(200);
      const signin = await post(ctx(), '/auth/signin', { email, password: 'baobab-bark-tea-41' });
      expect(sessionCookieFrom(signin)).toMatch(/^urembo_session=/);
    });
  },
  { env: { SMTP_URL: smtp.url, MAIL_FROM: 'hello@urembo.test', MESSAGE_POLL_MS: '50' } },
);
