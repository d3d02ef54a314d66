import { z } from 'zod';
import { userSchema } from '@urembo/contract/users';
import { pathParams } from '@urembo/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  authUserResponseSchema,
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
import type { RouteContext } from '../../lib/route-context';
import { toUserDto } from '../users';
import { currentUser, requireUser } from './guards';
import type { AuthService, RequestMeta } from './service';
import { clearSessionCookie, setSessionCookie } from './session';

/** What these routes use of the app. */
type Ctx = RouteContext<{ auth: AuthService }>;

function meta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** /auth/* (API.md "Auth"). */
export function shopRoutes({ config, services }: Ctx): FastifyPluginAsyncZod {
  const service = services.auth;
  return async (app) => {
    // Answers about the account are private to this browser: never cached by a proxy or the back button.
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.post(
      '/auth/signup',
      { schema: { response: { 201: authUserResponseSchema }, body: signupBodySchema } },
      async (request, reply) => {
        const body = request.body;
        const { user, session } = await service.signup(body, meta(request));
        setSessionCookie(reply, config, session);
        return reply.status(201).send({ user: toUserDto(user), message: 'Signup successful!' });
      },
    );

    app.post(
      '/auth/signin',
      { schema: { response: { 200: authUserResponseSchema }, body: signinBodySchema } },
      async (request, reply) => {
        const body = request.body;
        const { user, session } = await service.signin(body, meta(request));
        setSessionCookie(reply, config, session);
        return reply.send({ user: toUserDto(user), message: 'Signin successful!' });
      },
    );

    // The web app's session check: a visitor is a normal answer, not an error (no failed request in the console).
    app.get(
      '/auth/me',
      { schema: { response: { 200: z.object({ user: userSchema.nullable() }) } } },
      async (request) => ({ user: request.user ? toUserDto(request.user) : null }),
    );

    app.get(
      '/auth/check-auth',
      { schema: { response: { 200: z.object({ user: userSchema }) } } },
      async (request) => {
        if (!request.user) throw unauthorized('You are not signed in');
        return { user: toUserDto(request.user) };
      },
    );

    app.post('/auth/logout', async (request, reply) => {
      await service.logout(request.sessionIdHash);
      clearSessionCookie(reply, config);
      return reply.send({ message: 'Logout success' });
    });

    app.post('/auth/forgot-password', { schema: { body: forgotPasswordBodySchema } }, async (request) => {
      const { email } = request.body;
      return { message: await service.forgotPassword(email, meta(request)) };
    });

    app.post(
      '/auth/reset-password/:token',
      { schema: { params: pathParams('token'), body: resetPasswordBodySchema } },
      async (request, reply) => {
        const { password } = request.body;
        await service.resetPassword(request.params.token, password, meta(request));
        clearSessionCookie(reply, config);
        return reply.send({ message: 'Password reset success' });
      },
    );

    app.post(
      '/auth/change-password',
      { schema: { body: changePasswordBodySchema }, onRequest: requireUser },
      async (request) => {
        const body = request.body;
        await service.changePassword(currentUser(request), request.sessionIdHash, body);
        return { message: 'Password changed. You were signed out on every other device.' };
      },
    );

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

    app.delete(
      '/auth/sessions/:id',
      { schema: { params: pathParams('id') }, onRequest: requireUser },
      async (request, reply) => {
        const ended = await service.endSession(currentUser(request), request.params.id);
        // Ending this device's own session is a sign-out.
        if (ended === request.sessionIdHash) clearSessionCookie(reply, config);
        return reply.send({ message: 'Signed out that device' });
      },
    );

    app.post(
      '/auth/verify-email',
      {
        schema: { response: { 200: authUserResponseSchema }, body: verifyCodeBodySchema },
        onRequest: requireUser,
      },
      async (request) => {
        const { code } = request.body;
        const user = await service.verifyCode(currentUser(request), 'verify-email', code, meta(request));
        return { user: toUserDto(user), message: 'Verification success' };
      },
    );

    app.post(
      '/auth/newVerificationToken',
      { schema: { body: newVerificationTokenBodySchema }, onRequest: requireUser },
      async (request) => {
        const { email } = request.body;
        await service.sendEmailCode(currentUser(request), email, meta(request));
        return { message: 'New token sent' };
      },
    );

    app.post(
      '/auth/verify-phone',
      {
        schema: { response: { 200: authUserResponseSchema }, body: verifyCodeBodySchema },
        onRequest: requireUser,
      },
      async (request) => {
        const { code } = request.body;
        const user = await service.verifyCode(currentUser(request), 'verify-phone', code, meta(request));
        return { user: toUserDto(user), message: 'Verification success' };
      },
    );

    app.post('/auth/newPhoneToken', { onRequest: requireUser }, async (request) => {
      await service.sendPhoneCode(currentUser(request), meta(request));
      return { message: 'New token sent' };
    });
  };
}
