import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@urembo/contract/public-config';
import { ConfigError, loadConfig } from '../src/config';
import { describeEachDialect } from './support/test-app';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'urembo-config-'));

describe('payment instruction settings', () => {
  it('default to the shop paybill, account, till number and till name', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).paymentInstructions).toEqual({
      paybill: '542542',
      account: '484580',
      tillNumber: '5511223',
      tillName: 'UREMBO BEAUTY',
    });
  });

  it('take overrides and name a bad value', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      MPESA_PAYBILL: ' 400200 ',
      MPESA_ACCOUNT: 'UREMBO-1',
      MPESA_TILL_NUMBER: '123456',
      MPESA_TILL_NAME: 'Urembo Westlands',
    });
    expect(c.paymentInstructions).toEqual({
      paybill: '400200',
      account: 'UREMBO-1',
      tillNumber: '123456',
      tillName: 'Urembo Westlands',
    });
    for (const [name, value] of [
      ['MPESA_PAYBILL', '54-2542'],
      ['MPESA_TILL_NUMBER', '12'],
      ['MPESA_ACCOUNT', 'has spaces in it'],
      ['MPESA_TILL_NAME', 'x'.repeat(61)],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value }), name).toThrow(`${name}:`);
    }
  });
});

describeEachDialect(
  'GET /config/public',
  (ctx) => {
    it('answers the configured payment instructions to anyone', async () => {
      const res = await ctx().app.inject({ url: '/api/v1/config/public' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(publicConfigSchema.parse(res.json())).toEqual({
        shop: { phone: '254700000000', email: 'hello@urembo.co.ke' },
        mpesa: {
          paybill: '111222',
          account: '484580',
          tillNumber: '5511223',
          tillName: 'UREMBO BEAUTY',
          // No Daraja credentials outside production: STK push goes to the built-in simulator.
          stkPush: true,
          simulator: true,
        },
      });
    });
  },
  { env: { MPESA_PAYBILL: '111222' } },
);
