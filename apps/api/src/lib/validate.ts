import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { HttpError } from './http-error';

/**
 * A 400 whose message is the first problem (never a field path) and whose details list every problem by path, so
 * forms can show them beside their fields.
 */
function invalidInput(error: z.ZodError): HttpError {
  const details = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  // The message names its field in words ("Amount must be…"); the path is for forms, in `details`.
  return new HttpError(400, details[0]?.message ?? 'Invalid input', details);
}

/** Parses request input with a contract schema (a missing body or query counts as empty); 400 on failure. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw invalidInput(result.error);
}

/**
 * Fastify's validator for the routes' Zod schemas (params, querystring, body): the same parse and the same 400
 * answer as parseInput, so a schema on the route answers exactly as a parse in the handler did.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: invalidInput(result.error) };
  };
