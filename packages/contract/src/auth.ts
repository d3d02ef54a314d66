import { z } from 'zod';
import { PHONE_HINT, normalizeKenyanPhone } from './phone';
import type { User } from './users';

/*
 * Request bodies of the /auth routes. The server parses with these and the web forms validate with the same
 * schemas, so a message a customer sees beside a field is the one the server would answer.
 */

/** A text field that must be present: a missing value reads "<Label> is required", not Zod's type message. */
export function requiredText(label: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
  });
}

/** A Kenyan mobile number in any form customers type it, normalised to 2547XXXXXXXX / 2541XXXXXXXX. */
export const kenyanPhoneSchema = requiredText('Phone number')
  .trim()
  .min(1, 'Phone number is required')
  .transform((value, ctx) => {
    const phone = normalizeKenyanPhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: PHONE_HINT });
      return z.NEVER;
    }
    return phone;
  });

/** An email address, lower-cased. */
export const emailSchema = requiredText('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .toLowerCase()
  .pipe(z.email('Enter a valid email address, like name@example.com'));

/** A blank form field ("", spaces or null) counts as a missing one. */
function blankAsMissing(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** An optional email: a blank field (forms send "") counts as none. */
export const optionalEmailSchema = z.preprocess(blankAsMissing, emailSchema.optional());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The passwords attackers try first (the top of public breach lists, plus a few local favourites) that are long
 * enough to pass the length rule. Compared lower-cased.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '87654321',
  '987654321',
  '11111111',
  '00000000',
  '22222222',
  '55555555',
  '66666666',
  '88888888',
  '99999999',
  '12341234',
  '12344321',
  '11223344',
  '123123123',
  '12121212',
  'qwertyuiop',
  'qwerty123',
  'qwertyui',
  'qwerty12',
  '1q2w3e4r',
  'q1w2e3r4',
  '1qaz2wsx',
  'qazwsxedc',
  '123qweasd',
  '1234qwer',
  'asdfghjkl',
  'zxcvbnm1',
  'abc12345',
  'abcd1234',
  'abcdefgh',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'admin123',
  'administrator',
  'letmein1',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'changeme',
  'computer',
  'internet',
  'monkey123',
  'dragon123',
  'master123',
  'jesus123',
  'blessed1',
  'kenya123',
  'nairobi123',
  'mpesa123',
  'urembo123',
]);

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** A new password: 8 to 128 characters and not one of the most common ones. */
export const newPasswordSchema = requiredText('Password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

export const signupBodySchema = z.object({
  fullName: requiredText('Username')
    .trim()
    .min(1, 'Username is required')
    .min(2, 'Username must be at least 2 characters')
    .max(80, 'Username must be at most 80 characters'),
  email: optionalEmailSchema,
  phone: kenyanPhoneSchema,
  password: newPasswordSchema,
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** Sign-in: phone or email (at least one) and the password. */
export const signinBodySchema = z
  .object({
    phone: z.preprocess(blankAsMissing, kenyanPhoneSchema.optional()),
    email: optionalEmailSchema,
    password: requiredText('Password')
      .min(1, 'Password is required')
      .max(PASSWORD_MAX, 'Password is too long'),
  })
  .refine((b) => b.phone !== undefined || b.email !== undefined, {
    message: 'Enter your phone number or your email',
    path: ['phone'],
  });
export type SigninBody = z.input<typeof signinBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({ password: newPasswordSchema });
export const verifyCodeBodySchema = z.object({
  code: requiredText('Code')
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits we sent you'),
});
export const newVerificationTokenBodySchema = z.object({ email: emailSchema });

export interface AuthUserResponse {
  user: User;
  message?: string;
}
export interface MessageResponse {
  message: string;
}

/** Server cool-downs between two codes (seed §9); the web app counts them down on the resend buttons. */
export const EMAIL_CODE_COOLDOWN_SECONDS = 5 * 60;
export const PHONE_CODE_COOLDOWN_SECONDS = 2 * 60;
