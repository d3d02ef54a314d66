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
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), {
    message: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
  }),
  MAIL_FROM: optionalText,
  AT_USERNAME: optionalText,
  AT_API_KEY: optionalText,
  AT_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  AT_SENDER_ID: optionalText.refine((v) => v === undefined || v.length <= 11, {
    message: 'must be at most 11 characters (an alphanumeric sender id or a short code)',
  }),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: 'must be a redis:// or rediss:// URL (leave it unset to keep rate limits in memory)',
  }),
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(50).default('urembo:'),
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
  mail: { smtpUrl: string | undefined; from: string };
  /** Africa's Talking; undefined writes SMS to the outbox instead. */
  sms: { username: string; apiKey: string; baseUrl: string; senderId: string | undefined } | undefined;
  /** Shared rate-limit counters; undefined keeps them in this process's memory. */
  redis: { url: string; keyPrefix: string } | undefined;
}

export const DEFAULT_MAIL_FROM = 'Urembo <no-reply@urembo.co.ke>';
export const DEFAULT_AT_BASE_URL = 'https://api.africastalking.com';

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
  if (e.AT_USERNAME && !e.AT_API_KEY) problems.push('AT_API_KEY: is required when AT_USERNAME is set');
  if (e.AT_API_KEY && !e.AT_USERNAME) problems.push('AT_USERNAME: is required when AT_API_KEY is set');
  if (e.MAIL_FROM && !isMailbox(e.MAIL_FROM)) {
    problems.push('MAIL_FROM: must be an address, e.g. "Urembo <hello@urembo.co.ke>" or hello@urembo.co.ke');
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
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM },
    sms:
      e.AT_USERNAME && e.AT_API_KEY
        ? {
            username: e.AT_USERNAME,
            apiKey: e.AT_API_KEY,
            baseUrl: (e.AT_BASE_URL ?? DEFAULT_AT_BASE_URL).replace(/\/+$/, ''),
            senderId: e.AT_SENDER_ID,
          }
        : undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
  };
}

/** "Name <user@host>" or a bare user@host. */
function isMailbox(value: string): boolean {
  const match = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = match?.[1] ?? match?.[2];
  return !!address && z.email().safeParse(address).success;
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
