import { normalizeKenyanPhone } from './phone';

/*
 * Passwords built from what an attacker knows of the account or the shop. Without zod or the strength estimator, so
 * the schemas (auth.ts) and the as-you-type check (password-strength.ts) share it without loading each other.
 */

/** The shop's own name: the first word a guesser tries with an Urembo account. */
export const SHOP_NAME_IN_PASSWORDS = 'urembo';

export interface PasswordContext {
  phone?: string | null | undefined;
  fullName?: string | null | undefined;
  email?: string | null | undefined;
}

/**
 * Why a password is too easy to guess from what an attacker knows of the account (its phone number in any form,
 * its name, its email's local part) or of the shop; null when it is not. The server adds the common-password list
 * (apps/api, too large to ship to phones).
 */
export function passwordContextProblem(password: string, context: PasswordContext): string | null {
  const lower = password.normalize('NFKC').toLowerCase();
  const digits = lower.replace(/\D/g, '');
  // The last 9 digits (7XXXXXXXX) are in every form a Kenyan number is written: 07..., +2547..., 2547...
  const phoneCore = context.phone ? normalizeKenyanPhone(context.phone)?.slice(-9) : undefined;
  if (phoneCore && digits.includes(phoneCore)) return 'Password must not contain your phone number';
  const names = (context.fullName ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length >= 3);
  if (names.some((name) => lower.includes(name))) return 'Password must not contain your name';
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 3 && lower.includes(local))
    return 'Password must not contain your email address';
  if (lower.includes(SHOP_NAME_IN_PASSWORDS)) return "Password must not contain the shop's name";
  return null;
}
