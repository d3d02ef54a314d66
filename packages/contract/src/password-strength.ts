import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-rules';
import { passwordContextProblem, type PasswordContext } from './password-context';

export { passwordContextProblem, SHOP_NAME_IN_PASSWORDS, type PasswordContext } from './password-context';

/**
 * Passwords weak by their shape: one character repeated, a run in order, a walk along the keyboard, a date. The
 * estimator is zxcvbn-ts with its pattern matchers and keyboard layouts only, no word lists (the common-password list
 * is the server's: too large for a phone), so the browser (as the person types) and the server (before saving) give
 * the same answer with the same message. Its two lowest scores (0 and 1: guessed in under about 10⁶ tries) are
 * refused.
 *
 * Without zod, so the screens load it on its own (about 14 KB gzip) when a password field is first typed in.
 */

/** The lowest score a new password may have (zxcvbn's 0..4). */
export const MIN_PASSWORD_SCORE = 2;

const MESSAGES: Record<string, string> = {
  simpleRepeat: 'Password is one character repeated (like "aaaaaaaa"): easy to guess',
  extendedRepeat: 'Password repeats the same few characters (like "abcabcabc"): easy to guess',
  sequences: 'Password is a run of letters or digits in order (like "abcd1234"): easy to guess',
  straightRow: 'Password is a row of keys on the keyboard (like "qwertyui"): easy to guess',
  keyPattern: 'Password is a short walk on the keyboard: easy to guess',
  dates: 'Password is mostly a date: easy to guess',
  recentYears: 'Password is mostly a recent year: easy to guess',
};

const FALLBACK =
  'Password follows a pattern that is easy to guess. Add a few words only you would put together';

let estimator: ZxcvbnFactory | undefined;

/** Why the password is too easy to guess by its pattern, or null when it is not. */
export function passwordPatternProblem(password: string): string | null {
  estimator ??= new ZxcvbnFactory({ graphs: adjacencyGraphs });
  const result = estimator.check(password.normalize('NFKC'));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning;
  return (warning && MESSAGES[warning]) || FALLBACK;
}

/**
 * The first reason a new password would be refused that the browser can tell (length, pattern, the account's own
 * details), or null. The sign-up, reset and change-password forms show it as the person types; the server says the
 * same and checks the common-password list besides.
 */
export function newPasswordProblem(password: string, context: PasswordContext = {}): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return passwordPatternProblem(password) ?? passwordContextProblem(password, context);
}
