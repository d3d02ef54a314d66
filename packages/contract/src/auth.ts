import { z } from 'zod';
import { PHONE_HINT, toKenyanPhone } from './phone';
import { languageSchema, userSchema } from './users';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-rules';
import { passwordContextProblem } from './password-context';

export {
  EMAIL_CODE_COOLDOWN_SECONDS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_CODE_COOLDOWN_SECONDS,
} from './auth-rules';
export { SHOP_NAME_IN_PASSWORDS, passwordContextProblem, type PasswordContext } from './password-context';

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

/**
 * A new password: 8 to 128 characters. The server also refuses common ones, ones weak by their pattern and ones built
 * from the account (in that order: "12345678" is refused as common, the more useful reason); the forms show the
 * pattern and account reasons as the person types (password-strength.ts, without zod).
 */
export const newPasswordSchema = requiredText('Password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signupBodySchema = z
  .object({
    fullName: requiredText('Full name')
      .trim()
      .min(1, 'Full name is required')
      .min(2, 'Full name must be at least 2 characters')
      .max(80, 'Full name must be at most 80 characters'),
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
  /** When the session ends however much it is used (SESSION_MAX_DAYS after sign-in). */
  expiresAt: z.string(),
  /** When it ends if it is not used before then (the idle limit from its last use; shorter for admins). */
  idleExpiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** PUT /user/me: the caller's own details; a new phone or email needs the current password. */
export const updateMeBodySchema = z
  .object({
    fullName: requiredText('Name')
      .trim()
      .min(2, 'Name must be at least 2 characters')
      .max(80, 'Name must be at most 80 characters')
      .optional(),
    phone: kenyanPhoneSchema.optional(),
    email: optionalEmailSchema,
    language: languageSchema.optional(),
    currentPassword: z.preprocess(
      blankAsMissing,
      requiredText('Current password').max(PASSWORD_MAX, 'Current password is too long').optional(),
    ),
  })
  .refine(
    (b) =>
      b.fullName !== undefined || b.phone !== undefined || b.email !== undefined || b.language !== undefined,
    { message: 'Send at least one of fullName, phone, email or language' },
  );
export type UpdateMeBody = z.input<typeof updateMeBodySchema>;

export const SECURITY_EVENTS = [
  'signin',
  'signin-failed',
  'password-changed',
  'session-ended',
  'two-factor-enabled',
] as const;

/** One entry of the account's sign-in history (GET /auth/activity). */
export const securityEventSchema = z.object({
  at: z.string(),
  event: z.enum(SECURITY_EVENTS),
  /** The browser's user agent, as it was sent. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
});
export type SecurityEventInfo = z.infer<typeof securityEventSchema>;

export const newVerificationTokenBodySchema = z.object({ email: emailSchema });

/** A signed-in account and what happened (sign-up, sign-in, a verified code). */
export const authUserResponseSchema = z.object({ user: userSchema, message: z.string() });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;
export interface MessageResponse {
  message: string;
}

/** DELETE /user/me: the account's own password, asked again before it is deleted for good. */
export const deleteMeBodySchema = z.object({
  password: requiredText('Password').max(PASSWORD_MAX, 'Password is too long'),
});
export type DeleteMeBody = z.input<typeof deleteMeBodySchema>;
