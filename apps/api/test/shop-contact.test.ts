import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@urembo/contract/public-config';
import { ConfigError, loadConfig } from '../src/config';
import { describeEachDialect } from './support/test-app';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'urembo-shop-contact-'));

describe('shop contact settings', () => {
  it('default to a shop number that is not a demo account and the shop address', () => {
    const { shop } = loadConfig({ DATA_DIR: dataDir() });
    // The shop's WhatsApp is its phone unless SHOP_WHATSAPP says otherwise.
    expect(shop).toEqual({ phone: '254700000000', email: 'hello@urembo.co.ke', whatsapp: '254700000000' });
    // The demo customer signs in with 0712 345 678: the footer once showed that number as the shop's.
    expect(shop.phone).not.toBe('254712345678');
  });

  it('take any way of writing a Kenyan mobile number and name a bad value', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      SHOP_PHONE: '+254 722 000 111',
      SHOP_EMAIL: 'Care@Urembo.KE',
    });
    expect(c.shop).toEqual({ phone: '254722000111', email: 'care@urembo.ke', whatsapp: '254722000111' });
    for (const [name, value] of [
      ['SHOP_PHONE', '020 123 4567'],
      ['SHOP_PHONE', 'call us'],
      ['SHOP_EMAIL', 'not-an-address'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value }), value).toThrow(`${name}:`);
    }
  });
});

describeEachDialect(
  'GET /config/public: shop contact',
  (ctx) => {
    it('tells the storefront the configured phone and email', async () => {
      const res = await ctx().app.inject({ url: '/api/v1/config/public' });
      expect(res.statusCode).toBe(200);
      expect(publicConfigSchema.parse(res.json()).shop).toEqual({
        phone: '254733123456',
        email: 'orders@urembo.example',
        whatsapp: '254733123456',
      });
    });

    it("gives the demo's test phone page an icon, so the browser does not ask for a missing /favicon.ico", async () => {
      const res = await ctx().app.inject({ url: '/dev/phone' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg%20xmlns/);
    });
  },
  { env: { SHOP_PHONE: '0733 123 456', SHOP_EMAIL: 'orders@urembo.example' } },
);
