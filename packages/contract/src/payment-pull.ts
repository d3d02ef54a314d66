import { z } from 'zod';

/**
 * GET/POST /payment/pull (admin): the Pull Transactions sweep, which asks Safaricom for the paybill's payments and
 * records those whose confirmation never arrived.
 */
export const pullSweepSchema = z.object({
  /** Daraja credentials, the paybill and a nominated number (or the demo simulator): false means no sweep. */
  configured: z.boolean(),
  lastSweepAt: z.string().nullable().describe('When the last sweep ran (ISO), whatever its result'),
  lastResult: z
    .string()
    .nullable()
    .describe('What it did, or why it failed (a time-out or an unreadable answer changes nothing)'),
  ok: z.boolean().nullable().describe('Whether the last sweep read its whole window; null before the first'),
  recovered: z.number().int().describe('Payments the last sweep recorded that no confirmation had brought'),
  sweepMinutes: z.number().describe('How often a sweep runs by itself (MPESA_PULL_SWEEP_MINUTES); 0 = never'),
  registration: z.object({
    ok: z.boolean().nullable(),
    message: z.string().nullable(),
    at: z.string().nullable(),
  }),
});
export type PullSweep = z.infer<typeof pullSweepSchema>;
