import { timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { MessageQueue } from '../../lib/message-queue';
import type { RateLimiter } from '../../lib/rate-limit';
import { nowIso } from '../../db/sql-values';
import { badRequest, conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { verifyPassword } from '../../lib/passwords';
import { findUserById, type UserRow } from '../users';
import { recordEvent } from './activity';
import { mustSetUpTwoFactor } from './guards';
import { ACCOUNT_HELD_BACK, WRONG_CURRENT_PASSWORD, twoFactorOffNotice, type NoticeText } from './messages';
import { pendingTag, type PendingSignin } from './pending-signin';
import { AUTH_LIMITS, SIGNIN_BACKOFF } from './rate-limits';
import {
  decryptSecret,
  encryptSecret,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  recoveryCodeHash,
} from './two-factor-secrets';

type Db = Kysely<Database> | Transaction<Database>;

interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

interface TwoFactorDeps {
  db: Kysely<Database>;
  config: Config;
  limiter: RateLimiter;
  messages: Pick<MessageQueue, 'kick'>;
}

/** What the sign-in service does for this one (auth/service.ts). */
interface Accounts {
  completeSignin(
    user: UserRow,
    meta: RequestMeta,
  ): Promise<{ user: UserRow; session: { id: string; expiresAt: Date } }>;
  notify(db: Transaction<Database>, user: UserRow, text: NoticeText): Promise<void>;
}

export const WRONG_TWO_FACTOR_CODE =
  'That code is not right. Enter the code your app shows now, or one of your recovery codes.';
export const CODE_ALREADY_USED = 'That code was just used. Wait for the next one in your app.';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on for your account';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on for your account';
export const SECRET_UNREADABLE =
  "This account's two-factor sign-in cannot be checked since the shop's server secret changed. " +
  'Ask the shop to turn it off for you, then set it up again.';
export const NO_SETUP = 'Start the setup first: it gives you the secret for your app';

/** Whether the account has two-factor sign-in on (a confirmed setup). */
export async function twoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row?.enabled_at;
}

/**
 * Two-factor sign-in: setting it up, turning it off, and the second step of sign-in. Every wrong code counts on the
 * account's own sign-in hold (`user:<id>` in SIGNIN_BACKOFF, as a wrong current password does), which a right
 * password does not clear: knowing the password gives a guesser no more tries at the code.
 */
export class TwoFactorService {
  constructor(
    private readonly deps: TwoFactorDeps,
    private readonly auth: Accounts,
  ) {}

  async status(user: UserRow) {
    const { db, config } = this.deps;
    const enabled = await twoFactorEnabled(db, user.id);
    const left = enabled
      ? await db
          .selectFrom('two_factor_recovery_codes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', user.id)
          .where('used_at', 'is', null)
          .executeTakeFirstOrThrow()
      : { n: 0 };
    return {
      enabled,
      recoveryCodesLeft: Number(left.n),
      required: mustSetUpTwoFactor(user, enabled, config),
    };
  }

  /** A new secret, kept unconfirmed until enable: asking again replaces it. */
  async setup(user: UserRow): Promise<{ secret: string; otpauthUrl: string }> {
    const { db, config } = this.deps;
    if (await twoFactorEnabled(db, user.id)) throw conflict(TWO_FACTOR_ALREADY_ON);
    const secret = newTotpSecret();
    const stored = encryptSecret(config.sessionSecret, user.id, secret);
    await db.transaction().execute(async (trx) => {
      // Only an unconfirmed setup is replaced; one confirmed meanwhile stays.
      await trx
        .deleteFrom('two_factor')
        .where('user_id', '=', user.id)
        .where('enabled_at', 'is', null)
        .execute();
      const inserted = await trx
        .insertInto('two_factor')
        .values({ user_id: user.id, secret: stored, enabled_at: null, last_step: null, created_at: nowIso() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!inserted) throw conflict(TWO_FACTOR_ALREADY_ON);
    });
    return { secret, otpauthUrl: otpauthUrl(secret, user.email ?? `+${user.phone}`) };
  }

  /** Confirms the setup with a code from the app; answers the ten recovery codes (only their hashes are kept). */
  async enable(user: UserRow, code: string, meta: RequestMeta): Promise<string[]> {
    const { db, config } = this.deps;
    const row = await this.row(user.id);
    if (!row) throw badRequest(NO_SETUP);
    if (row.enabled_at) throw conflict(TWO_FACTOR_ALREADY_ON);
    await this.assertNotHeld(user.id);
    const step = matchingStep(this.secretOf(user.id, row.secret), code);
    if (step === null) return await this.wrongCode(user.id, meta, false);
    const codes = newRecoveryCodes();
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const updated = await trx
        .updateTable('two_factor')
        .set({ enabled_at: now, last_step: step })
        .where('user_id', '=', user.id)
        .where('secret', '=', row.secret)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict(TWO_FACTOR_ALREADY_ON);
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('two_factor_recovery_codes')
        .values(
          codes.map((c) => ({
            id: newId(),
            user_id: user.id,
            code_hash: recoveryCodeHash(config.sessionSecret, user.id, normalizeRecoveryCode(c)!),
            used_at: null,
            created_at: now,
          })),
        )
        .execute();
      await recordEvent(trx, user.id, 'two-factor-enabled', meta);
    });
    await this.deps.limiter.clearFailures(SIGNIN_BACKOFF, `user:${user.id}`);
    return codes;
  }

  /** Turns it off: the password and a code (from the app or a recovery code); the account is told. */
  async disable(user: UserRow, input: { password: string; code: string }, meta: RequestMeta): Promise<void> {
    const { db, limiter, config } = this.deps;
    if (!(await twoFactorEnabled(db, user.id))) throw badRequest(TWO_FACTOR_NOT_ON);
    await this.assertNotHeld(user.id);
    if (!(await verifyPassword(input.password, user.password_hash))) {
      await limiter.recordFailure(SIGNIN_BACKOFF, `user:${user.id}`);
      throw badRequest(WRONG_CURRENT_PASSWORD);
    }
    await this.useCode(user.id, input.code, meta, false);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('two_factor').where('user_id', '=', user.id).execute();
      await this.auth.notify(trx, user, twoFactorOffNotice(new Date(), config.publicUrl, user.language));
    });
    this.deps.messages.kick();
  }

  /** The second step of a sign-in whose password was right: a code from the app or a recovery code. */
  async verify(pending: PendingSignin, code: string, meta: RequestMeta) {
    const { db, limiter, config } = this.deps;
    const { userId } = pending;
    await limiter.consume(AUTH_LIMITS.verifyPerIp, meta.ip, 'Too many sign-in attempts from your network');
    const user = await findUserById(db, userId);
    // Gone with the account, with two-factor turned off, or with a password changed since the password step.
    if (
      !user ||
      pendingTag(config.sessionSecret, user) !== pending.tag ||
      !(await twoFactorEnabled(db, userId))
    ) {
      throw badRequest(PENDING_SIGNIN_ENDED);
    }
    await this.assertNotHeld(userId);
    await this.useCode(userId, code, meta, true);
    return this.auth.completeSignin(user, meta);
  }

  /**
   * Accepts a code once: an app's code only for a step later than the last accepted one (so it cannot be replayed
   * within its window), a recovery code only while unused. Anything else counts as a wrong try.
   */
  private async useCode(userId: string, code: string, meta: RequestMeta, signingIn: boolean): Promise<void> {
    const { db, config } = this.deps;
    const row = await this.row(userId);
    if (!row?.enabled_at) throw badRequest(TWO_FACTOR_NOT_ON);
    if (/^\d{6}$/.test(code)) {
      const step = matchingStep(this.secretOf(userId, row.secret), code);
      if (step === null) return this.wrongCode(userId, meta, signingIn);
      const taken = await db
        .updateTable('two_factor')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1)
        return this.wrongCode(userId, meta, signingIn, CODE_ALREADY_USED);
    } else {
      const normalized = normalizeRecoveryCode(code);
      const wanted = Buffer.from(
        recoveryCodeHash(config.sessionSecret, userId, normalized ?? 'not-a-code'),
        'hex',
      );
      const unused = await db
        .selectFrom('two_factor_recovery_codes')
        .select(['id', 'code_hash'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      // Every unused code is compared, in constant time, whichever matches.
      let match: string | undefined;
      for (const candidate of unused) {
        const stored = Buffer.from(candidate.code_hash, 'hex');
        if (stored.length === wanted.length && timingSafeEqual(stored, wanted) && normalized)
          match = candidate.id;
      }
      if (!match) return this.wrongCode(userId, meta, signingIn);
      const used = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: nowIso() })
        .where('id', '=', match)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return this.wrongCode(userId, meta, signingIn);
    }
    await this.deps.limiter.clearFailures(SIGNIN_BACKOFF, `user:${userId}`);
  }

  private async wrongCode(
    userId: string,
    meta: RequestMeta,
    signingIn: boolean,
    message = WRONG_TWO_FACTOR_CODE,
  ): Promise<never> {
    await this.deps.limiter.recordFailure(SIGNIN_BACKOFF, `user:${userId}`);
    if (signingIn) await recordEvent(this.deps.db, userId, 'signin-failed', meta);
    throw badRequest(message);
  }

  /** The account's secret; one that no longer decrypts (the server secret was changed) is a 409 saying what to do. */
  private secretOf(userId: string, stored: string): string {
    try {
      return decryptSecret(this.deps.config.sessionSecret, userId, stored);
    } catch {
      throw conflict(SECRET_UNREADABLE);
    }
  }

  private assertNotHeld(userId: string): Promise<void> {
    return this.deps.limiter.assertNotBackedOff(SIGNIN_BACKOFF, `user:${userId}`, ACCOUNT_HELD_BACK);
  }

  private row(userId: string) {
    return this.deps.db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }
}

/** The pending sign-in is gone (expired, or two-factor was turned off meanwhile). */
export const PENDING_SIGNIN_ENDED = 'Your sign-in has expired. Sign in again with your password.';
