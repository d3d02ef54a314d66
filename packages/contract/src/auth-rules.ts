/**
 * The account rules the screens show, without zod: a page that only names them (sign-up's hint, the resend
 * buttons' cool-downs) does not download the schemas (auth.ts re-exports them for the API).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Server cool-downs between two codes; the web app counts them down on the resend buttons. */
export const EMAIL_CODE_COOLDOWN_SECONDS = 5 * 60;
export const PHONE_CODE_COOLDOWN_SECONDS = 2 * 60;
