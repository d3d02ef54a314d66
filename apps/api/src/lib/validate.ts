import type { z } from 'zod';
import { HttpError } from './http-error';

/**
 * Parses request input with a contract schema. Failures become a 400 whose message is the first problem (never a field path) and whose
 * details list every problem by path, so forms can show them beside their fields.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  // The message names its field in words ("Amount must be…"); the path is for forms, in `details` (issue 17).
  const message = details[0]?.message ?? 'Invalid input';
  throw new HttpError(400, message, details);
}
