import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { EMAIL_CODE_COOLDOWN_SECONDS, PHONE_CODE_COOLDOWN_SECONDS } from '@urembo/contract/auth';
import type { Config } from '../../config';
import type { AuthTokenPurpose, Database } from '../../db/schema';
import { fromFlag, nowIso } from '../../db/sql-values';
import { isUniqueViolation } from '../../db/constraint-errors';
import { HttpError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import type { MessageQueue } from '../../lib/message-queue';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { type RateLimiter, waitText } from '../../lib/rate-limit';
import { SmsError, type SmsSender } from '../../lib/sms';
import { findUserByEmail, findUserById, findUserByPhone, insertUser, type UserRow } from '../users';
import { CODE_TTL_MINUTES, RESET_CODE_TTL_MINUTES, RESET_TTL_MINUTES } from './mail';
import {
  ACCOUNT_HELD_BACK,
  WRONG_CURRENT_PASSWORD,
  contactChangedNotice,
  newDeviceNotice,
  phoneCodeSms,
  type NoticeText,
} from './messages';
import { deviceName, knownDevice, listEvents, queueNotice, recordEvent } from './activity';
import { NOT_SENT_YET, codeHash, linkHash, newCode } from './secrets';
import { assertPasswordAllowed } from './password-policy';
import { TwoFactorService, twoFactorEnabled } from './two-factor';
import { AUTH_LIMITS, SIGNIN_BACKOFF } from './rate-limits';
import {
  countAttempt,
  deleteExpiredTokens,
  deleteToken,
  findLatestToken,
  findTokenByHash,
  insertAuthToken,
  markTokenUsed,
  queueAccountMail,
  retireOtherTokens,
  type AuthTokenRow,
} from './repository';
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  deleteUserSession,
  deleteUserSessions,
  idleLimitMs,
  listUserSessions,
  type SessionRow,
} from './session';

export const MAX_CODE_ATTEMPTS = 5;

/** One text for a wrong password and an unknown account, so sign-in does not reveal who has an account. */
export const INVALID_CREDENTIALS = 'Invalid phone/email or password';
/** One answer whether or not the email has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses that email, we have sent it a link to reset the password. Check your inbox.';
export const FORGOT_PASSWORD_PHONE_MESSAGE =
  'If an account uses that phone number, we have sent it an SMS with a code to reset the password.';
export const INVALID_RESET_CODE = 'This code is wrong, already used or expired. Ask for a new one.';
export const INVALID_RESET_LINK =
  'This password reset link is invalid, already used or expired. Ask for a new one from the sign-in page.';
export const PHONE_TAKEN = 'An account with this phone number already exists';
export const EMAIL_TAKEN = 'An account with this email already exists';
export { ACCOUNT_HELD_BACK, WRONG_CURRENT_PASSWORD };
export const SESSION_NOT_FOUND = 'That session does not exist (it may have ended already)';

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  /** Account mails are queued (auth/mail.ts sends them); the queue is kicked once one is written. */
  messages: Pick<MessageQueue, 'kick'>;
  sms: SmsSender;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

export interface SignedIn {
  user: UserRow;
  session: { id: string; expiresAt: Date };
}

/** The password was right but the account has two-factor sign-in: the code is asked next (POST /auth/2fa/verify). */
export interface SecondStepNeeded {
  twoFactorUser: UserRow;
}

const CODE_PURPOSE_LABEL: Record<'verify-email' | 'verify-phone', string> = {
  'verify-email': 'email',
  'verify-phone': 'phone number',
};

/** The account rules: sign-up, sign-in, password reset, email and phone verification. */
export class AuthService {
  private readonly pending = new Set<Promise<void>>();
  private dummyHashPromise: Promise<string> | undefined;
  /** Two-factor sign-in (auth/two-factor.ts). */
  readonly twoFactor: TwoFactorService;

  constructor(private readonly deps: AuthDeps) {
    this.twoFactor = new TwoFactorService(deps, this);
  }

  async signup(
    input: { fullName: string; email?: string | undefined; phone: string; password: string },
    meta: RequestMeta,
    /** The language the customer signed up in: the account's mails and SMS follow it. */
    language: 'en' | 'sw' = 'en',
  ): Promise<SignedIn> {
    const { db, config, limiter } = this.deps;
    await limiter.consume(
      AUTH_LIMITS.signupPerIp,
      meta.ip,
      'Too many accounts were created from your network',
    );
    assertPasswordAllowed(input.password, input);
    await this.assertIdentityFree(input.phone, input.email);
    const now = nowIso();
    const user: UserRow = {
      id: newId(),
      full_name: input.fullName,
      email: input.email ?? null,
      phone: input.phone,
      password_hash: await hashPassword(input.password),
      role: 'customer',
      is_email_verified: 0,
      is_phone_verified: 0,
      last_login: now,
      created_at: now,
      updated_at: now,
      language,
      deleted_at: null,
    };
    let session: SignedIn['session'];
    try {
      session = await db.transaction().execute(async (trx) => {
        await insertUser(trx, user);
        // The verification mail is queued with the account: it goes out even if this process stops right now.
        if (user.email) {
          await queueAccountMail(trx, {
            userId: user.id,
            purpose: 'verify-email',
            sentTo: user.email,
            ttlMinutes: CODE_TTL_MINUTES,
          });
        }
        // The first device is known from now on: signing in on it later sends no notice.
        await recordEvent(trx, user.id, 'signin', meta);
        return createSession(trx, config, user.id, meta.userAgent);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another sign-up with the same phone or email won the race.
      await this.assertIdentityFree(input.phone, input.email);
      throw conflict(PHONE_TAKEN);
    }
    if (user.email) this.deps.messages.kick();
    return { user, session };
  }

  async signin(
    input: { phone?: string | undefined; email?: string | undefined; password: string },
    meta: RequestMeta,
  ): Promise<SignedIn | SecondStepNeeded> {
    const { db, limiter } = this.deps;
    const identifier = input.phone ?? input.email ?? '';
    await limiter.consume(AUTH_LIMITS.signinPerIp, meta.ip, 'Too many sign-in attempts from your network');
    // Guesses against one account count across every address (unknown accounts too, so a hold reveals nothing).
    await limiter.assertNotBackedOff(SIGNIN_BACKOFF, identifier, ACCOUNT_HELD_BACK);
    const user = input.phone
      ? await findUserByPhone(db, input.phone)
      : await findUserByEmail(db, input.email ?? '');
    // An unknown account costs the same scrypt work as a known one, so timing does not tell them apart.
    const ok = user
      ? await verifyPassword(input.password, user.password_hash)
      : await verifyPassword(input.password, await this.dummyHash()).then(() => false);
    if (!user || !ok) {
      await limiter.recordFailure(SIGNIN_BACKOFF, identifier);
      if (user) await recordEvent(db, user.id, 'signin-failed', meta);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await limiter.clearFailures(SIGNIN_BACKOFF, identifier);
    if (needsRehash(user.password_hash)) {
      user.password_hash = await hashPassword(input.password);
      await db
        .updateTable('users')
        .set({ password_hash: user.password_hash })
        .where('id', '=', user.id)
        .execute();
    }
    // With two-factor on, the password alone signs nobody in: the code is asked next, and only then is it a sign-in.
    if (await twoFactorEnabled(db, user.id)) return { twoFactorUser: user };
    return this.completeSignin(user, meta);
  }

  /** A sign-in whose checks passed (the password, and the code where two-factor is on): its session and notices. */
  async completeSignin(user: UserRow, meta: RequestMeta): Promise<SignedIn> {
    const { db, config } = this.deps;
    const now = nowIso();
    let noticed = false;
    const session = await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ last_login: now }).where('id', '=', user.id).execute();
      if (!(await knownDevice(trx, user.id, meta.userAgent))) {
        noticed = true;
        await this.notify(
          trx,
          user,
          newDeviceNotice(deviceName(meta.userAgent), new Date(), config.publicUrl, user.language),
        );
      }
      await recordEvent(trx, user.id, 'signin', meta);
      return createSession(trx, config, user.id, meta.userAgent);
    });
    if (noticed) this.deps.messages.kick();
    return { user: { ...user, last_login: now }, session };
  }

  async logout(user: UserRow | null, sessionIdHash: string | null, meta: RequestMeta): Promise<void> {
    if (!sessionIdHash) return;
    await deleteSession(this.deps.db, sessionIdHash);
    if (user) await recordEvent(this.deps.db, user.id, 'session-ended', meta);
  }

  /** GET /auth/activity: the account's last 50 security events, newest first. */
  listActivity(user: UserRow) {
    return listEvents(this.deps.db, user.id);
  }

  async forgotPassword(
    input: { email?: string | undefined; phone?: string | undefined },
    meta: RequestMeta,
  ): Promise<string> {
    const { db, limiter } = this.deps;
    await limiter.consume(
      AUTH_LIMITS.forgotPerIp,
      meta.ip,
      'Too many password reset requests from your network',
    );
    if (input.phone !== undefined) return this.forgotPasswordByPhone(input.phone);
    const email = input.email ?? '';
    await limiter.consume(
      AUTH_LIMITS.forgotPerEmail,
      email,
      'Too many password reset requests for this email',
    );
    const user = await findUserByEmail(db, email);
    // The mail is queued just after answering, so the answer (and its timing) is the same whether or not the email
    // has an account; from the moment its row is written it survives a restart.
    if (user) {
      this.inBackground('password reset mail', async () => {
        await queueAccountMail(db, {
          userId: user.id,
          purpose: 'reset-password',
          sentTo: email,
          ttlMinutes: RESET_TTL_MINUTES,
        });
        this.deps.messages.kick();
      });
    }
    return FORGOT_PASSWORD_MESSAGE;
  }

  /**
   * A reset code by SMS, for accounts without an email: queued like the mailed link (the queue sends it and retries
   * it), the same answer and limits whether or not the phone has an account.
   */
  private async forgotPasswordByPhone(phone: string): Promise<string> {
    const { db, limiter } = this.deps;
    await limiter.consume(
      AUTH_LIMITS.forgotPerEmail,
      `phone:${phone}`,
      'Too many password reset requests for this phone number',
    );
    const user = await findUserByPhone(db, phone);
    if (user) {
      this.inBackground('password reset SMS', async () => {
        await queueAccountMail(db, {
          userId: user.id,
          purpose: 'reset-password-phone',
          sentTo: phone,
          ttlMinutes: RESET_CODE_TTL_MINUTES,
        });
        this.deps.messages.kick();
      });
    }
    return FORGOT_PASSWORD_PHONE_MESSAGE;
  }

  /**
   * POST /auth/reset-password-by-code: a new password with the code sent by SMS. A wrong, used or expired code and a
   * phone without an account all answer the same text; every try counts (per phone and per address), and the code
   * burns after MAX_CODE_ATTEMPTS wrong tries.
   */
  async resetPasswordByCode(
    input: { phone: string; code: string; password: string },
    meta: RequestMeta,
  ): Promise<void> {
    const { db, limiter } = this.deps;
    const purpose = 'reset-password-phone';
    await limiter.consume(AUTH_LIMITS.resetPerIp, meta.ip, 'Too many password reset attempts');
    await limiter.consume(
      AUTH_LIMITS.verifyPerAccount,
      `reset-phone:${input.phone}`,
      'Too many password reset attempts for this phone number',
    );
    const user = await findUserByPhone(db, input.phone);
    const token = user ? await findLatestToken(db, user.id, purpose) : undefined;
    if (
      !user ||
      !token ||
      token.sent_to !== input.phone ||
      token.token_hash === NOT_SENT_YET ||
      token.used_at ||
      Date.parse(token.expires_at) <= Date.now()
    ) {
      throw badRequest(INVALID_RESET_CODE);
    }
    if (!(await countAttempt(db, token.id, MAX_CODE_ATTEMPTS))) throw badRequest(INVALID_RESET_CODE);
    if (!this.sameSecret(token, purpose, input.code)) {
      if (token.attempts + 1 >= MAX_CODE_ATTEMPTS) await markTokenUsed(db, token.id, nowIso());
      throw badRequest(INVALID_RESET_CODE);
    }
    // Only the code's owner gets here, so naming what is wrong with the password reveals nothing; the code stays
    // usable (within its tries) for a better password.
    assertPasswordAllowed(input.password, { phone: user.phone, fullName: user.full_name, email: user.email });
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (!(await markTokenUsed(trx, token.id, now))) throw badRequest(INVALID_RESET_CODE);
      await retireOtherTokens(trx, user.id, 'reset-password', null, now);
      await retireOtherTokens(trx, user.id, purpose, null, now);
      await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          updated_at: now,
          // The code reached that phone, which proves the customer holds it.
          ...(user.phone === token.sent_to ? { is_phone_verified: 1 } : {}),
        })
        .where('id', '=', user.id)
        .execute();
      await deleteUserSessions(trx, user.id);
      await recordEvent(trx, user.id, 'password-changed', meta);
    });
  }

  async resetPassword(token: string, password: string, meta: RequestMeta): Promise<void> {
    const { db, limiter } = this.deps;
    await limiter.consume(AUTH_LIMITS.resetPerIp, meta.ip, 'Too many password reset attempts');
    if (token.length < 20 || token.length > 200) throw badRequest(INVALID_RESET_LINK);
    const row = await findTokenByHash(db, 'reset-password', linkHash(this.deps.config.sessionSecret, token));
    if (!row || row.used_at || Date.parse(row.expires_at) <= Date.now()) throw badRequest(INVALID_RESET_LINK);
    const owner = await findUserById(db, row.user_id);
    if (!owner) throw badRequest(INVALID_RESET_LINK);
    assertPasswordAllowed(password, { phone: owner.phone, fullName: owner.full_name, email: owner.email });
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (!(await markTokenUsed(trx, row.id, now))) throw badRequest(INVALID_RESET_LINK);
      await retireOtherTokens(trx, row.user_id, 'reset-password', null, now);
      await retireOtherTokens(trx, row.user_id, 'reset-password-phone', null, now);
      const user = await findUserById(trx, row.user_id);
      if (!user) throw badRequest(INVALID_RESET_LINK);
      await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          updated_at: now,
          // Opening the mailed link proves the customer reads that mailbox.
          ...(user.email === row.sent_to ? { is_email_verified: 1 } : {}),
        })
        .where('id', '=', user.id)
        .execute();
      await deleteUserSessions(trx, user.id);
      await recordEvent(trx, user.id, 'password-changed', meta);
    });
  }

  /**
   * POST /auth/change-password: the current password proves it is the owner (wrong guesses are held back like
   * sign-in's); the new one follows the sign-up rule; every other session of the account ends.
   */
  async changePassword(
    user: UserRow,
    currentSessionHash: string | null,
    input: { currentPassword: string; newPassword: string },
    meta: RequestMeta,
  ): Promise<void> {
    const { db, limiter } = this.deps;
    const key = `user:${user.id}`;
    await limiter.assertNotBackedOff(SIGNIN_BACKOFF, key, ACCOUNT_HELD_BACK);
    if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
      await limiter.recordFailure(SIGNIN_BACKOFF, key);
      throw badRequest(WRONG_CURRENT_PASSWORD);
    }
    await limiter.clearFailures(SIGNIN_BACKOFF, key);
    if (input.newPassword === input.currentPassword)
      throw badRequest('The new password must differ from the current one');
    assertPasswordAllowed(input.newPassword, {
      phone: user.phone,
      fullName: user.full_name,
      email: user.email,
    });
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: nowIso() })
        .where('id', '=', user.id)
        .execute();
      await deleteOtherSessions(trx, user.id, currentSessionHash);
      await retireOtherTokens(trx, user.id, 'reset-password', null, nowIso());
      await retireOtherTokens(trx, user.id, 'reset-password-phone', null, nowIso());
      await recordEvent(trx, user.id, 'password-changed', meta);
    });
  }

  listSessions(user: UserRow): Promise<SessionRow[]> {
    return listUserSessions(this.deps.db, user.id, idleLimitMs(this.deps.config, user.role));
  }

  /**
   * Ends one of the caller's own sessions; another account's (or an unknown) id is 404. Answers the ended session's
   * hash, so the route knows when it was the caller's own (a sign-out).
   */
  async endSession(user: UserRow, publicId: string, meta: RequestMeta): Promise<string> {
    const ended = publicId.length <= 64 ? await deleteUserSession(this.deps.db, user.id, publicId) : null;
    if (!ended) throw new HttpError(404, SESSION_NOT_FOUND);
    await recordEvent(this.deps.db, user.id, 'session-ended', meta);
    return ended;
  }

  /** "Sign out everywhere else": every session of the account but this one. */
  async endOtherSessions(
    user: UserRow,
    currentSessionHash: string | null,
    meta: RequestMeta,
  ): Promise<number> {
    const ended = await deleteOtherSessions(this.deps.db, user.id, currentSessionHash);
    if (ended > 0) await recordEvent(this.deps.db, user.id, 'session-ended', meta);
    return ended;
  }

  /**
   * PUT /user/me: the caller's own name, phone or email. A new phone or email needs the current password (wrong
   * ones count like wrong sign-ins), becomes unverified (a new email is mailed a code) and is announced to the old
   * one through the message queue, all in one transaction. One used by another account → 409.
   */
  async updateProfile(
    user: UserRow,
    input: {
      fullName?: string | undefined;
      phone?: string | undefined;
      email?: string | undefined;
      language?: 'en' | 'sw' | undefined;
      currentPassword?: string | undefined;
    },
  ): Promise<UserRow> {
    const { db, config, limiter } = this.deps;
    const newPhone = input.phone !== undefined && input.phone !== user.phone ? input.phone : undefined;
    const newEmail = input.email !== undefined && input.email !== user.email ? input.email : undefined;
    const language = input.language ?? user.language;
    if (newPhone || newEmail) {
      if (!input.currentPassword) {
        throw badRequest('Enter your current password to change your phone number or email');
      }
      const key = `user:${user.id}`;
      await limiter.assertNotBackedOff(SIGNIN_BACKOFF, key, ACCOUNT_HELD_BACK);
      if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
        await limiter.recordFailure(SIGNIN_BACKOFF, key);
        throw badRequest(WRONG_CURRENT_PASSWORD);
      }
      await limiter.clearFailures(SIGNIN_BACKOFF, key);
      if (newPhone && (await findUserByPhone(db, newPhone))) throw conflict(PHONE_TAKEN);
      if (newEmail && (await findUserByEmail(db, newEmail))) throw conflict(EMAIL_TAKEN);
    }
    const now = new Date();
    try {
      const updated = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            ...(input.fullName !== undefined ? { full_name: input.fullName } : {}),
            ...(input.language !== undefined ? { language: input.language } : {}),
            ...(newPhone ? { phone: newPhone, is_phone_verified: 0 } : {}),
            ...(newEmail ? { email: newEmail, is_email_verified: 0 } : {}),
            updated_at: now.toISOString(),
          })
          .where('id', '=', user.id)
          .execute();
        if (newPhone) {
          // The old number hears of it (an SMS), so a stolen session cannot quietly take the account over.
          const text = contactChangedNotice('phone number', newPhone, now, config.publicUrl, language);
          await queueNotice(trx, { userId: user.id, channel: 'sms', sentTo: user.phone, ...text });
        }
        if (newEmail) {
          const text = contactChangedNotice('email address', newEmail, now, config.publicUrl, language);
          if (user.email) {
            await queueNotice(trx, { userId: user.id, channel: 'email', sentTo: user.email, ...text });
          } else if (!newPhone) {
            await queueNotice(trx, { userId: user.id, channel: 'sms', sentTo: user.phone, ...text });
          }
          await queueAccountMail(trx, {
            userId: user.id,
            purpose: 'verify-email',
            sentTo: newEmail,
            ttlMinutes: CODE_TTL_MINUTES,
          });
        }
        const fresh = await findUserById(trx, user.id);
        if (!fresh) throw unauthorized();
        return fresh;
      });
      if (newPhone || newEmail) this.deps.messages.kick();
      return updated;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw conflict(newPhone ? PHONE_TAKEN : EMAIL_TAKEN);
    }
  }

  /**
   * The account's own password, asked again before something that cannot be undone (deleting the account): a wrong
   * one → 400 and counts like a wrong sign-in on the account's hold (429 once held back).
   */
  async confirmPassword(user: UserRow, password: string): Promise<void> {
    const { limiter } = this.deps;
    const key = `user:${user.id}`;
    await limiter.assertNotBackedOff(SIGNIN_BACKOFF, key, ACCOUNT_HELD_BACK);
    if (!(await verifyPassword(password, user.password_hash))) {
      await limiter.recordFailure(SIGNIN_BACKOFF, key);
      throw badRequest('That password is not right');
    }
    await limiter.clearFailures(SIGNIN_BACKOFF, key);
  }

  /** Queues a notice to the account: to its verified email, else by SMS to its phone. */
  async notify(db: Parameters<typeof queueNotice>[0], user: UserRow, text: NoticeText): Promise<void> {
    if (user.email && fromFlag(user.is_email_verified)) {
      await queueNotice(db, { userId: user.id, channel: 'email', sentTo: user.email, ...text });
    } else {
      await queueNotice(db, { userId: user.id, channel: 'sms', sentTo: user.phone, ...text });
    }
  }

  /** POST /auth/newVerificationToken: a new email code for the signed-in customer's own, unverified email. */
  async sendEmailCode(user: UserRow, email: string, meta: RequestMeta): Promise<void> {
    if (!user.email) throw badRequest('Your account has no email address');
    if (email !== user.email) throw badRequest('That is not the email address of your account');
    if (fromFlag(user.is_email_verified)) throw badRequest('Your email is already verified');
    const userEmail = user.email;
    await this.assertCooldown(user.id, 'verify-email', EMAIL_CODE_COOLDOWN_SECONDS);
    await this.deps.limiter.consume(
      AUTH_LIMITS.sendCodePerIp,
      meta.ip,
      'Too many codes were requested from your network',
    );
    // Queued: a mail server that is down delays the mail (it is retried) but never loses it.
    await queueAccountMail(this.deps.db, {
      userId: user.id,
      purpose: 'verify-email',
      sentTo: userEmail,
      ttlMinutes: CODE_TTL_MINUTES,
    });
    this.deps.messages.kick();
  }

  /** POST /auth/newPhoneToken: a code by SMS to the signed-in customer's phone. */
  async sendPhoneCode(user: UserRow, meta: RequestMeta): Promise<void> {
    if (fromFlag(user.is_phone_verified)) throw badRequest('Your phone number is already verified');
    await this.assertCooldown(user.id, 'verify-phone', PHONE_CODE_COOLDOWN_SECONDS);
    await this.deps.limiter.consume(
      AUTH_LIMITS.sendCodePerIp,
      meta.ip,
      'Too many codes were requested from your network',
    );
    try {
      await this.issueCode(user, 'verify-phone', user.phone, (code) =>
        this.deps.sms.send(user.phone, phoneCodeSms(code, CODE_TTL_MINUTES, user.language)),
      );
    } catch (err) {
      if (err instanceof SmsError) {
        this.deps.log.error({ err }, 'verification SMS failed');
        throw err.kind === 'unavailable'
          ? new HttpError(
              503,
              'The SMS service is not answering right now. Please try again in a few minutes.',
            )
          : new HttpError(
              502,
              'The SMS service could not send the code to your phone. Please try again later.',
            );
      }
      throw err;
    }
  }

  /** Checks a code for the signed-in customer and marks the email or phone verified. */
  async verifyCode(user: UserRow, purpose: 'verify-email' | 'verify-phone', code: string, meta: RequestMeta) {
    const { db, limiter } = this.deps;
    const label = CODE_PURPOSE_LABEL[purpose];
    const flag = purpose === 'verify-email' ? 'is_email_verified' : 'is_phone_verified';
    const address = purpose === 'verify-email' ? user.email : user.phone;
    if (!address) throw badRequest('Your account has no email address');
    if (fromFlag(user[flag])) throw badRequest(`Your ${label} is already verified`);
    await limiter.consume(
      AUTH_LIMITS.verifyPerIp,
      meta.ip,
      'Too many verification attempts from your network',
    );
    await limiter.consume(AUTH_LIMITS.verifyPerAccount, user.id, 'Too many verification attempts');

    const token = await findLatestToken(db, user.id, purpose);
    const burnt = 'Too many wrong tries: that code no longer works. Ask for a new one.';
    if (!token || token.sent_to !== address) throw badRequest('No code is waiting. Ask for a new one.');
    if (token.token_hash === NOT_SENT_YET) {
      throw badRequest('The email with your code has not gone out yet. Try again in a minute.');
    }
    if (token.used_at) {
      throw badRequest(
        token.attempts >= MAX_CODE_ATTEMPTS ? burnt : 'That code was already used. Ask for a new one.',
      );
    }
    if (Date.parse(token.expires_at) <= Date.now())
      throw badRequest('That code has expired. Ask for a new one.');
    if (!(await countAttempt(db, token.id, MAX_CODE_ATTEMPTS))) throw badRequest(burnt);
    const attempts = token.attempts + 1;
    if (!this.sameSecret(token, purpose, code)) {
      if (attempts >= MAX_CODE_ATTEMPTS) {
        await markTokenUsed(db, token.id, nowIso());
        throw badRequest(burnt);
      }
      const left = MAX_CODE_ATTEMPTS - attempts;
      throw badRequest(`That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    }
    return db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (!(await markTokenUsed(trx, token.id, now)))
        throw badRequest('That code was already used. Ask for a new one.');
      await trx
        .updateTable('users')
        .set({ [flag]: 1, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      const fresh = await findUserById(trx, user.id);
      if (!fresh) throw unauthorized();
      return fresh;
    });
  }

  /** Waits for mail still being sent in the background (at shutdown, and in tests). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async deleteExpiredTokens(): Promise<void> {
    await deleteExpiredTokens(this.deps.db, new Date(Date.now() - 24 * 3600_000).toISOString());
  }

  private async assertIdentityFree(phone: string, email: string | undefined): Promise<void> {
    if (await findUserByPhone(this.deps.db, phone)) throw conflict(PHONE_TAKEN);
    if (email && (await findUserByEmail(this.deps.db, email))) throw conflict(EMAIL_TAKEN);
  }

  private async assertCooldown(userId: string, purpose: AuthTokenPurpose, seconds: number): Promise<void> {
    const latest = await findLatestToken(this.deps.db, userId, purpose);
    if (!latest) return;
    const remaining = seconds - (Date.now() - Date.parse(latest.created_at)) / 1000;
    if (remaining > 0) {
      throw tooManyRequests(
        `We sent you a code a moment ago. You can ask for a new one in ${waitText(remaining)}.`,
        remaining,
      );
    }
  }

  /**
   * Stores a new 6-digit code (hashed) and sends it by SMS while the customer waits. When sending fails the code is
   * removed again, so nothing is left half-done and no cool-down starts; when it succeeds, older codes stop working.
   * (Mailed codes go through the message queue instead: auth/mail.ts.)
   */
  private async issueCode(
    user: UserRow,
    purpose: 'verify-phone',
    sentTo: string,
    send: (code: string) => Promise<void>,
  ): Promise<void> {
    const { db } = this.deps;
    const code = newCode();
    const id = newId();
    const now = Date.now();
    await insertAuthToken(db, {
      id,
      user_id: user.id,
      purpose,
      token_hash: codeHash(this.deps.config.sessionSecret, purpose, id, code),
      sent_to: sentTo,
      attempts: 0,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + CODE_TTL_MINUTES * 60_000).toISOString(),
      used_at: null,
    });
    try {
      await send(code);
    } catch (err) {
      await deleteToken(db, id);
      throw err;
    }
    await retireOtherTokens(db, user.id, purpose, id, nowIso());
  }

  private sameSecret(
    token: AuthTokenRow,
    purpose: 'verify-email' | 'verify-phone' | 'reset-password-phone',
    code: string,
  ): boolean {
    const expected = Buffer.from(token.token_hash, 'hex');
    const actual = Buffer.from(codeHash(this.deps.config.sessionSecret, purpose, token.id, code), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private dummyHash(): Promise<string> {
    this.dummyHashPromise ??= hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHashPromise;
  }

  private inBackground(what: string, task: () => Promise<void>): void {
    const promise = task()
      .catch((err: unknown) => this.deps.log.error({ err }, `${what} failed`))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }
}
