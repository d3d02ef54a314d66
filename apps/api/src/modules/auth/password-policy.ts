import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD_MESSAGE, passwordContextProblem, type PasswordContext } from '@urembo/contract/auth';
import { passwordPatternProblem } from '@urembo/contract/password-strength';
import { badRequest } from '../../lib/http-error';

/**
 * The passwords attackers try first: zxcvbn-ts's ranked list of common passwords (about 49,000, from public breach
 * corpora; decision 007), compared lower-cased. Loaded on first use, so a process that never sees a password
 * change does not hold it.
 */
let common: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').toLowerCase());
}

/**
 * The one password rule for sign-up, reset and change (the length rule is in the contract's schema): 400 with the
 * reason when the password is common, weak by its pattern (repeats, runs, keyboard rows, dates: the strength
 * estimator's two lowest scores), or built from the account's phone, name, email or the shop's name.
 */
export function assertPasswordAllowed(password: string, account: PasswordContext): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
  const problem = passwordPatternProblem(password) ?? passwordContextProblem(password, account);
  if (problem) throw badRequest(problem);
}
