import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './page-sizes';

// Kept here too for existing imports; screens import them from './page-sizes', which does not pull in zod.
export { MAX_PAGE_LIMIT, PAGE_SIZES } from './page-sizes';

/** The error body every failing API call answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** GET /health: 200 while the database answers; 503 `{error, status: "unavailable", db, database: "down"}` otherwise. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['sqlite', 'postgres']),
  database: z.literal('up'),
});
export type Health = z.infer<typeof healthSchema>;

/** A route's path parameters, each a string (`pathParams('id')` for `/products/:id`). */
export function pathParams<K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<K, z.ZodString>);
}

/** One of a fixed list of words, refused with the list: "status must be one of paid, unpaid". */
export function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });
}

/** `page` (1-based) and `limit` query parameters; each route supplies its own default limit. */

export function pagingQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
      .default(defaultLimit),
  });
}

export interface Paged<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** THE paging rule: one page of `data` out of `total` rows (`totalPages` is 0 when there are none). */
export function paged<T>(
  data: T[],
  total: number,
  { page, limit }: { page: number; limit: number },
): Paged<T> {
  return { data, page, limit, total, totalPages: Math.ceil(total / limit) };
}

/** The schema of a paged answer of `item`s. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}

/** The schema of a collection answer (`{ data: [...] }`). */
export function collectionSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

/** An answer that is only a human message (what the UI toasts): `{ "message": "address deleted" }`. */
export const messageSchema = z.object({ message: z.string() });

/** The schema of an answer that adds a human `message` to an object (a change's result). */
export function withMessage<S extends z.core.$ZodShape>(schema: z.ZodObject<S>) {
  return schema.extend({ message: z.string() });
}

export interface Collection<T> {
  data: T[];
}
