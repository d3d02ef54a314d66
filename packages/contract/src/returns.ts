import { z } from 'zod';
import { MAX_LINE_COUNT, MAX_ORDER_LINES } from './order-status';

/** A return's steps: asked for, approved (bring or send the items) or rejected, then received back into stock. */
export const RETURN_STATES = ['requested', 'approved', 'rejected', 'received'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const returnStateSchema = z.enum(RETURN_STATES);

/** The steps an admin may take from each state (a rejected or received return is final). */
export const RETURN_NEXT: Record<ReturnState, readonly ReturnState[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received', 'rejected'],
  rejected: [],
  received: [],
};

export const RETURN_LIMITS = { reasonMin: 3, reason: 500, note: 500 } as const;

export const returnItemSchema = z.object({
  /** The product's id (as the order's line names it). */
  _id: z.string(),
  variant: z.object({ _id: z.string(), sku: z.string() }).nullable(),
  name: z.string(),
  price: z.number().int(),
  images: z.array(z.string()),
  count: z.number().int(),
});

export const returnSchema = z.object({
  _id: z.string(),
  order: z.object({ _id: z.string(), reference: z.string() }),
  /** Who asked (the order's name and phone), for the shop. */
  customer: z.object({ name: z.string(), phone: z.string() }),
  items: z.array(returnItemSchema),
  reason: z.string(),
  state: returnStateSchema,
  /** The returned items' prices: refund due on the order's payments once the return is received. */
  refundAmount: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  receivedAt: z.string().nullable(),
});
export type Return = z.infer<typeof returnSchema>;

const countMessage = `count must be a whole number from 1 to ${MAX_LINE_COUNT}`;

/** POST /order/{id}/returns: which of the order's lines go back, how many of each, and why. */
export const createReturnBodySchema = z.object({
  items: z
    .array(
      z.object({
        _id: z
          .string({ error: "each item needs the product's _id" })
          .trim()
          .min(1, "each item needs the product's _id")
          .max(100),
        variant: z.string().trim().max(100).nullish(),
        count: z
          .number({ error: countMessage })
          .int(countMessage)
          .min(1, countMessage)
          .max(MAX_LINE_COUNT, countMessage),
      }),
      { error: 'items must be a list of {_id, count}' },
    )
    .min(1, 'Choose at least one item to return')
    .max(MAX_ORDER_LINES),
  reason: z
    .string({ error: 'Please say why you are returning the items' })
    .trim()
    .min(RETURN_LIMITS.reasonMin, 'Please say why you are returning the items')
    .max(RETURN_LIMITS.reason, `The reason must be at most ${RETURN_LIMITS.reason} characters`),
});
export type CreateReturnBody = z.input<typeof createReturnBodySchema>;

/** PUT /returns/{id} (admin): the next step, with an optional note the customer sees. */
export const updateReturnBodySchema = z.object({
  state: z.enum(['approved', 'rejected', 'received'], {
    error: 'state must be one of approved, rejected, received',
  }),
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(RETURN_LIMITS.note, `The note must be at most ${RETURN_LIMITS.note} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type UpdateReturnBody = z.input<typeof updateReturnBodySchema>;
