/*
 * app/data/: the one door from a feature to another feature's data. Each file re-exports what one feature lets the
 * others read (its query hooks and key factories), so a feature never imports another feature's files (the lint
 * rule in eslint.config.js) and the owner can change its insides freely. See docs/decisions/006.
 */

/** The session (features/auth): who is signed in, and signing out. */
export { useAuthUser, useLogout, useTwoFactorStatus } from '../../features/auth/api';
