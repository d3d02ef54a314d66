import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MailError, type Mailer } from '../../lib/mailer';
import type { MessageKind } from '../../lib/message-queue';
import { SmsError, type SmsSender } from '../../lib/sms';

/** Tries before a notice is given up. */
export const MAX_NOTICE_ATTEMPTS = 10;

interface DueNotice {
  id: string;
  attempts: number;
  channel: 'email' | 'sms';
  sent_to: string;
  subject: string;
  body: string;
}

export interface AccountNoticeDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
}

/**
 * Notices about an account (a sign-in from a new device; the phone or email changed, told to the old one), one kind
 * of message in the shop's queue (lib/message-queue.ts): written with what caused them, sent in the background,
 * retried after 5 s, 15 s, 45 s, 2 min, then every 5 min, given up at the tenth failure or when the mail server or
 * SMS gateway refuses the recipient for good. They carry no secret.
 */
export class AccountNotices implements MessageKind<DueNotice> {
  readonly label = 'account notice';
  readonly table = 'account_notices';

  constructor(private readonly deps: AccountNoticeDeps) {}

  due(now: string, limit: number): Promise<DueNotice[]> {
    return this.deps.db
      .selectFrom('account_notices')
      .select(['id', 'attempts', 'channel', 'sent_to', 'subject', 'body'])
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  async send(notice: DueNotice, keep: (text: string) => void): Promise<void> {
    keep(notice.subject);
    if (notice.channel === 'sms') await this.deps.sms.send(notice.sent_to, notice.body);
    else await this.deps.mailer.send({ to: notice.sent_to, subject: notice.subject, text: notice.body });
  }

  retryDelayMs(attempts: number): number {
    return Math.min(5_000 * 3 ** (attempts - 1), 5 * 60_000);
  }

  givesUp(error: unknown, attempts: number): boolean {
    return (
      attempts >= MAX_NOTICE_ATTEMPTS ||
      (error instanceof MailError && error.permanent) ||
      (error instanceof SmsError && error.kind === 'rejected')
    );
  }

  describe(notice: DueNotice): Record<string, unknown> {
    return { channel: notice.channel, to: notice.sent_to, subject: notice.subject };
  }
}
