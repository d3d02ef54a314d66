import { z } from 'zod';
import { PHONE_HINT, normalizeKenyanPhone, toKenyanPhone } from './phone';
import { userSchema } from './users';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-rules';

export {
  EMAIL_CODE_COOLDOWN_SECONDS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_CODE_COOLDOWN_SECONDS,
} from './auth-rules';

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
  .transform(toKenyanPhone(PHONE_HINT));

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

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';

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

/** A new password: 8 to 128 characters (the server also refuses common ones and ones built from the account). */
export const newPasswordSchema = requiredText('Password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signupBodySchema = z
  .object({
    fullName: requiredText('Username')
      .trim()
      .min(1, 'Username is required')
      .min(2, 'Username must be at least 2 characters')
      .max(80, 'Username must be at most 80 characters'),
    email: optionalEmailSchema,
    phone: kenyanPhoneSchema,
    password: newPasswordSchema,
  })
  .superRefine((body, ctx) => {
    const problem = passwordContextProblem(body.password, body);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });

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

/**
 * "Forgot your password?": the account's email (a link is mailed) or its phone, in any Kenyan form (a code is sent
 * by SMS), one of the two.
 */
export const forgotPasswordBodySchema = z
  .object({
    email: optionalEmailSchema,
    phone: z.preprocess(blankAsMissing, kenyanPhoneSchema.optional()),
  })
  .superRefine((b, ctx) => {
    if (b.email === undefined && b.phone === undefined)
      ctx.addIssue({ code: 'custom', message: 'Enter your email or your phone number', path: ['email'] });
    else if (b.email !== undefined && b.phone !== undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'Enter your email or your phone number, not both',
        path: ['phone'],
      });
  });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** A 6-digit code sent by mail or SMS. */
export const codeSchema = requiredText('Code')
  .trim()
  .regex(/^\d{6}$/, 'The code is the 6 digits we sent you');

/** A new password with the code sent by SMS to the account's phone. */
export const resetPasswordByCodeBodySchema = z.object({
  phone: kenyanPhoneSchema,
  code: codeSchema,
  password: newPasswordSchema,
});
export type ResetPasswordByCodeBody = z.input<typeof resetPasswordByCodeBodySchema>;
export const resetPasswordBodySchema = z.object({ password: newPasswordSchema });
export const verifyCodeBodySchema = z.object({ code: codeSchema });
export const changePasswordBodySchema = z.object({
  currentPassword: requiredText('Current password')
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, 'Current password is too long'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** One signed-in device of the account (GET /auth/sessions). */
export const sessionInfoSchema = z.object({
  _id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const newVerificationTokenBodySchema = z.object({ email: emailSchema });

/** A signed-in account and what happened (sign-up, sign-in, a verified code). */
export const authUserResponseSchema = z.object({ user: userSchema, message: z.string() });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;
export interface MessageResponse {
  message: string;
}
