import { authEndpoints as endpoints } from '@urembo/contract/endpoints/auth';
import { userEndpoints } from '@urembo/contract/endpoints/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { SessionInfo } from '@urembo/contract/auth';
import { routeOf } from '../../lib/endpoint-route';
import type { RouteContext } from '../../lib/route-context';
import { toUserDto } from '../users';
import { currentUser } from './guards';
import type { AuthService, RequestMeta } from './service';
import { badRequest } from '../../lib/http-error';
import { requestLanguage } from '../../lib/request-language';
import { clearPendingSignin, pendingSignin, setPendingSignin } from './pending-signin';
import { clearSessionCookie, idleEndsAt, setSessionCookie } from './session';
import { PENDING_SIGNIN_ENDED } from './two-factor';

/** What these routes use of the app. */
type Ctx = RouteContext<{ auth: AuthService }>;

function meta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** /auth/*: accounts, sessions, passwords and verification codes. */
export function shopRoutes({ config, services }: Ctx): FastifyPluginAsyncZod {
  const service = services.auth;
  const twoFactor = service.twoFactor;
  return async (app) => {
    app.route({
      ...routeOf(endpoints.signUp),
      handler: async (request, reply) => {
        const { user, session } = await service.signup(request.body, meta(request), requestLanguage(request));
        setSessionCookie(reply, config, session);
        return reply.status(201).send({ user: toUserDto(user), message: 'Sign up successful!' });
      },
    });

    app.route({
      ...routeOf(endpoints.signIn),
      handler: async (request, reply) => {
        const signedIn = await service.signin(request.body, meta(request));
        if ('twoFactorUser' in signedIn) {
          setPendingSignin(reply, config, signedIn.twoFactorUser);
          return reply.send({
            twoFactorRequired: true as const,
            message: 'Enter the code from your authenticator app',
          });
        }
        setSessionCookie(reply, config, signedIn.session);
        clearPendingSignin(reply, config);
        return reply.send({ user: toUserDto(signedIn.user), message: 'Sign in successful!' });
      },
    });

    app.route({
      ...routeOf(endpoints.verifyTwoFactor),
      handler: async (request, reply) => {
        const pending = pendingSignin(request);
        if (!pending) throw badRequest(PENDING_SIGNIN_ENDED);
        const { user, session } = await twoFactor.verify(pending, request.body.code, meta(request));
        setSessionCookie(reply, config, session);
        clearPendingSignin(reply, config);
        return reply.send({ user: toUserDto(user), message: 'Sign in successful!' });
      },
    });

    app.route({
      ...routeOf(endpoints.getTwoFactor),
      handler: async (request) => twoFactor.status(currentUser(request)),
    });

    app.route({
      ...routeOf(endpoints.setupTwoFactor),
      handler: async (request) => twoFactor.setup(currentUser(request)),
    });

    app.route({
      ...routeOf(endpoints.enableTwoFactor),
      handler: async (request) => ({
        recoveryCodes: await twoFactor.enable(currentUser(request), request.body.code, meta(request)),
        message:
          'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.',
      }),
    });

    app.route({
      ...routeOf(endpoints.disableTwoFactor),
      handler: async (request) => {
        await twoFactor.disable(currentUser(request), request.body, meta(request));
        return { message: 'Two-factor sign-in is off' };
      },
    });

    // The web app's session check: a visitor is a normal answer, not an error (no failed request in the console).
    app.route({
      ...routeOf(endpoints.getSessionUser),
      handler: async (request) => ({ user: request.user ? toUserDto(request.user) : null }),
    });

    app.route({
      ...routeOf(endpoints.checkAuth),
      handler: async (request) => ({ user: toUserDto(currentUser(request)) }),
    });

    app.route({
      ...routeOf(endpoints.logOut),
      handler: async (request, reply) => {
        await service.logout(request.user, request.sessionIdHash, meta(request));
        clearSessionCookie(reply, config);
        return reply.send({ message: 'Logout success' });
      },
    });

    app.route({
      ...routeOf(endpoints.forgotPassword),
      handler: async (request) => ({
        message: await service.forgotPassword(request.body, meta(request)),
      }),
    });

    app.route({
      ...routeOf(endpoints.resetPasswordByCode),
      handler: async (request, reply) => {
        await service.resetPasswordByCode(request.body, meta(request));
        clearSessionCookie(reply, config);
        return reply.send({ message: 'Password reset success' });
      },
    });

    app.route({
      ...routeOf(endpoints.resetPassword),
      handler: async (request, reply) => {
        await service.resetPassword(request.params.token, request.body.password, meta(request));
        clearSessionCookie(reply, config);
        return reply.send({ message: 'Password reset success' });
      },
    });

    app.route({
      ...routeOf(endpoints.changePassword),
      handler: async (request) => {
        await service.changePassword(
          currentUser(request),
          request.sessionIdHash,
          request.body,
          meta(request),
        );
        return { message: 'Password changed. You were signed out on every other device.' };
      },
    });

    app.route({
      ...routeOf(endpoints.listActivity),
      handler: async (request) => ({ data: await service.listActivity(currentUser(request)) }),
    });

    app.route({
      ...routeOf(userEndpoints.updateMe),
      handler: async (request) => ({
        user: toUserDto(await service.updateProfile(currentUser(request), request.body)),
      }),
    });

    app.route({
      ...routeOf(endpoints.listSessions),
      handler: async (request) => {
        const user = currentUser(request);
        const rows = await service.listSessions(user);
        return {
          data: rows.map((row): SessionInfo => ({
            _id: row.public_id,
            current: row.id_hash === request.sessionIdHash,
            createdAt: row.created_at,
            lastSeenAt: row.last_seen_at,
            userAgent: row.user_agent,
            expiresAt: row.expires_at,
            idleExpiresAt: idleEndsAt(config, user.role, row),
          })),
        };
      },
    });

    app.route({
      ...routeOf(endpoints.endOtherSessions),
      handler: async (request) => {
        const ended = await service.endOtherSessions(
          currentUser(request),
          request.sessionIdHash,
          meta(request),
        );
        return {
          ended,
          message: ended === 1 ? 'Signed out 1 other device' : `Signed out ${ended} other devices`,
        };
      },
    });

    app.route({
      ...routeOf(endpoints.endSession),
      handler: async (request, reply) => {
        const ended = await service.endSession(currentUser(request), request.params.id, meta(request));
        // Ending this device's own session is a sign-out.
        if (ended === request.sessionIdHash) clearSessionCookie(reply, config);
        return reply.send({ message: 'Signed out that device' });
      },
    });

    app.route({
      ...routeOf(endpoints.verifyEmail),
      handler: async (request) => {
        const user = await service.verifyCode(
          currentUser(request),
          'verify-email',
          request.body.code,
          meta(request),
        );
        return { user: toUserDto(user), message: 'Verification success' };
      },
    });

    app.route({
      ...routeOf(endpoints.sendEmailCode),
      handler: async (request) => {
        await service.sendEmailCode(currentUser(request), request.body.email, meta(request));
        return { message: 'New token sent' };
      },
    });

    app.route({
      ...routeOf(endpoints.verifyPhone),
      handler: async (request) => {
        const user = await service.verifyCode(
          currentUser(request),
          'verify-phone',
          request.body.code,
          meta(request),
        );
        return { user: toUserDto(user), message: 'Verification success' };
      },
    });

    app.route({
      ...routeOf(endpoints.sendPhoneCode),
      handler: async (request) => {
        await service.sendPhoneCode(currentUser(request), meta(request));
        return { message: 'New token sent' };
      },
    });
  };
}
