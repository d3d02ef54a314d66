import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Answers of routes with a response schema are checked against the contract's schema and sent as they are: a
 * schema never strips or reshapes a field (clients and the web app see exactly what the handler built). An answer
 * that breaks its contract fails loudly outside production (a 500 the tests see); in production it is logged and
 * still sent, so a contract slip never costs a customer their page.
 */
export function contractSerializerCompiler(
  strict: boolean,
  log: FastifyBaseLogger,
): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        if (strict) throw new ResponseSerializationError(method, url, { cause: result.error });
        log.warn(
          { method, url, issues: result.error.issues.slice(0, 5) },
          'answer does not match its contract',
        );
      }
      return JSON.stringify(data);
    };
}
