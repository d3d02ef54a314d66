import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseLocation } from '../src/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'urembo-config-'));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
    expect(c.logLevel).toBe('info');
    expect(c.admin).toBeUndefined();
  });

  it('seeds demo data by default only outside production', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'development', SEED_DEMO: 'no' }).seedDemo).toBe(false);
  });

  it('reads TRUST_PROXY as off, one proxy, a hop count or the proxies addresses', () => {
    const dir = dataDir();
    const trust = (v: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: v }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.1, nginx')).toThrow(/TRUST_PROXY/);
  });

  it('reads how often the message queue polls, under its older name too', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).messagePollMs).toBe(2000);
    expect(loadConfig({ DATA_DIR: dir, MESSAGE_POLL_MS: '500' }).messagePollMs).toBe(500);
    expect(loadConfig({ DATA_DIR: dir, ORDER_SMS_POLL_MS: '700' }).messagePollMs).toBe(700);
    expect(() => loadConfig({ DATA_DIR: dir, MESSAGE_POLL_MS: '10' })).toThrow(/MESSAGE_POLL_MS/);
  });

  it('tells the backup commands where the database is, creating no secret', () => {
    const dir = dataDir();
    expect(loadDatabaseLocation({ DATA_DIR: dir })).toEqual({ dataDir: dir, databaseUrl: undefined });
    expect(loadDatabaseLocation({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe(
      'postgres://u@h/db',
    );
    expect(() => loadDatabaseLocation({ DATABASE_URL: 'mysql://h/db' })).toThrow(/DATABASE_URL/);
    expect(existsSync(path.join(dir, 'session-secret'))).toBe(false);
  });

  it('generates the session secret once into DATA_DIR and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ ADMIN_PHONE: '0712345678' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PHONE: '12345', ADMIN_PASSWORD: 'long-enough-pw' }, 'ADMIN_PHONE'],
    [{ ADMIN_PHONE: '0712345678', ADMIN_PASSWORD: 'long-enough-pw', ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'Urembo <not an address>' }, 'MAIL_FROM'],
    [{ AT_USERNAME: 'urembo' }, 'AT_API_KEY'],
    [{ AT_API_KEY: 'key' }, 'AT_USERNAME'],
    [{ AT_USERNAME: 'u', AT_API_KEY: 'k', AT_BASE_URL: 'ftp://x' }, 'AT_BASE_URL'],
    [{ AT_USERNAME: 'u', AT_API_KEY: 'k', AT_SENDER_ID: 'MUCH-TOO-LONG-ID' }, 'AT_SENDER_ID'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
  ])('names the variable of a bad value %j', (env, variable) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`${variable}:`);
  });

  it('normalises the admin phone and email', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_PHONE: '0712 345 678',
      ADMIN_EMAIL: 'Boss@Urembo.CO.KE',
      ADMIN_PASSWORD: 'a-strong-admin-pass',
    });
    expect(c.admin).toEqual({
      phone: '254712345678',
      email: 'boss@urembo.co.ke',
      password: 'a-strong-admin-pass',
    });
  });

  it('defaults mail, SMS and rate limits to the outbox and memory', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.mail).toEqual({ smtpUrl: undefined, from: 'Urembo <no-reply@urembo.co.ke>' });
    expect(c.sms).toBeUndefined();
    expect(c.redis).toBeUndefined();
  });

  it('reads SMTP, Africa’s Talking and Redis settings', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'Urembo Beauty <hello@urembo.co.ke>',
      AT_USERNAME: 'urembo',
      AT_API_KEY: 'atsk_123',
      AT_SENDER_ID: 'UREMBO',
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REDIS_KEY_PREFIX: 'shop1:',
    });
    expect(c.mail).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      from: 'Urembo Beauty <hello@urembo.co.ke>',
    });
    expect(c.sms).toEqual({
      username: 'urembo',
      apiKey: 'atsk_123',
      baseUrl: 'https://api.africastalking.com',
      senderId: 'UREMBO',
    });
    expect(c.redis).toEqual({ url: 'redis://127.0.0.1:6379/2', keyPrefix: 'shop1:' });
    const sandbox = loadConfig({
      DATA_DIR: dataDir(),
      AT_USERNAME: 'sandbox',
      AT_API_KEY: 'k',
      AT_BASE_URL: 'https://api.sandbox.africastalking.com/',
      MAIL_FROM: 'hello@urembo.co.ke',
    });
    expect(sandbox.sms?.baseUrl).toBe('https://api.sandbox.africastalking.com');
    expect(sandbox.mail.from).toBe('hello@urembo.co.ke');
  });

  it('reads the stock settings and names a bad value', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).stock).toEqual({
      unpaidOrderHoldHours: 48,
      sweepSeconds: 300,
      stkGraceMinutes: 10,
      lowStockAt: 5,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        UNPAID_ORDER_HOLD_HOURS: '0.002',
        UNPAID_ORDER_SWEEP_SECONDS: '0',
        MPESA_STK_GRACE_MINUTES: '0.5',
        LOW_STOCK_AT: '12',
      }).stock,
    ).toEqual({ unpaidOrderHoldHours: 0.002, sweepSeconds: 0, stkGraceMinutes: 0.5, lowStockAt: 12 });
    for (const [name, value] of [
      ['UNPAID_ORDER_HOLD_HOURS', '0'],
      ['UNPAID_ORDER_HOLD_HOURS', 'two days'],
      ['UNPAID_ORDER_SWEEP_SECONDS', '-1'],
      ['MPESA_STK_GRACE_MINUTES', '-1'],
      ['LOW_STOCK_AT', '2.5'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value }), `${name}=${value}`).toThrow(
        `${name}:`,
      );
    }
  });

  it('accepts a PostgreSQL URL', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });
});
