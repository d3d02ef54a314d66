import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const authRoutes = /* @__PURE__ */ defineRoutes({
  signUp: ['POST', '/auth/signup'],
  signIn: ['POST', '/auth/signin'],
  getSessionUser: ['GET', '/auth/me'],
  checkAuth: ['GET', '/auth/check-auth'],
  logOut: ['POST', '/auth/logout'],
  forgotPassword: ['POST', '/auth/forgot-password'],
  resetPassword: ['POST', '/auth/reset-password/:token'],
  resetPasswordByCode: ['POST', '/auth/reset-password-by-code'],
  changePassword: ['POST', '/auth/change-password'],
  listSessions: ['GET', '/auth/sessions'],
  endOtherSessions: ['POST', '/auth/sessions/sign-out-others'],
  endSession: ['DELETE', '/auth/sessions/:id'],
  listActivity: ['GET', '/auth/activity'],
  getTwoFactor: ['GET', '/auth/2fa'],
  setupTwoFactor: ['POST', '/auth/2fa/setup'],
  enableTwoFactor: ['POST', '/auth/2fa/enable'],
  disableTwoFactor: ['POST', '/auth/2fa/disable'],
  verifyTwoFactor: ['POST', '/auth/2fa/verify'],
  verifyEmail: ['POST', '/auth/verify-email'],
  sendEmailCode: ['POST', '/auth/newVerificationToken'],
  verifyPhone: ['POST', '/auth/verify-phone'],
  sendPhoneCode: ['POST', '/auth/newPhoneToken'],
});
