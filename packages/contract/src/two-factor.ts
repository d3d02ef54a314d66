import { z } from 'zod';
import { authUserResponseSchema, requiredText } from './auth';
import { PASSWORD_MAX } from './auth-rules';

/*
 * Two-factor sign-in (TOTP): the bodies and answers of /auth/2fa/*, shared by the server and the web forms.
 */

/** A code an authenticator app shows: 6 digits, a new one every 30 seconds. */
export const totpCodeSchema = requiredText('Code')
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code your authenticator app shows');

/** What the second step of sign-in (and turning two-factor off) takes: the app's code or a recovery code. */
export const TWO_FACTOR_CODE_HINT = 'Enter the 6-digit code from your app, or one of your recovery codes';
export const twoFactorCodeSchema = requiredText('Code')
  .trim()
  .max(40, TWO_FACTOR_CODE_HINT)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/, TWO_FACTOR_CODE_HINT);

export const twoFactorSetupSchema = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// link the QR code carries. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableBodySchema = z.object({ code: totpCodeSchema });
export const twoFactorEnabledSchema = z.object({
  message: z.string(),
  /** Ten single-use codes, shown this once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

export const twoFactorDisableBodySchema = z.object({
  password: requiredText('Password').min(1, 'Password is required').max(PASSWORD_MAX, 'Password is too long'),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBodySchema>;

export const twoFactorVerifyBodySchema = z.object({ code: twoFactorCodeSchema });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes (0 when two-factor is off). */
  recoveryCodesLeft: z.number().int(),
  /** An admin who must turn it on before the admin pages answer (ADMIN_REQUIRE_2FA). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The password was right and the account has two-factor on: no session yet, POST /auth/2fa/verify next. */
export const twoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  message: z.string(),
});

/** A sign-in's answer: signed in, or the second step is needed. */
export const signinResponseSchema = z.union([authUserResponseSchema, twoFactorRequiredSchema]);
export type SigninResponse = z.infer<typeof signinResponseSchema>;

/** The 403 of admin routes for an admin without two-factor where it is required. */
export const ADMIN_NEEDS_TWO_FACTOR = 'Set up two-factor sign-in to use the admin pages';
