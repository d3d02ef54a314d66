import type { BackoffRule, RateLimitRule } from '../../lib/rate-limit';

const MINUTE = 60_000;

/**
 * The account routes' limits. Per IP limits are generous because Kenyan mobile networks put many customers behind
 * one address (carrier-grade NAT); per-identifier limits are the tight ones.
 */
export const AUTH_LIMITS = {
  // Sign-in tries for one account are held back by SIGNIN_BACKOFF below, from every address at once.
  signinPerIp: { name: 'signin-ip', limit: 50, windowMs: 15 * MINUTE },
  signupPerIp: { name: 'signup-ip', limit: 20, windowMs: 60 * MINUTE },
  forgotPerEmail: { name: 'forgot-email', limit: 3, windowMs: 15 * MINUTE },
  forgotPerIp: { name: 'forgot-ip', limit: 10, windowMs: 15 * MINUTE },
  resetPerIp: { name: 'reset-ip', limit: 20, windowMs: 15 * MINUTE },
  /** Code checks per account (a code also burns after MAX_CODE_ATTEMPTS wrong tries). */
  verifyPerAccount: { name: 'verify-account', limit: 10, windowMs: 15 * MINUTE },
  verifyPerIp: { name: 'verify-ip', limit: 50, windowMs: 15 * MINUTE },
  /** New codes sent (mail or SMS) from one IP, on top of the per-account cool-downs. */
  sendCodePerIp: { name: 'send-code-ip', limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Wrong passwords for one account, counted across every address (an attacker with many IPs gets no more guesses):
 * five are free, then each one holds the account's sign-in back for 30 s, 1, 2, 4, 8 minutes, at most 15 minutes.
 * The right password works again as soon as the hold ends, so nobody can lock the owner out for good.
 */
export const SIGNIN_BACKOFF: BackoffRule = {
  name: 'signin-account',
  freeTries: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE,
  memoryMs: 24 * 60 * MINUTE,
};
