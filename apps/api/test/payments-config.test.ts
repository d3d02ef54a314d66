import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, SANDBOX_PASSKEY, loadConfig, simulatorIsMounted } from '../src/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'urembo-mpesa-config-'));

const CREDENTIALS = {
  MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke/',
  MPESA_CONSUMER_KEY: 'key',
  MPESA_CONSUMER_SECRET: 'secret',
  MPESA_SHORTCODE: '174379',
  MPESA_PASSKEY: SANDBOX_PASSKEY,
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error('expected a configuration error');
}

describe('M-Pesa configuration', () => {
  it('runs the built-in simulator when no credentials are set (outside production)', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir, PORT: '4000' });
    expect(c.mpesa.mode).toBe('simulator');
    expect(c.mpesa.baseUrl).toBe('http://localhost:4000/mpesa-sim');
    expect(c.mpesa.shortcode).toBe('174379');
    expect(c.mpesa.passkey).toBe(SANDBOX_PASSKEY);
    expect(c.mpesa.partyB).toBe('174379');
    expect(c.mpesa.transactionType).toBe('CustomerPayBillOnline');
    expect(c.paymentInstructions).toEqual({
      paybill: '542542',
      account: '484580',
      tillNumber: '5511223',
      tillName: 'UREMBO BEAUTY',
    });
    // The callback secret is generated once into DATA_DIR and reused.
    const secret = c.mpesa.callbackSecret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(readFileSync(path.join(dir, 'mpesa-callback-secret'), 'utf8').trim()).toBe(secret);
    expect(loadConfig({ DATA_DIR: dir }).mpesa.callbackSecret).toBe(secret);
    expect(c.mpesa.callbackUrl).toBe(`http://localhost:4000/api/v1/m-pesa/callback/${secret}`);
  });

  it('turns STK push off in production without credentials', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).mpesa.mode).toBe('off');
  });

  it('sets up Pull Transactions with credentials, the paybill and a nominated number, and names what is wrong', () => {
    const base = { DATA_DIR: dataDir(), ...CREDENTIALS, MPESA_C2B_SHORTCODE: '600984' };
    expect(loadConfig(base).mpesa.pull).toBeUndefined();
    const c = loadConfig({
      ...base,
      MPESA_PULL_NOMINATED_NUMBER: '254722000000',
      MPESA_PULL_SWEEP_MINUTES: '2.5',
    });
    expect(c.mpesa.pull).toEqual({
      nominatedNumber: '0722000000',
      sweepMs: 150_000,
      callbackUrl: c.mpesa.c2b!.confirmationUrl,
    });
    expect(loadConfig({ ...base, MPESA_PULL_NOMINATED_NUMBER: '0110000000' }).mpesa.pull?.sweepMs).toBe(
      900_000,
    );
    expect(problemsOf({ ...CREDENTIALS, MPESA_PULL_NOMINATED_NUMBER: '0722000000' })).toContain(
      'MPESA_C2B_SHORTCODE: is required when MPESA_PULL_NOMINATED_NUMBER is set',
    );
    expect(problemsOf({ MPESA_PULL_NOMINATED_NUMBER: '12345' })).toContain('MPESA_PULL_NOMINATED_NUMBER:');
    expect(problemsOf({ MPESA_PULL_SWEEP_MINUTES: '-1' })).toContain('MPESA_PULL_SWEEP_MINUTES:');
    expect(problemsOf({ MPESA_PULL_SWEEP_MINUTES: 'often' })).toContain('MPESA_PULL_SWEEP_MINUTES:');
    expect(problemsOf({ MPESA_PULL_SWEEP_MINUTES: '2000' })).toContain('MPESA_PULL_SWEEP_MINUTES:');
  });

  it('serves the simulator only off production, without credentials, on this machine or when asked (fails closed)', () => {
    const mounted = (env: Record<string, string>) => {
      const c = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development', ...env });
      expect(c.mpesa.mode === 'simulator').toBe(simulatorIsMounted(c));
      return simulatorIsMounted(c);
    };
    // PUBLIC_URL unset: http://localhost:PORT.
    expect(mounted({})).toBe(true);
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.4.5.6',
      'http://[::1]:3000',
    ]) {
      expect(mounted({ PUBLIC_URL: url }), url).toBe(true);
    }
    for (const url of [
      'https://urembo.co.ke',
      'http://192.168.1.20:3000',
      'http://localhost.example.com',
      'http://0.0.0.0:3000',
    ]) {
      expect(mounted({ PUBLIC_URL: url }), url).toBe(false);
    }
    expect(mounted({ PUBLIC_URL: 'https://demo.example.com', MPESA_SIMULATOR: 'true' })).toBe(true);
    expect(mounted({ MPESA_SIMULATOR: 'false' })).toBe(false);
    expect(mounted({ NODE_ENV: 'production', MPESA_SIMULATOR: 'true' })).toBe(false);
    expect(mounted({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toBe(false);
    expect(mounted({ ...CREDENTIALS, MPESA_SIMULATOR: 'true' })).toBe(false);
    expect(mounted({ ...CREDENTIALS })).toBe(false);
    // Without the simulator there is no demo paybill or initiator either: the shop's own paybill or none.
    const closed = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://urembo.co.ke' });
    expect(closed.mpesa.mode).toBe('off');
    expect(closed.mpesa.c2b).toBeUndefined();
    expect(problemsOf({ MPESA_SIMULATOR: 'maybe' })).toContain('MPESA_SIMULATOR:');
  });

  it('uses Daraja with a full set of credentials', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://shop.example.co.ke',
      MPESA_CALLBACK_SECRET: 'a-very-long-callback-secret-123',
      MPESA_TRANSACTION_TYPE: 'CustomerBuyGoodsOnline',
      MPESA_PARTY_B: '5511223',
      ...CREDENTIALS,
    });
    expect(c.mpesa).toMatchObject({
      mode: 'daraja',
      baseUrl: 'https://sandbox.safaricom.co.ke',
      consumerKey: 'key',
      shortcode: '174379',
      partyB: '5511223',
      transactionType: 'CustomerBuyGoodsOnline',
      callbackUrl: 'https://shop.example.co.ke/api/v1/m-pesa/callback/a-very-long-callback-secret-123',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...CREDENTIALS }).mpesa.partyB).toBe('174379');
  });

  it.each(Object.keys(CREDENTIALS))('refuses a partial set of credentials without %s', (missing) => {
    const env: Record<string, string> = { ...CREDENTIALS };
    delete env[missing];
    expect(problemsOf(env)).toContain(`${missing}: is required when`);
  });

  it('names the variable of a bad M-Pesa value', () => {
    expect(problemsOf({ MPESA_TRANSACTION_TYPE: 'Paybill' })).toContain('MPESA_TRANSACTION_TYPE:');
    expect(problemsOf({ MPESA_SHORTCODE: '12' })).toContain('MPESA_SHORTCODE:');
    expect(problemsOf({ MPESA_PAYBILL: 'abc' })).toContain('MPESA_PAYBILL:');
    expect(problemsOf({ MPESA_CALLBACK_SECRET: 'short' })).toContain('MPESA_CALLBACK_SECRET:');
    expect(problemsOf({ MPESA_TIMEOUT_MS: '5' })).toContain('MPESA_TIMEOUT_MS:');
    expect(problemsOf({ MPESA_BASE_URL: 'ftp://x' })).toContain('MPESA_BASE_URL:');
  });

  it('checks an explicit callback URL: ends with the secret, no "mpesa", HTTPS in production', () => {
    const secret = 'a-very-long-callback-secret-123';
    expect(problemsOf({ MPESA_CALLBACK_URL: 'https://x.example/cb/abc' })).toContain(
      'MPESA_CALLBACK_SECRET: is required',
    );
    expect(
      problemsOf({
        MPESA_CALLBACK_URL: 'https://x.example/cb/other-secret-0000000000000',
        MPESA_CALLBACK_SECRET: secret,
      }),
    ).toContain('MPESA_CALLBACK_URL: its last path segment must be MPESA_CALLBACK_SECRET');
    expect(
      problemsOf({
        MPESA_CALLBACK_URL: `https://mpesa.example/api/v1/payments/stk-callback/${secret}`,
        MPESA_CALLBACK_SECRET: secret,
      }),
    ).toContain('must not contain "mpesa" or "safaricom"');
    expect(
      problemsOf({
        NODE_ENV: 'production',
        MPESA_CALLBACK_URL: `http://tunnel.example/api/v1/payments/stk-callback/${secret}`,
        MPESA_CALLBACK_SECRET: secret,
        ...CREDENTIALS,
      }),
    ).toContain('MPESA_CALLBACK_URL: must be an https:// URL in production');
    const ok = loadConfig({
      DATA_DIR: dataDir(),
      MPESA_CALLBACK_URL: `https://abc.tunnel.example/api/v1/payments/stk-callback/${secret}`,
      MPESA_CALLBACK_SECRET: secret,
      ...CREDENTIALS,
    });
    expect(ok.mpesa.callbackUrl).toBe(`https://abc.tunnel.example/api/v1/payments/stk-callback/${secret}`);
  });
});
