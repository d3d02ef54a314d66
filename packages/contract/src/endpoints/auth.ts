import { z } from 'zod';
import {
  authUserResponseSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  newVerificationTokenBodySchema,
  resetPasswordBodySchema,
  resetPasswordByCodeBodySchema,
  securityEventSchema,
  sessionInfoSchema,
  signinBodySchema,
  signupBodySchema,
  verifyCodeBodySchema,
} from '../auth';
import { collectionSchema, messageSchema, pathParams } from '../common';
import { defineEndpoints } from '../endpoint';
import { authRoutes } from '../routes/auth';
import { userSchema } from '../users';
import {
  signinResponseSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyBodySchema,
} from '../two-factor';

const CODE_RULES =
  'A code is 6 digits, valid 15 minutes and for 5 tries; a wrong, expired or used one, or one whose mail has not ' +
  'gone out yet → 400 saying which.';

export const authEndpoints = defineEndpoints(authRoutes, {
  signUp: {
    summary: 'Create a customer account and sign in',
    description:
      'Phone in any Kenyan form; the password is 8 to 128 characters, not a common one, and not built from the ' +
      "phone, name, email or the shop's name (400 with the reason). A phone or email already in use → 409. " +
      "With an email, a verification code is mailed. The account takes the request's language (its `lang` cookie, " +
      'else Accept-Language; English otherwise) for its mails and SMS. At most 20 sign-ups an hour from one ' +
      'address (429).',
    access: 'public',
    noStore: true,
    body: signupBodySchema,
    responses: { 201: authUserResponseSchema },
    errors: [409, 429],
    sessionCookie: 'sets',
  },
  signIn: {
    summary: 'Sign in with a phone or email and the password',
    description:
      'Wrong credentials → 401 with the same text whether or not the account exists. Five wrong passwords for one ' +
      'account are free, then its sign-in is held back for a growing time (429 with Retry-After); 50 tries per ' +
      'address in 15 minutes. An account with two-factor sign-in answers `{twoFactorRequired: true}` and no session ' +
      'yet: POST /auth/2fa/verify from the same browser (a pending-sign-in cookie, 5 minutes) completes it.',
    access: 'public',
    noStore: true,
    body: signinBodySchema,
    responses: { 200: signinResponseSchema },
    errors: [401, 429],
    sessionCookie: 'sets',
  },
  getSessionUser: {
    summary: 'Who is signed in: the account, or null for a visitor',
    description: "The web app's session check: never 401, so a visitor's console stays clean.",
    access: 'public',
    noStore: true,
    readsSession: true,
    responses: { 200: z.object({ user: userSchema.nullable() }) },
  },
  checkAuth: {
    summary: 'The signed-in account (401 for a visitor)',
    access: 'customer',
    signedOutMessage: 'You are not signed in',
    responses: { 200: z.object({ user: userSchema }) },
  },
  logOut: {
    summary: 'Sign out: end this session and clear its cookie',
    description: 'Answers the same with no session.',
    access: 'public',
    noStore: true,
    readsSession: true,
    responses: { 200: messageSchema },
    sessionCookie: 'clears',
  },
  forgotPassword: {
    summary: 'Mail a password-reset link, or send a reset code by SMS',
    description:
      'With `email`: a link (to /reset-password/{token}) that works once, for an hour. With `phone` (any Kenyan ' +
      'form): an SMS with a 6-digit code for POST /auth/reset-password-by-code, valid 10 minutes and once. The ' +
      'same answer whether or not an account has the email or phone. At most 3 per email or phone and 10 per ' +
      'address in 15 minutes (429).',
    access: 'public',
    noStore: true,
    body: forgotPasswordBodySchema,
    responses: { 200: messageSchema },
    errors: [429],
  },
  resetPasswordByCode: {
    summary: 'Set a new password with the code sent by SMS',
    description:
      'A wrong, used or expired code, or a phone without an account → 400 with one text; every try counts ' +
      'towards the limits (5 wrong tries burn the code; 10 tries per phone and 20 per address in 15 minutes, ' +
      'then 429). Every session of the account ends, this browser’s cookie too.',
    access: 'public',
    body: resetPasswordByCodeBodySchema,
    responses: { 200: messageSchema },
    errors: [429],
    sessionCookie: 'clears',
  },
  resetPassword: {
    summary: 'Set a new password with a reset link’s token',
    description:
      'An unknown, used or expired token → 400. Every session of the account ends, this browser’s cookie too.',
    access: 'public',
    noStore: true,
    params: pathParams('token'),
    body: resetPasswordBodySchema,
    responses: { 200: messageSchema },
    errors: [429],
    sessionCookie: 'clears',
  },
  changePassword: {
    summary: 'Change the password (every other session ends)',
    description:
      'A wrong current password → 400 and counts like a wrong sign-in (429 once held back); the new one follows ' +
      'the sign-up rules and must differ from the current one.',
    access: 'customer',
    body: changePasswordBodySchema,
    responses: { 200: messageSchema },
    errors: [429],
  },
  listActivity: {
    summary: "The account's last 50 security events, newest first",
    description:
      'Sign-ins, failed sign-ins, password changes, ended sessions and two-factor switched on, each with the ' +
      'device (user agent) and address it came from.',
    access: 'customer',
    responses: { 200: collectionSchema(securityEventSchema) },
  },
  getTwoFactor: {
    summary: "Whether the account's two-factor sign-in is on",
    description:
      '`required`: an admin who must turn it on before the admin pages answer (ADMIN_REQUIRE_2FA).',
    access: 'customer',
    responses: { 200: twoFactorStatusSchema },
  },
  setupTwoFactor: {
    summary: 'Start turning on two-factor sign-in: a new TOTP secret',
    description:
      'A new secret (base32) and its otpauth:// link for an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, ' +
      '30 s); it works once confirmed with POST /auth/2fa/enable. Asking again replaces an unconfirmed one. ' +
      'Already on → 409.',
    access: 'customer',
    responses: { 200: twoFactorSetupSchema },
    errors: [409],
  },
  enableTwoFactor: {
    summary: 'Turn on two-factor sign-in with a code from the app',
    description:
      'The code of the secret from POST /auth/2fa/setup (the step before or after now is accepted, each code ' +
      'once). Answers ten single-use recovery codes, shown this once. No setup → 400; already on → 409; a ' +
      'wrong code → 400 and counts like a wrong sign-in (429 once held back).',
    access: 'customer',
    body: twoFactorEnableBodySchema,
    responses: { 200: twoFactorEnabledSchema },
    errors: [409, 429],
  },
  disableTwoFactor: {
    summary: 'Turn off two-factor sign-in (password and a code)',
    description:
      'The password and a code from the app or a recovery code. A wrong one → 400 and counts like a wrong ' +
      'sign-in (429 once held back); not on → 400; a secret the server can no longer read (its secret changed) ' +
      '→ 409. The account is told by mail or SMS.',
    access: 'customer',
    body: twoFactorDisableBodySchema,
    responses: { 200: messageSchema },
    errors: [409, 429],
  },
  verifyTwoFactor: {
    summary: 'The second step of sign-in: a code from the app or a recovery code',
    description:
      'From the browser whose POST /auth/signin answered `twoFactorRequired` (its pending-sign-in cookie, 5 ' +
      'minutes; without it → 400). A code is accepted once; a recovery code works once. A wrong code → 400 and ' +
      'counts like a wrong sign-in (429 once held back); a secret the server can no longer read → 409.',
    access: 'public',
    noStore: true,
    body: twoFactorVerifyBodySchema,
    responses: { 200: authUserResponseSchema },
    errors: [409, 429],
    sessionCookie: 'sets',
  },
  listSessions: {
    summary: "The account's signed-in devices",
    access: 'customer',
    responses: { 200: collectionSchema(sessionInfoSchema) },
  },
  endOtherSessions: {
    summary: 'Sign out every other device',
    access: 'customer',
    responses: { 200: messageSchema.extend({ ended: z.number().int() }) },
  },
  endSession: {
    summary: 'Sign out one device of the account',
    description: "Another account's session → 404. Ending this device's own session clears its cookie.",
    access: 'customer',
    params: pathParams('id'),
    responses: { 200: messageSchema },
    errors: [404],
    sessionCookie: 'clears',
  },
  verifyEmail: {
    summary: 'Verify the account’s email with the code mailed to it',
    description: CODE_RULES,
    access: 'customer',
    body: verifyCodeBodySchema,
    responses: { 200: authUserResponseSchema },
    errors: [429],
  },
  sendEmailCode: {
    summary: 'Mail a new email verification code',
    description:
      'To the account’s own, unverified email (400 otherwise); at most every 5 minutes (429 with Retry-After). ' +
      'The mail is queued and sent in the background, retried while the mail server does not take it.',
    access: 'customer',
    body: newVerificationTokenBodySchema,
    responses: { 200: messageSchema },
    errors: [429],
  },
  verifyPhone: {
    summary: 'Verify the account’s phone with the code sent by SMS',
    description: CODE_RULES,
    access: 'customer',
    body: verifyCodeBodySchema,
    responses: { 200: authUserResponseSchema },
    errors: [429],
  },
  sendPhoneCode: {
    summary: 'Send a new phone verification code by SMS',
    description:
      'At most every 2 minutes (429 with Retry-After); an already verified phone → 400. When the SMS gateway ' +
      'refuses → 502, does not answer → 503; no cool-down starts.',
    access: 'customer',
    responses: { 200: messageSchema },
    errors: [400, 429, 502],
  },
});
