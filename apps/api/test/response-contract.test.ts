import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDialect } from './support/test-app';

const answer = z.object({ n: z.number() });

function contractRoutes(app: FastifyInstance): void {
  app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      typed.get('/__test/kept', { schema: { response: { 200: answer } } }, async () => ({
        n: 1,
        extra: 'kept',
      }));
      // A handler that breaks its contract (a string where the schema says number).
      api.get('/__test/broken', { schema: { response: { 200: answer } } }, async () => ({ n: 'one' }));
    },
    { prefix: '/api/v1' },
  );
}

for (const [nodeEnv, brokenStatus] of [
  ['test', 500],
  ['production', 200],
] as const) {
  describeEachDialect(
    `answers checked against their contract (${nodeEnv})`,
    (ctx) => {
      it('sends an answer as the handler built it: a schema never strips a field', async () => {
        const res = await ctx().app.inject({ url: '/api/v1/__test/kept' });
        expect(res.json()).toEqual({ n: 1, extra: 'kept' });
      });

      it(
        nodeEnv === 'production' ? 'logs a broken answer and still sends it' : 'fails a broken answer',
        async () => {
          const res = await ctx().app.inject({ url: '/api/v1/__test/broken' });
          expect(res.statusCode).toBe(brokenStatus);
          if (brokenStatus === 200) expect(res.json()).toEqual({ n: 'one' });
        },
      );
    },
    { env: { NODE_ENV: nodeEnv, SEED_DEMO: 'false' }, beforeReady: contractRoutes },
  );
}
