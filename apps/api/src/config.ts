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

const optionalShortCode = optionalText.pipe(shortCode.optional());

export const MPESA_TRANSACTION_TYPES = ['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'] as const;

/** Safaricom's published sandbox values; the built-in simulator accepts them too. */
export const SANDBOX_SHORTCODE = '174379';
/** The nominated number the simulator's Pull registration takes when MPESA_PULL_NOMINATED_NUMBER is unset. */
const SANDBOX_NOMINATED_NUMBER = '254722000000';
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

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
  SEED_DEMO: booleanFlag.optional(),
  API_DOCS: booleanFlag.optional(),
  ADMIN_PHONE: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || (v.length >= 8 && v.length <= 128), {
    message: 'must be 8 to 128 characters',
  }),
  SHOP_PHONE: z.string().trim().default('0700 000 000'),
  SHOP_EMAIL: z
    .string()
    .trim()
    .pipe(z.email({ error: 'must be an email address' }))
    .default('hello@urembo.co.ke'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const lower = v.toLowerCase();
      if (['0', 'false', 'no', 'off', ''].includes(lower)) return false;
      // `true` trusts exactly the one proxy in front of the shop, never a chain the client could have written.
      if (['true', 'yes', 'on'].includes(lower)) return 1;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const addresses = v.split(',').map((a) => a.trim());
      if (addresses.every((a) => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(a).success))
        return addresses;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, true (one proxy), a hop count like 2, or a comma-separated list of proxy addresses or CIDR ranges',
      });
      return z.NEVER;
    }),
  WEB_DIST: optionalText,
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(14),
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
  MPESA_BASE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  MPESA_CONSUMER_KEY: optionalText,
  MPESA_CONSUMER_SECRET: optionalText,
  MPESA_SHORTCODE: optionalShortCode,
  MPESA_PASSKEY: optionalText,
  MPESA_TRANSACTION_TYPE: z
    .enum(MPESA_TRANSACTION_TYPES, { error: 'must be CustomerPayBillOnline or CustomerBuyGoodsOnline' })
    .default('CustomerPayBillOnline'),
  MPESA_PARTY_B: optionalShortCode,
  MPESA_CALLBACK_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  MPESA_CALLBACK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{24,128}$/, { error: 'must be 24 to 128 letters, digits, - or _' })
      .optional(),
  ),
  MPESA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  MPESA_C2B_SHORTCODE: optionalShortCode,
  /** A Safaricom number of the business, named when registering for Pull Transactions (the Pull sweep needs it). */
  MPESA_PULL_NOMINATED_NUMBER: optionalText,
  MPESA_PULL_SWEEP_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes (0 = never)' })
    .min(0, { error: 'must be 0 (never) or more' })
    .max(1440, { error: 'must be at most a day (1440 minutes)' })
    .default(15),
  /** Serve the demo simulator although PUBLIC_URL is not this machine (a demo on a LAN or a tunnel); false: never. */
  MPESA_SIMULATOR: booleanFlag.optional(),
  MESSAGE_POLL_MS: z.coerce.number().int().min(50).max(600_000).optional(),
  /** The older name of MESSAGE_POLL_MS, from when the queue sent only order SMS; still read. */
  ORDER_SMS_POLL_MS: z.coerce.number().int().min(50).max(600_000).optional(),
  MPESA_C2B_REGISTER_VERSION: z.enum(['v1', 'v2'], { error: 'must be v1 or v2' }).default('v1'),
  MPESA_INITIATOR_NAME: optionalText,
  MPESA_SECURITY_CREDENTIAL: optionalText,
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), {
    message: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
  }),
  MAIL_FROM: optionalText,
  AT_USERNAME: optionalText,
  AT_API_KEY: optionalText,
  AT_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  /** The bearer token Prometheus sends for GET /metrics; unset: /metrics answers 404. */
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters (a long random text)',
  }),
  /** The shop's WhatsApp number for "Order on WhatsApp" and the footer (default SHOP_PHONE). */
  SHOP_WHATSAPP: optionalText,
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.refine((v) => v === undefined || /^\d{5,20}$/.test(v), {
    message: "must be the digits of the number's id in Meta's WhatsApp Manager",
  }),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_BASE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  AT_SENDER_ID: optionalText.refine((v) => v === undefined || v.length <= 11, {
    message: 'must be at most 11 characters (an alphanumeric sender id or a short code)',
  }),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: 'must be a redis:// or rediss:// URL (leave it unset to keep rate limits in memory)',
  }),
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(50).default('urembo:'),
  SESSION_IDLE_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive({ error: 'must be more than 0' })
    .max(366, { error: 'must be at most a year (366 days)' })
    .default(30),
  SESSION_MAX_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive({ error: 'must be more than 0' })
    .max(366, { error: 'must be at most a year (366 days)' })
    .default(90),
  ADMIN_REQUIRE_2FA: booleanFlag.optional(),
  ADMIN_SESSION_IDLE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive({ error: 'must be more than 0' })
    .max(24 * 366, { error: 'must be at most a year (8784 hours)' })
    .default(12),
  UNPAID_ORDER_HOLD_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive({ error: 'must be more than 0' })
    .max(24 * 365, { error: 'must be at most a year (8760 hours)' })
    .default(48),
  MPESA_STK_GRACE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .min(0, { error: 'must be 0 or more' })
    .max(24 * 60, { error: 'must be at most a day (1440 minutes)' })
    .default(10),
  UNPAID_ORDER_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be whole seconds' })
    .min(0, { error: 'must be 0 (off) or more' })
    .max(86_400, { error: 'must be at most a day (86400)' })
    .default(300),
  RETURN_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1' })
    .max(365, { error: 'must be at most 365' })
    .default(7),
  LOW_STOCK_AT: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(1_000_000)
    .default(5),
  FREE_DELIVERY_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : null))
    .pipe(
      z
        .number({ error: 'must be a whole number of shillings' })
        .int({ error: 'must be a whole number of shillings' })
        .min(1, { error: 'must be at least 1 (leave it unset for never)' })
        .max(100_000_000, { error: 'must be at most 100,000,000' })
        .nullable(),
    ),
});

export type TrustProxy = false | number | string[];

/**
 * How the shop reaches Daraja: `daraja` with real credentials; `simulator` (no credentials, not production, PUBLIC_URL
 * on this machine or MPESA_SIMULATOR=true) through the built-in simulator served by this same server; `off`
 * otherwise (STK push is unavailable, the paybill and the manual form still work).
 */
export type MpesaMode = 'daraja' | 'simulator' | 'off';

export interface MpesaConfig {
  mode: MpesaMode;
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  transactionType: (typeof MPESA_TRANSACTION_TYPES)[number];
  partyB: string;
  callbackUrl: string;
  callbackSecret: string;
  /** Every call to Daraja is aborted after this long. */
  timeoutMs: number;
  /**
   * The paybill or till the shop owns (C2B): customers pay to it with the order reference as account number and
   * Safaricom confirms to these URLs. Undefined: no paybill settlement (orders show MPESA_PAYBILL/MPESA_ACCOUNT).
   */
  c2b:
    | {
        shortcode: string;
        registerVersion: 'v1' | 'v2';
        confirmationUrl: string;
        validationUrl: string;
        /** Transaction Status API (typed receipts); undefined without an initiator. */
        initiator: { name: string; securityCredential: string } | undefined;
        statusResultUrl: string;
        statusTimeoutUrl: string;
      }
    | undefined;
  /**
   * Reversal API (refunding a whole M-Pesa payment): needs MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL (or
   * the simulator). Undefined: refunds are sent by hand only.
   */
  reversal:
    | {
        initiator: { name: string; securityCredential: string };
        resultUrl: string;
        timeoutUrl: string;
      }
    | undefined;
  /**
   * Pull Transactions (recovering paybill payments whose confirmation never arrived): Daraja credentials, the
   * paybill and a nominated number, or the simulator. Undefined: no Pull sweep.
   */
  pull:
    | {
        /** The business's Safaricom number as Daraja wants it: 07XXXXXXXX or 01XXXXXXXX. */
        nominatedNumber: string;
        /** How often a sweep runs; 0 = never by itself (the admin's button still runs one). */
        sweepMs: number;
        /** The CallBackURL given at registration (the paybill's confirmation URL). */
        callbackUrl: string;
      }
    | undefined;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  sessionSecret: string;
  seedDemo: boolean;
  /** Serve /api/v1/openapi.json and the /api/v1/docs page (API_DOCS; off in production unless set). */
  apiDocs: boolean;
  admin: { phone: string; email: string | undefined; password: string } | undefined;
  /** How customers reach the shop (footer): a Kenyan mobile number (2547XXXXXXXX) and an address. */
  shop: { phone: string; email: string; whatsapp: string };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `pretty` (one readable line per entry, for a person at a terminal) or `json` (for log collectors). */
  logFormat: 'pretty' | 'json';
  /**
   * Which proxies' X-Forwarded-For entries are believed: false (none: the socket's address), a hop count (the
   * client address is that many entries from the right), or the proxies' own addresses/CIDR ranges.
   */
  trustProxy: TrustProxy;
  webDist: string | undefined;
  passwordHashCost: number;
  /** What customers are told to pay with (order page and checkout); the Daraja credentials are separate. */
  paymentInstructions: { paybill: string; account: string; tillNumber: string; tillName: string };
  mpesa: MpesaConfig;
  mail: { smtpUrl: string | undefined; from: string };
  /** How often the message queue (order SMS, account mail) looks for due messages and retries. */
  messagePollMs: number;
  /**
   * Meta's WhatsApp Cloud API, for order updates a customer asked to get on WhatsApp; undefined: without it, such
   * updates go to the outbox where SMS do (a demo shop), and a shop that sends real SMS offers no WhatsApp updates.
   */
  whatsapp:
    | {
        token: string;
        phoneNumberId: string;
        appSecret: string;
        verifyToken: string | undefined;
        baseUrl: string;
      }
    | undefined;
  /** GET /metrics's bearer token (METRICS_TOKEN); undefined: no metrics. */
  metricsToken: string | undefined;
  /** Africa's Talking; undefined writes SMS to the outbox instead. */
  sms: { username: string; apiKey: string; baseUrl: string; senderId: string | undefined } | undefined;
  /** Shared rate-limit counters; undefined keeps them in this process's memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Admin routes answer 403 to an admin without two-factor sign-in (ADMIN_REQUIRE_2FA; on in production). */
  adminRequire2fa: boolean;
  sessions: {
    /** A session unused this long ends (customers). */
    idleMs: number;
    /** An admin's session unused this long ends. */
    adminIdleMs: number;
    /** Every session ends this long after its sign-in, however much it is used. */
    maxMs: number;
  };
  /** Days after delivery that a customer may ask to return items (RETURN_DAYS). */
  returnDays: number;
  /** Delivery is free when the subtotal after the discount reaches this (FREE_DELIVERY_FROM); null = never. */
  freeDeliveryFrom: number | null;
  stock: {
    /** Unpaid orders older than this are cancelled and their stock returned. */
    unpaidOrderHoldHours: number;
    /** How often this process looks for such orders; 0 = never (another process does it). */
    sweepSeconds: number;
    /** The sweep keeps an order whose M-Pesa prompt went out this recently (MPESA_STK_GRACE_MINUTES). */
    stkGraceMinutes: number;
    /** Products at or below this many units are "low" (dashboard, "Only N left"). */
    lowStockAt: number;
  };
}

export const DEFAULT_MAIL_FROM = 'Urembo <no-reply@urembo.co.ke>';
export const DEFAULT_AT_BASE_URL = 'https://api.africastalking.com';
export const DEFAULT_WHATSAPP_BASE_URL = 'https://graph.facebook.com/v21.0';

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
  const shopPhone = normalizeKenyanPhone(e.SHOP_PHONE);
  if (shopPhone === null) problems.push('SHOP_PHONE: is not a Kenyan mobile number (e.g. 0712345678)');
  const shopWhatsapp = e.SHOP_WHATSAPP ? normalizeKenyanPhone(e.SHOP_WHATSAPP) : shopPhone;
  if (shopWhatsapp === null) problems.push('SHOP_WHATSAPP: is not a Kenyan mobile number (e.g. 0712345678)');
  const whatsappSet = [e.WHATSAPP_TOKEN, e.WHATSAPP_PHONE_NUMBER_ID, e.WHATSAPP_APP_SECRET];
  if (whatsappSet.some(Boolean) && !whatsappSet.every(Boolean)) {
    problems.push(
      'WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET: set all three to send order updates on WhatsApp, or none',
    );
  }
  const mpesaProblems = checkMpesaVariables(e);
  problems.push(...mpesaProblems);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const mpesa = buildMpesaConfig(e, dataDir, publicUrl);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret', 32),
    // A production start never invents accounts or orders unless asked to (SEED_DEMO=true).
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    admin:
      adminPhone && e.ADMIN_PASSWORD
        ? { phone: adminPhone, email: e.ADMIN_EMAIL?.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    shop: { phone: shopPhone!, email: e.SHOP_EMAIL.toLowerCase(), whatsapp: shopWhatsapp! },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? defaultLogFormat(e.NODE_ENV),
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    passwordHashCost: e.PASSWORD_HASH_COST,
    paymentInstructions: {
      paybill: e.MPESA_PAYBILL,
      account: e.MPESA_ACCOUNT,
      tillNumber: e.MPESA_TILL_NUMBER,
      tillName: e.MPESA_TILL_NAME,
    },
    mpesa,
    messagePollMs: e.MESSAGE_POLL_MS ?? e.ORDER_SMS_POLL_MS ?? 2_000,
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
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_APP_SECRET
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            baseUrl: (e.WHATSAPP_BASE_URL ?? DEFAULT_WHATSAPP_BASE_URL).replace(/\/+$/, ''),
          }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    adminRequire2fa: e.ADMIN_REQUIRE_2FA ?? e.NODE_ENV === 'production',
    sessions: {
      idleMs: Math.round(e.SESSION_IDLE_DAYS * 86_400_000),
      adminIdleMs: Math.round(e.ADMIN_SESSION_IDLE_HOURS * 3_600_000),
      maxMs: Math.round(e.SESSION_MAX_DAYS * 86_400_000),
    },
    returnDays: e.RETURN_DAYS,
    freeDeliveryFrom: e.FREE_DELIVERY_FROM,
    stock: {
      unpaidOrderHoldHours: e.UNPAID_ORDER_HOLD_HOURS,
      sweepSeconds: e.UNPAID_ORDER_SWEEP_SECONDS,
      stkGraceMinutes: e.MPESA_STK_GRACE_MINUTES,
      lowStockAt: e.LOW_STOCK_AT,
    },
  };
}

/**
 * Only where the database is (DATA_DIR, DATABASE_URL), validated as loadConfig does: for the backup and restore
 * commands, which need nothing else of the shop's configuration and must not create its secrets.
 */
/**
 * The demo's Daraja simulator and test phone (/mpesa-sim, /dev/phone) are served only in simulator mode, which
 * fails closed: no Daraja credentials, not production, and PUBLIC_URL on this machine or MPESA_SIMULATOR=true.
 */
export function simulatorIsMounted(config: Pick<Config, 'mpesa' | 'nodeEnv'>): boolean {
  return config.mpesa.mode === 'simulator' && config.nodeEnv !== 'production';
}

/** A URL whose host is this machine: localhost (or a name under it), 127.x.x.x or ::1. */
export function isThisMachine(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '[::1]' ||
    host === '[0:0:0:0:0:0:0:1]'
  );
}

export function loadDatabaseLocation(env: Record<string, string | undefined> = process.env): {
  dataDir: string;
  databaseUrl: string | undefined;
} {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return { dataDir: path.resolve(parsed.data.DATA_DIR), databaseUrl: parsed.data.DATABASE_URL };
}

/**
 * Readable lines for a person at a terminal, JSON for everything else: production, and output piped to a file
 * or a log collector.
 */
function defaultLogFormat(nodeEnv: Env['NODE_ENV']): 'pretty' | 'json' {
  return nodeEnv !== 'production' && process.stdout.isTTY ? 'pretty' : 'json';
}

/** "Name <user@host>" or a bare user@host. */
function isMailbox(value: string): boolean {
  const match = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = match?.[1] ?? match?.[2];
  return !!address && z.email().safeParse(address).success;
}

type Env = z.infer<typeof envSchema>;

const MPESA_CREDENTIALS = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_PASSKEY',
  'MPESA_BASE_URL',
] as const;

/** Daraja's CallBackURL rules: no spaces, and none of the words its filter rejects. */
const CALLBACK_URL_FORBIDDEN = /mpesa|safaricom/i;

/** Daraja credentials come all together or not at all; a partial set names what is missing. */
function checkMpesaVariables(e: Env): string[] {
  const problems: string[] = [];
  const given = MPESA_CREDENTIALS.filter((name) => e[name] !== undefined);
  if (given.length > 0 && given.length < MPESA_CREDENTIALS.length) {
    for (const name of MPESA_CREDENTIALS.filter((n) => e[n] === undefined)) {
      problems.push(
        `${name}: is required when ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set (Daraja credentials go together; leave them all unset for the demo simulator)`,
      );
    }
  }
  if (e.MPESA_PULL_NOMINATED_NUMBER !== undefined) {
    if (normalizeKenyanPhone(e.MPESA_PULL_NOMINATED_NUMBER) === null) {
      problems.push('MPESA_PULL_NOMINATED_NUMBER: is not a Kenyan mobile number (e.g. 0722000000)');
    } else if (given.length > 0 && e.MPESA_C2B_SHORTCODE === undefined) {
      problems.push(
        'MPESA_C2B_SHORTCODE: is required when MPESA_PULL_NOMINATED_NUMBER is set (Pull Transactions recovers the paybill’s payments)',
      );
    }
  }
  if ((e.MPESA_INITIATOR_NAME === undefined) !== (e.MPESA_SECURITY_CREDENTIAL === undefined)) {
    problems.push(
      'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL: set both (Transaction Status needs the initiator and its encrypted password) or neither',
    );
  }
  if (e.MPESA_CALLBACK_URL !== undefined) {
    const url = new URL(e.MPESA_CALLBACK_URL);
    if (CALLBACK_URL_FORBIDDEN.test(url.href)) {
      problems.push('MPESA_CALLBACK_URL: must not contain "mpesa" or "safaricom" (Daraja refuses such URLs)');
    }
    const last = url.pathname.split('/').filter(Boolean).at(-1);
    if (e.MPESA_CALLBACK_SECRET === undefined) {
      problems.push(
        'MPESA_CALLBACK_SECRET: is required when MPESA_CALLBACK_URL is set (the URL must end with that secret)',
      );
    } else if (last !== e.MPESA_CALLBACK_SECRET) {
      problems.push('MPESA_CALLBACK_URL: its last path segment must be MPESA_CALLBACK_SECRET');
    }
    if (given.length > 0 && e.NODE_ENV === 'production' && url.protocol !== 'https:') {
      problems.push('MPESA_CALLBACK_URL: must be an https:// URL in production (Daraja calls only HTTPS)');
    }
  }
  return problems;
}

function buildMpesaConfig(e: Env, dataDir: string, publicUrl: string): MpesaConfig {
  const callbackSecret =
    e.MPESA_CALLBACK_SECRET ?? readOrCreateSecret(dataDir, 'mpesa-callback-secret', 24, /^[A-Za-z0-9_-]+$/);
  const callbackUrl = e.MPESA_CALLBACK_URL ?? `${publicUrl}/api/v1/m-pesa/callback/${callbackSecret}`;
  const credentialsGiven = MPESA_CREDENTIALS.every((name) => e[name] !== undefined);
  // The simulator lets anyone "pay" without money: it fails closed. A shop on a public address needs
  // MPESA_SIMULATOR=true to serve it (a demo), and MPESA_SIMULATOR=false turns it off even on this machine.
  const simulator =
    !credentialsGiven &&
    e.NODE_ENV !== 'production' &&
    e.MPESA_SIMULATOR !== false &&
    (e.MPESA_SIMULATOR === true || isThisMachine(publicUrl));
  // The simulator plays the sandbox paybill (and its Transaction Status) so the demo settles by itself too.
  const c2bShortcode = e.MPESA_C2B_SHORTCODE ?? (simulator ? SANDBOX_SHORTCODE : undefined);
  // After /api/v1/ no "mpesa" or "safaricom" (Daraja's URL filter), and the secret last.
  const api = `${publicUrl}/api/v1/payments`;
  const initiator =
    e.MPESA_INITIATOR_NAME && e.MPESA_SECURITY_CREDENTIAL
      ? { name: e.MPESA_INITIATOR_NAME, securityCredential: e.MPESA_SECURITY_CREDENTIAL }
      : simulator
        ? { name: 'urembo-simulator', securityCredential: 'urembo-simulator-credential' }
        : undefined;
  const common = {
    transactionType: e.MPESA_TRANSACTION_TYPE,
    callbackUrl,
    callbackSecret,
    timeoutMs: e.MPESA_TIMEOUT_MS,
    c2b: c2bShortcode
      ? {
          shortcode: c2bShortcode,
          registerVersion: e.MPESA_C2B_REGISTER_VERSION,
          confirmationUrl: `${api}/c2b/confirmation/${callbackSecret}`,
          validationUrl: `${api}/c2b/validation/${callbackSecret}`,
          initiator,
          statusResultUrl: `${api}/status/result/${callbackSecret}`,
          statusTimeoutUrl: `${api}/status/timeout/${callbackSecret}`,
        }
      : undefined,
    reversal: initiator
      ? {
          initiator,
          resultUrl: `${api}/reversal/result/${callbackSecret}`,
          timeoutUrl: `${api}/reversal/timeout/${callbackSecret}`,
        }
      : undefined,
  };
  const nominated = e.MPESA_PULL_NOMINATED_NUMBER
    ? normalizeKenyanPhone(e.MPESA_PULL_NOMINATED_NUMBER)
    : null;
  const pull = (nominatedNumber: string | null): MpesaConfig['pull'] =>
    common.c2b && nominatedNumber
      ? {
          // Daraja's Pull registration takes the local form, 07… or 01….
          nominatedNumber: `0${nominatedNumber.slice(-9)}`,
          sweepMs: Math.round(e.MPESA_PULL_SWEEP_MINUTES * 60_000),
          callbackUrl: common.c2b.confirmationUrl,
        }
      : undefined;
  if (
    e.MPESA_CONSUMER_KEY &&
    e.MPESA_CONSUMER_SECRET &&
    e.MPESA_SHORTCODE &&
    e.MPESA_PASSKEY &&
    e.MPESA_BASE_URL
  ) {
    return {
      ...common,
      mode: 'daraja',
      baseUrl: e.MPESA_BASE_URL.replace(/\/+$/, ''),
      consumerKey: e.MPESA_CONSUMER_KEY,
      consumerSecret: e.MPESA_CONSUMER_SECRET,
      shortcode: e.MPESA_SHORTCODE,
      passkey: e.MPESA_PASSKEY,
      partyB: e.MPESA_PARTY_B ?? e.MPESA_SHORTCODE,
      pull: pull(nominated),
    };
  }
  // No credentials: the built-in simulator (same protocol, served by this server) when allowed, else no STK push.
  return {
    ...common,
    mode: simulator ? 'simulator' : 'off',
    baseUrl: `${publicUrl}/mpesa-sim`,
    consumerKey: 'urembo-simulator-key',
    consumerSecret: 'urembo-simulator-secret',
    shortcode: SANDBOX_SHORTCODE,
    passkey: SANDBOX_PASSKEY,
    partyB: e.MPESA_PARTY_B ?? SANDBOX_SHORTCODE,
    // The simulator answers Pull too, for the number Safaricom's sandbox documents.
    pull: simulator ? pull(nominated ?? SANDBOX_NOMINATED_NUMBER) : undefined,
  };
}

function readOrCreateSecret(dataDir: string, name: string, minLength: number, shape?: RegExp): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= minLength && (!shape || shape.test(existing))) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
