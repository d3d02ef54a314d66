// Accounts and sessions, as the app and other features may use them: the guards every private route runs, the
// session cookie's name and the service.
export * as authRoutes from './routes';
export {
  assertSelf,
  currentUser,
  isShopAdmin,
  mayRead,
  registerSessionLoader,
  requireAdmin,
  requireUser,
  requireUserSaying,
} from './guards';
export { SESSION_COOKIE, clearSessionCookie, findSessionUser } from './session';
export { AuthService } from './service';
export { AccountMailer } from './mail';
export { AccountNotices } from './notices';
