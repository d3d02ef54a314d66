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
        shop: { phone: '254700000000', email: 'hello@urembo.co.ke', whatsapp: '254700000000' },
        mpesa: {
          // The demo's simulator plays the shop's own paybill: each order's reference is its account number.
          paybill: '174379',
          account: '',
          accountIsOrderReference: true,
          tillNumber: '5511223',
          tillName: 'UREMBO BEAUTY',
          // No Daraja credentials outside production: STK push goes to the built-in simulator.
          stkPush: true,
          simulator: true,
        },
        lowStockAt: 5,
        returnDays: 7,
        freeDeliveryFrom: null,
        // No Africa's Talking account: SMS, and so WhatsApp updates, go to the outbox.
        whatsappUpdates: true,
      });
    });
  },
  { env: { MPESA_PAYBILL: '111222' } },
);

describe('the payment destination', () => {
  it('is the fixed paybill and account without a paybill of the shop’s own, and the C2B one with it', async () => {
    const { paymentDestination } = await import('../src/modules/orders/payment-destination');
    const base = { DATA_DIR: dataDir(), NODE_ENV: 'production', MPESA_PAYBILL: '111222' };
    expect(paymentDestination(loadConfig(base), 'K7HX9QC')).toEqual({
      paybill: '111222',
      account: '484580',
      accountIsOrderReference: false,
    });
    const own = loadConfig({
      ...base,
      NODE_ENV: 'development',
      MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke',
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'p',
      MPESA_C2B_SHORTCODE: '600984',
    });
    expect(paymentDestination(own, 'K7HX9QC')).toEqual({
      paybill: '600984',
      account: 'K7HX9QC',
      accountIsOrderReference: true,
    });
  });
});
