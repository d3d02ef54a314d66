import type { z } from 'zod';
import { HttpError } from './http-error';

/**
 * Parses request input with a contract schema. Failures become a 400 whose message is the first problem and whose
 * details list every problem by path, so forms can show them beside their fields.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = details[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
  throw new HttpError(400, message, details);
}
