import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartPage } from '../src/features/cart/screens/cart-page';
import { GUEST_CART_KEY } from '../src/features/cart/guest-cart';
import { whatsappOrderHref, whatsappOrderText } from '../src/components/order-on-whatsapp';
import { product, publicConfig, signedOut } from './support/fixtures';
import './support/match-media';
import { mockApi } from './support/mock-api';
import { renderAt } from './render';
import { createTranslator } from '../src/i18n/i18n';
import { en as enMessages } from '../src/i18n/catalogues/en';
import { sw as swMessages } from '../src/i18n/catalogues/sw';

const en = createTranslator('en', enMessages);
const sw = createTranslator('sw', swMessages);

describe('Order on WhatsApp', () => {
  it("writes each line with its shade or size, count and price, and the total, for the shop's number", () => {
    const lines = [
      { name: 'Matte Lipstick', options: { Shade: 'Mocha', Size: '4 g' }, count: 2, price: 1200 },
      { name: 'Shea Butter & Honey', options: null, count: 1, price: 850 },
    ];
    expect(whatsappOrderText(en, lines, 3250)).toBe(
      [
        'Hello Urembo, I would like to order:',
        '- Matte Lipstick (Shade: Mocha, Size: 4 g) x 2: Ksh 2,400',
        '- Shea Butter & Honey x 1: Ksh 850',
        'Total: Ksh 3,250',
      ].join('\n'),
    );
    const href = whatsappOrderHref(en, '254711222333', lines, 3250);
    expect(href.startsWith('https://wa.me/254711222333?text=')).toBe(true);
    expect(decodeURIComponent(href.split('?text=')[1]!)).toBe(whatsappOrderText(en, lines, 3250));
    // The ampersand and new lines are encoded: the text cannot end early or break the link.
    expect(href.split('?text=')[1]).not.toMatch(/[ &\n]/);
  });

  it('writes the message in the page’s language; the lines keep the shop’s names and Ksh', () => {
    const lines = [{ name: 'Matte Lipstick', options: { Shade: 'Mocha' }, count: 2, price: 1200 }];
    expect(whatsappOrderText(sw, lines, 2400)).toBe(
      [
        'Habari Urembo, ningependa kuagiza:',
        '- Matte Lipstick (Shade: Mocha) x 2: Ksh 2,400',
        'Jumla: Ksh 2,400',
      ].join('\n'),
    );
  });

  it("the cart sends what can be bought to the shop's WhatsApp number", async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        { productId: 'p1', count: 2 },
        { productId: 'p2', count: 1 },
      ]),
    );
    mockApi({
      ...signedOut,
      'GET /config/public': () => ({
        body: { ...publicConfig(), shop: { ...publicConfig().shop, whatsapp: '254711222333' } },
      }),
      'GET /products/p1': () => ({ body: product() }),
      'GET /products/p2': () => ({
        body: product({ _id: 'p2', slug: 'old-balm', name: 'Old Balm', price: 500, status: 'inactive' }),
      }),
    });
    renderAt(<CartPage />, '/cart');
    const link = await screen.findByRole('link', { name: 'Order on WhatsApp' });
    const href = link.getAttribute('href')!;
    expect(href.startsWith('https://wa.me/254711222333?text=')).toBe(true);
    const text = decodeURIComponent(href.split('?text=')[1]!);
    expect(text).toContain('- Vitamin C Serum x 2: Ksh 3,600');
    expect(text).not.toContain('Old Balm');
    expect(text).toContain('Total: Ksh 3,600');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
