import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { requireAdmin, requireUser } from '../src/modules/auth/guards';
import { SESSION_COOKIE } from '../src/modules/auth/session';
import { signedInUser } from './support/auth';
import { describeEachDialect } from './support/test-app';

function guardedRoutes(app: FastifyInstance): void {
  app.register(
    async (api) => {
      api.get('/__test/me', { preHandler: requireUser }, async (request) => ({ id: request.user!.id }));
      api.get('/__test/admin', { preHandler: requireAdmin }, async () => ({ ok: true }));
    },
    { prefix: '/api/v1' },
  );
}

describeEachDialect(
  'session guards',
  (ctx) => {
    it('answers 401 without a session and for an unknown cookie', async () => {
      const none = await ctx().app.inject({ url: '/api/v1/__test/me' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ error: 'Please sign in to continue' });
      const forged = await ctx().app.inject({
        url: '/api/v1/__test/me',
        headers: { cookie: `${SESSION_COOKIE}=forged` },
      });
      expect(forged.statusCode).toBe(401);
    });

    it('knows the signed-in user and keeps customers out of admin routes', async () => {
      const { user, cookie } = await signedInUser(ctx());
      const me = await ctx().app.inject({ url: '/api/v1/__test/me', headers: { cookie } });
      expect(me.json()).toEqual({ id: user.id });
      const admin = await ctx().app.inject({ url: '/api/v1/__test/admin', headers: { cookie } });
      expect(admin.statusCode).toBe(403);
      const boss = await signedInUser(ctx(), { role: 'admin' });
      const ok = await ctx().app.inject({ url: '/api/v1/__test/admin', headers: { cookie: boss.cookie } });
      expect(ok.statusCode).toBe(200);
    });

    it('stores only a hash of the session id and refuses an expired session', async () => {
      const { user, cookie } = await signedInUser(ctx());
      const id = cookie.split('=')[1]!;
      const rows = await ctx()
        .database.db.selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id_hash).not.toContain(id);
      await ctx()
        .database.db.updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      const res = await ctx().app.inject({ url: '/api/v1/__test/me', headers: { cookie } });
      expect(res.statusCode).toBe(401);
      const left = await ctx()
        .database.db.selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(left).toHaveLength(0);
    });
  },
  { beforeReady: guardedRoutes },
);
