import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { normalizeKenyanPhone } from '@urembo/contract/phone';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An M-Pesa paybill or till number: 5 to 7 digits. */
const shortCode = z
  .string()
  .trim()
  .regex(/^\d{5,7}$/, { error: 'must be a 5 to 7 digit M-Pesa number' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)',
  }),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SEED_DEMO: booleanFlag.default(true),
  ADMIN_PHONE: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || (v.length >= 8 && v.length <= 128), {
    message: 'must be 8 to 128 characters',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST: optionalText,
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  MPESA_PAYBILL: shortCode.default('542542'),
  MPESA_ACCOUNT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, { error: 'must be 1 to 20 letters, digits or dashes' })
    .default('484580'),
  MPESA_TILL_NUMBER: shortCode.default('5511223'),
  MPESA_TILL_NAME: z
    .string()
    .trim()
    .min(1)
    .max(60, { error: 'must be at most 60 characters' })
    .default('UREMBO BEAUTY'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  sessionSecret: string;
  seedDemo: boolean;
  admin: { phone: string; email: string | undefined; password: string } | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  webDist: string | undefined;
  passwordHashCost: number;
  /** What customers are told to pay with (order page and checkout); the Daraja credentials are separate. */
  paymentInstructions: { paybill: string; account: string; tillNumber: string; tillName: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment once. Every problem names its variable; nothing else in the server reads
 * process.env. The session secret is generated into DATA_DIR the first time when it is not given.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if ((e.ADMIN_PHONE || e.ADMIN_EMAIL) && !e.ADMIN_PASSWORD) {
    problems.push('ADMIN_PASSWORD: is required when ADMIN_PHONE or ADMIN_EMAIL is set');
  }
  if (e.ADMIN_PASSWORD && !e.ADMIN_PHONE) {
    problems.push('ADMIN_PHONE: is required when ADMIN_PASSWORD is set (accounts are phone-first)');
  }
  const adminPhone = e.ADMIN_PHONE ? normalizeKenyanPhone(e.ADMIN_PHONE) : undefined;
  if (adminPhone === null) problems.push('ADMIN_PHONE: is not a Kenyan mobile number (e.g. 0712345678)');
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    seedDemo: e.SEED_DEMO,
    admin:
      adminPhone && e.ADMIN_PASSWORD
        ? { phone: adminPhone, email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    passwordHashCost: e.PASSWORD_HASH_COST,
    paymentInstructions: {
      paybill: e.MPESA_PAYBILL,
      account: e.MPESA_ACCOUNT,
      tillNumber: e.MPESA_TILL_NUMBER,
      tillName: e.MPESA_TILL_NAME,
    },
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
