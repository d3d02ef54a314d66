import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  newVerificationTokenBodySchema,
  resetPasswordBodySchema,
  signinBodySchema,
  signupBodySchema,
  verifyCodeBodySchema,
} from '@urembo/contract/auth';
import type { SessionInfo } from '@urembo/contract/auth';
import { unauthorized } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import type { AppContext } from '../../routes';
import { toUserDto } from '../users/dto';
import { currentUser, requireUser } from './guards';
import type { RequestMeta } from './service';
import { clearSessionCookie, setSessionCookie } from './session';

function meta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** /auth/* (API.md "Auth"). */
export function shopRoutes({ config, services }: AppContext): FastifyPluginAsync {
  const service = services.auth;
  return async (app) => {
    // Answers about the account are private to this browser: never cached by a proxy or the back button.
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.post('/auth/signup', async (request, reply) => {
      const body = parseInput(signupBodySchema, request.body);
      const { user, session } = await service.signup(body, meta(request));
      setSessionCookie(reply, config, session);
      return reply.status(201).send({ user: toUserDto(user), message: 'Signup successful!' });
    });

    app.post('/auth/signin', async (request, reply) => {
      const body = parseInput(signinBodySchema, request.body);
      const { user, session } = await service.signin(body, meta(request));
      setSessionCookie(reply, config, session);
      return reply.send({ user: toUserDto(user), message: 'Signin successful!' });
    });

    // The web app's session check: a visitor is a normal answer, not an error (no failed request in the console).
    app.get('/auth/me', async (request) => ({ user: request.user ? toUserDto(request.user) : null }));

    app.get('/auth/check-auth', async (request) => {
      if (!request.user) throw unauthorized('You are not signed in');
      return { user: toUserDto(request.user) };
    });

    app.post('/auth/logout', async (request, reply) => {
      await service.logout(request.sessionIdHash);
      clearSessionCookie(reply, config);
      return reply.send({ message: 'Logout success' });
    });

    app.post('/auth/forgot-password', async (request) => {
      const { email } = parseInput(forgotPasswordBodySchema, request.body);
      return { message: await service.forgotPassword(email, meta(request)) };
    });

    app.post<{ Params: { token: string } }>('/auth/reset-password/:token', async (request, reply) => {
      const { password } = parseInput(resetPasswordBodySchema, request.body);
      await service.resetPassword(request.params.token, password, meta(request));
      clearSessionCookie(reply, config);
      return reply.send({ message: 'Password reset success' });
    });

    app.post('/auth/change-password', { onRequest: requireUser }, async (request) => {
      const body = parseInput(changePasswordBodySchema, request.body);
      await service.changePassword(currentUser(request), request.sessionIdHash, body);
      return { message: 'Password changed. You were signed out on every other device.' };
    });

    app.get('/auth/sessions', { onRequest: requireUser }, async (request) => {
      const rows = await service.listSessions(currentUser(request));
      return {
        data: rows.map((row): SessionInfo => ({
          _id: row.public_id,
          current: row.id_hash === request.sessionIdHash,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          userAgent: row.user_agent,
        })),
      };
    });

    app.post('/auth/sessions/sign-out-others', { onRequest: requireUser }, async (request) => {
      const ended = await service.endOtherSessions(currentUser(request), request.sessionIdHash);
      return {
        ended,
        message: ended === 1 ? 'Signed out 1 other device' : `Signed out ${ended} other devices`,
      };
    });

    app.delete<{ Params: { id: string } }>(
      '/auth/sessions/:id',
      { onRequest: requireUser },
      async (request, reply) => {
        const ended = await service.endSession(currentUser(request), request.params.id);
        // Ending this device's own session is a sign-out.
        if (ended === request.sessionIdHash) clearSessionCookie(reply, config);
        return reply.send({ message: 'Signed out that device' });
      },
    );

    app.post('/auth/verify-email', { onRequest: requireUser }, async (request) => {
      const { code } = parseInput(verifyCodeBodySchema, request.body);
      const user = await service.verifyCode(currentUser(request), 'verify-email', code, meta(request));
      return { user: toUserDto(user), message: 'Verification success' };
    });

    app.post('/auth/newVerificationToken', { onRequest: requireUser }, async (request) => {
      const { email } = parseInput(newVerificationTokenBodySchema, request.body);
      await service.sendEmailCode(currentUser(request), email, meta(request));
      return { message: 'New token sent' };
    });

    app.post('/auth/verify-phone', { onRequest: requireUser }, async (request) => {
      const { code } = parseInput(verifyCodeBodySchema, request.body);
      const user = await service.verifyCode(currentUser(request), 'verify-phone', code, meta(request));
      return { user: toUserDto(user), message: 'Verification success' };
    });

    app.post('/auth/newPhoneToken', { onRequest: requireUser }, async (request) => {
      await service.sendPhoneCode(currentUser(request), meta(request));
      return { message: 'New token sent' };
    });
  };
}
