import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { MailError, type Mailer } from '../../lib/mailer';
import type { MessageKind } from '../../lib/message-queue';
import { SmsError, type SmsSender } from '../../lib/sms';
import { emailCodeMessage, passwordResetMessage, resetCodeSms } from './messages';
import {
  deleteToken,
  dueAccountMails,
  retireOtherTokens,
  setTokenHash,
  type DueAccountMail,
} from './repository';
import { codeHash, linkHash, newCode, newLinkSecret } from './secrets';

/** Minutes a code and a reset link work, from the moment they are asked for. */
export const CODE_TTL_MINUTES = 15;
export const RESET_TTL_MINUTES = 60;
/** Minutes a password-reset code sent by SMS works. */
export const RESET_CODE_TTL_MINUTES = 10;
/** Tries before a mail is given up (its code has expired long before). */
export const MAX_MAIL_ATTEMPTS = 10;

/** A queued mail that has nothing left to carry: its code expired or was used (or replaced) while it waited. */
class NothingToSend extends Error {}

export interface AccountMailerDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
}

/**
 * Account mails (email verification codes, password-reset links) and password-reset codes by SMS (for accounts
 * without an email), one kind of message in the shop's queue
 * (lib/message-queue.ts). The queued row holds no secret: the code or link is made here, when the mail goes out,
 * and only its HMAC is stored on the auth_tokens row, so neither the queue nor a backup of the database ever holds
 * one. A retry makes a new one (the HMAC is replaced, so only the mail that arrived last works). A failure waits 5 s,
 * 15 s, 45 s, 2 min, then 5 min between tries; a recipient the server refuses for good, a code that expired while
 * waiting, or the tenth failure gives up and deletes the token, so the customer may ask for a new one at once.
 */
export class AccountMailer implements MessageKind<DueAccountMail> {
  readonly label = 'account mail';
  readonly table = 'account_mails';

  constructor(private readonly deps: AccountMailerDeps) {}

  due(now: string, limit: number): Promise<DueAccountMail[]> {
    return dueAccountMails(this.deps.db, now, limit);
  }

  async send(mail: DueAccountMail, keep: (text: string) => void): Promise<void> {
    const { db, config, mailer } = this.deps;
    if (mail.used_at || Date.parse(mail.expires_at) <= Date.now()) {
      throw new NothingToSend('its code expired or was used before it could be sent');
    }
    const purpose = mail.purpose;
    if (purpose === 'reset-password-phone') {
      const code = newCode();
      await setTokenHash(db, mail.token_id, codeHash(config.sessionSecret, purpose, mail.token_id, code));
      keep('Password reset code SMS');
      await this.deps.sms.send(mail.sent_to, resetCodeSms(code, RESET_CODE_TTL_MINUTES, mail.language));
      await retireOtherTokens(db, mail.user_id, purpose, mail.token_id, nowIso());
      return;
    }
    const reset = purpose === 'reset-password';
    const secret = reset ? newLinkSecret() : newCode();
    const hash = reset
      ? linkHash(config.sessionSecret, secret)
      : codeHash(config.sessionSecret, purpose, mail.token_id, secret);
    await setTokenHash(db, mail.token_id, hash);
    const message = reset
      ? passwordResetMessage(
          mail.sent_to,
          mail.full_name,
          `${config.publicUrl}/reset-password/${secret}`,
          RESET_TTL_MINUTES,
          mail.language,
        )
      : emailCodeMessage(mail.sent_to, mail.full_name, secret, CODE_TTL_MINUTES, mail.language);
    keep(message.subject);
    await mailer.send(message);
    // Only the newest code works once it has arrived.
    if (!reset) await retireOtherTokens(db, mail.user_id, purpose, mail.token_id, nowIso());
  }

  retryDelayMs(attempts: number): number {
    return Math.min(5_000 * 3 ** (attempts - 1), 5 * 60_000);
  }

  givesUp(error: unknown, attempts: number): boolean {
    return (
      attempts >= MAX_MAIL_ATTEMPTS ||
      error instanceof NothingToSend ||
      (error instanceof MailError && error.permanent) ||
      // The gateway answered and refused the number: sending it again cannot help.
      (error instanceof SmsError && error.kind === 'rejected')
    );
  }

  describe(mail: DueAccountMail): Record<string, unknown> {
    return { purpose: mail.purpose, to: mail.sent_to };
  }

  async afterGivingUp(mail: DueAccountMail): Promise<void> {
    // Its queue row goes with it (on delete cascade).
    await deleteToken(this.deps.db, mail.token_id);
  }
}
