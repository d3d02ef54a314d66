import { z } from 'zod';

/** Percent off the eligible lines, or a fixed amount off them. */
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_LIMITS = {
  codeMin: 3,
  codeMax: 20,
  percentMax: 90,
  amountMax: 1_000_000,
  usageLimitMax: 1_000_000,
  minSubtotalMax: 10_000_000,
  categoriesMax: 50,
} as const;

export const DISCOUNT_CODE_RULE = `The code must be ${DISCOUNT_LIMITS.codeMin} to ${DISCOUNT_LIMITS.codeMax} letters, digits and dashes`;

/** A discount code as admins see it. `used` counts the orders placed with it that are not cancelled. */
export const discountSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** A percentage (1 to 90) or an amount in shillings. */
  value: z.number().int(),
  /** The order's subtotal (before the discount) must reach this; 0 = any. */
  minSubtotal: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** How many orders may use it in all; null = no limit. */
  usageLimit: z.number().int().nullable(),
  used: z.number().int(),
  oncePerCustomer: z.boolean(),
  /** The categories whose products it applies to; empty = every product. */
  categories: z.array(z.string()),
  /** false: paused (refused at checkout until made active again). */
  active: z.boolean(),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

/** What a quote or an order says of the code applied: the code as the shop spells it and the shillings off. */
export const appliedDiscountSchema = z.object({ code: z.string(), amount: z.number().int() });
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;

const wholeIn = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number from ${min.toLocaleString('en-KE')} to ${max.toLocaleString('en-KE')}`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const instant = (field: string) => {
  const message = `${field} must be a date and time with its offset, like 2026-12-01T00:00:00+03:00, or null`;
  return z
    .string({ error: message })
    .trim()
    .refine((v) => ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v)), { error: message })
    .transform((v) => new Date(v).toISOString())
    .nullable();
};

/** The code as typed: letters, digits and dashes; the shop compares codes ignoring case. */
export const discountCodeSchema = z
  .string({ error: DISCOUNT_CODE_RULE })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9-]{${DISCOUNT_LIMITS.codeMin},${DISCOUNT_LIMITS.codeMax}}$`), {
    error: DISCOUNT_CODE_RULE,
  });

const discountFields = {
  code: discountCodeSchema,
  kind: z.enum(DISCOUNT_KINDS, { error: 'kind must be one of percent, amount' }),
  /** Checked against `kind` by the server (percent 1 to 90, amount 1 to 1,000,000). */
  value: wholeIn('value', 1, DISCOUNT_LIMITS.amountMax),
  minSubtotal: wholeIn('minSubtotal', 0, DISCOUNT_LIMITS.minSubtotalMax),
  startsAt: instant('startsAt'),
  endsAt: instant('endsAt'),
  usageLimit: wholeIn('usageLimit', 1, DISCOUNT_LIMITS.usageLimitMax).nullable(),
  oncePerCustomer: z.boolean({ error: 'oncePerCustomer must be true or false' }),
  categories: z
    .array(z.string({ error: 'categories must be a list of category ids' }).trim().min(1).max(100), {
      error: 'categories must be a list of category ids',
    })
    .max(DISCOUNT_LIMITS.categoriesMax, {
      error: `categories may name at most ${DISCOUNT_LIMITS.categoriesMax} categories`,
    }),
  active: z.boolean({ error: 'active must be true or false' }),
};

/** POST /discounts: code, kind and value are required; the rest default to no limit, every product, active. */
export const createDiscountBodySchema = z.object({
  code: discountFields.code,
  kind: discountFields.kind,
  value: discountFields.value,
  minSubtotal: discountFields.minSubtotal.optional(),
  startsAt: discountFields.startsAt.optional(),
  endsAt: discountFields.endsAt.optional(),
  usageLimit: discountFields.usageLimit.optional(),
  oncePerCustomer: discountFields.oncePerCustomer.optional(),
  categories: discountFields.categories.optional(),
  active: discountFields.active.optional(),
});
export type CreateDiscountBody = z.input<typeof createDiscountBodySchema>;

/** PUT /discounts/{id}: any of the fields; those not sent keep their value. */
export const updateDiscountBodySchema = createDiscountBodySchema.partial();
export type UpdateDiscountBody = z.input<typeof updateDiscountBodySchema>;

/** The code a shopper types at checkout (any case). Empty = none. */
export const discountCodeInputSchema = z
  .string({ error: 'discountCode must be text' })
  .trim()
  .max(50, { error: 'That discount code is too long' })
  .transform((v) => (v ? v : undefined))
  .optional();

/** What a percentage or amount takes off an eligible subtotal: percent rounds down, an amount is capped. */
export function discountAmount(kind: DiscountKind, value: number, eligibleSubtotal: number): number {
  if (eligibleSubtotal <= 0) return 0;
  return kind === 'percent'
    ? Math.floor((eligibleSubtotal * value) / 100)
    : Math.min(value, eligibleSubtotal);
}
