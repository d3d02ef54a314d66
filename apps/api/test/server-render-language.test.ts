import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { describeEachDialect } from './support/test-app';

/*
 * Pages in Kiswahili: `?lang=sw` (kept in the `lang` cookie) or the cookie alone makes the server answer the page in
 * that language: `<html lang>`, the rendered screen's words, the head, and the catalogue the browser hydrates with.
 * These tests drive the real build (dist-ssr): `npm test` builds before it runs them.
 */
const webDist = path.resolve(import.meta.dirname, '../../web/dist');
const ssrBundle = path.resolve(webDist, '../dist-ssr/entry-server.js');
if (!existsSync(ssrBundle)) {
  throw new Error(
    `server-render-language.test.ts needs the built web app (${ssrBundle}): run \`npm run build\``,
  );
}

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = html.indexOf('<script type="application/json" id="urembo-state">');
  return end < 0 ? html.slice(start, html.indexOf('</div>', start)) : html.slice(start, end);
}

function catalogueOf(html: string): { lang: string; messages: Record<string, string> } {
  const match = /<script type="application\/json" id="i18n">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no catalogue in the page');
  return JSON.parse(match[1]!);
}

describeEachDialect(
  'pages in the shopper’s language',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ url, headers });

    it('renders the home page in Kiswahili for ?lang=sw and remembers the choice in a cookie for a year', async () => {
      const page = await get('/?lang=sw');
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/^<!doctype html>\s*<html lang="sw">/);
      const cookie = String(page.headers['set-cookie']);
      expect(cookie).toMatch(/^lang=sw;/);
      expect(cookie).toContain('Max-Age=31536000');
      expect(cookie).toContain('SameSite=Lax');
      const root = rootOf(page.body);
      // The header, the footer and the search field speak Kiswahili; their English words are not there.
      expect(root).toContain('Ruka hadi maudhui');
      expect(root).toContain('Tafuta bidhaa');
      expect(root).toContain('Bidhaa zote');
      expect(root).not.toContain('Skip to content');
      expect(root).not.toContain('All products');
      // The language switch: both languages, the page's own marked current.
      expect(root).toMatch(
        /<a href="\/\?lang=sw" hrefLang="sw" lang="sw" aria-current="true"[^>]*>Kiswahili<\/a>/,
      );
      expect(root).toMatch(/<a href="\/\?lang=en" hrefLang="en" lang="en"[^>]*>English<\/a>/);
      // The head and the catalogue the browser hydrates with are Swahili; the English catalogue is not in the page.
      expect(page.body).toContain('<title>Urembo · Bidhaa za urembo zinazoletwa kote Kenya</title>');
      expect(page.body.match(/<title>/g)).toHaveLength(1);
      const catalogue = catalogueOf(page.body);
      expect(catalogue.lang).toBe('sw');
      expect(catalogue.messages['nav.cart']).toBe('Kikapu');
      expect(page.body).not.toContain('"Skip to content"');
      // The page names its address in both languages.
      expect(page.body).toContain('<link rel="alternate" hreflang="en" href="http://localhost:3000/" />');
      expect(page.body).toContain(
        '<link rel="alternate" hreflang="sw" href="http://localhost:3000/?lang=sw" />',
      );
      expect(page.body).toContain(
        '<link rel="alternate" hreflang="x-default" href="http://localhost:3000/" />',
      );
    });

    it('answers in the cookie’s language, keeps one page per language, and English without either', async () => {
      const swahili = await get('/shop', { cookie: 'lang=sw' });
      expect(swahili.body).toMatch(/<html lang="sw">/);
      expect(rootOf(swahili.body)).toContain('Bidhaa zote');
      expect(swahili.headers['set-cookie']).toBeUndefined();
      const english = await get('/shop');
      expect(english.body).toMatch(/<html lang="en">/);
      expect(rootOf(english.body)).toContain('All products');
      expect(rootOf(english.body)).not.toContain('Bidhaa zote');
      expect(catalogueOf(english.body).lang).toBe('en');
      expect(english.headers.etag).not.toBe(swahili.headers.etag);
      // ?lang= wins over the cookie; an unknown language is ignored.
      const back = await get('/shop?lang=en', { cookie: 'lang=sw' });
      expect(back.body).toMatch(/<html lang="en">/);
      expect(String(back.headers['set-cookie'])).toMatch(/^lang=en;/);
      // A first visit from a phone set to Kiswahili gets the Kiswahili shop; the cookie, once chosen, wins.
      const phone = await get('/shop', { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' });
      expect(phone.body).toMatch(/<html lang="sw">/);
      expect(phone.headers['set-cookie']).toBeUndefined();
      const chosen = await get('/shop', { 'accept-language': 'sw-KE', cookie: 'lang=en' });
      expect(chosen.body).toMatch(/<html lang="en">/);
      const unknown = await get('/shop?lang=fr');
      expect(unknown.body).toMatch(/<html lang="en">/);
      expect(unknown.headers['set-cookie']).toBeUndefined();
    });

    it('gives a product page in Kiswahili its own canonical address and both alternates', async () => {
      const row = await createProduct(ctx(), { name: 'Baobab Hair Oil', price: 900, description: '' });
      const page = await get(`/product/${row.slug}?lang=sw`);
      expect(page.statusCode).toBe(200);
      expect(rootOf(page.body)).toContain('Baobab Hair Oil');
      const url = `http://localhost:3000/product/${row.slug}`;
      expect(page.body).toContain(`<link rel="canonical" href="${url}?lang=sw" />`);
      expect(page.body).toContain(`<link rel="alternate" hreflang="en" href="${url}" />`);
      expect(page.body).toContain(`<link rel="alternate" hreflang="sw" href="${url}?lang=sw" />`);
      expect(page.body).toContain('Ksh 900, tunaleta kote Kenya.');
      // An unknown product's head speaks the language too; a 404 names no alternates.
      const missing = await get('/product/no-such-thing?lang=sw');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<title>Ukurasa haupatikani · Urembo</title>');
      expect(missing.body).not.toContain('hreflang');
    });

    it('renders the storefront screens’ own words in Kiswahili, with no English left of them', async () => {
      const home = rootOf((await get('/?lang=sw')).body);
      for (const word of [
        'Urembo kwa ngozi ya Kikenya',
        'Nunua sasa',
        'Bidhaa zetu teule',
        'Kwa nini ununue kwetu',
      ])
        expect(home).toContain(word);
      for (const word of ['Beauty made for Kenyan skin', 'Shop now', 'Our Featured Products', 'Shipping'])
        expect(home).not.toContain(word);

      const row = await createProduct(ctx(), {
        name: 'Mafuta ya Nazi',
        price: 750,
        description: 'Cold-pressed.',
      });
      const product = await get(`/product/${row.slug}`, { cookie: 'lang=sw' });
      expect(product.statusCode).toBe(200);
      const page = rootOf(product.body);
      for (const word of [
        'Weka kikapuni',
        'Nunua sasa',
        'Agiza kwa WhatsApp',
        'Habari%20Urembo%2C%20ningependa%20kuagiza',
        'Maelezo',
        'Jinsi ya kutumia',
        'Tunaleta kaunti zote 47',
        'Bado hakuna maoni',
        'Maoni ya wateja',
      ])
        expect(page).toContain(word);
      for (const word of [
        'Add to cart',
        'Buy now',
        'Order on WhatsApp',
        'Hello%20Urembo',
        'Description',
        'How to use',
        'Delivery to all 47 counties',
        'No reviews yet',
        'Customer reviews',
      ])
        expect(page).not.toContain(word);
      // Its head too: the product's own name, the shop's words in Kiswahili.
      expect(product.body).toContain('<title>Mafuta ya Nazi · Urembo</title>');

      const shop = rootOf((await get('/shop?lang=sw')).body);
      expect(shop).toContain('Kila kitu dukani, mpya kwanza.');
      expect(shop).toContain('>Zote<');
      expect(shop).not.toContain('Everything in the shop');

      const none = rootOf((await get('/search?search=zzzqqq&lang=sw')).body);
      expect(none).toContain('Matokeo ya “zzzqqq”');
      expect(none).toContain('Hakuna bidhaa iliyopatikana kwa &quot;zzzqqq&quot;');
      expect(none).toContain('Angalia tahajia');
      expect(none).not.toContain('No products found');
      expect(none).not.toContain('Check the spelling');
      const found = rootOf((await get('/search?search=nazi&lang=sw')).body);
      expect(found).toContain('Bidhaa 1 imepatikana kwa &quot;nazi&quot;');

      const cart = await get('/cart', { cookie: 'lang=sw' });
      expect(cart.body).toMatch(/<html lang="sw">/);
      expect(rootOf(cart.body)).not.toMatch(/Your cart|Loading your cart/);
      expect(rootOf(cart.body)).toMatch(/Kikapu chako ni tupu|Inapakia kikapu chako/);
    });

    it('renders /returns in Kiswahili: its title, description, heading and every text of the page', async () => {
      const page = await get('/returns?lang=sw');
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<html lang="sw">/);
      // One title, the screen's, which the head's og:title repeats; the description in Kiswahili too.
      expect(page.body.match(/<title>[^<]*<\/title>/g)).toEqual([
        '<title>Kurudisha bidhaa na uhalisi · Urembo</title>',
      ]);
      expect(page.body).toContain(
        '<meta property="og:title" content="Kurudisha bidhaa na uhalisi · Urembo" />',
      );
      expect(page.body).toMatch(
        /<meta name="description" content="Rudisha bidhaa ndani ya siku 7 baada ya kufikishwa, na urejeshewe pesa kwa M-Pesa\./,
      );
      expect(page.body).toContain('<link rel="canonical" href="http://localhost:3000/returns?lang=sw" />');
      const root = rootOf(page.body);
      expect(root).toMatch(/<h1[^>]*>Kurudisha bidhaa na uhalisi<\/h1>/);
      for (const words of [
        'Kurudisha bidhaa ndani ya siku 7',
        '>Maagizo yangu</a>',
        '<strong class="text-ink">Rudisha bidhaa</strong>',
        'Jinsi pesa zako zinavyorudi',
        'Jinsi ya kujua bidhaa ni halisi',
        'Jumatatu–Jumamosi 8:00–19:00',
      ])
        expect(root).toContain(words);
      expect(root).toMatch(
        /hydroquinone<\/strong>(<[^>]+>)* au (<[^>]+>)*mercury<\/strong> \(pia huandikwa mercuric/,
      );
      for (const words of [
        'Returns and authenticity',
        'Returning items within',
        'My Orders',
        'How your money comes back',
        'also written',
        'Talk to us',
        'Mon–Sat',
      ])
        expect(page.body).not.toContain(words);

      // In English, the page is as it was.
      const english = await get('/returns?lang=en');
      expect(english.body).toContain('<title>Returns and authenticity · Urembo</title>');
      expect(rootOf(english.body)).toContain('Returning items within 7 days');
    });

    it('pages search engines do not list name no alternates', async () => {
      const search = await get('/search?search=oil&lang=sw');
      expect(search.body).toMatch(/<html lang="sw">/);
      expect(search.body).not.toContain('hreflang');
    });

    it('gives a signed-in shopper the plain app in their language, with its catalogue', async () => {
      const { cookie } = await signedInUser(ctx());
      const page = await get('/orders/pending', { cookie: `${cookie}; lang=sw` });
      expect(page.statusCode).toBe(200);
      expect(rootOf(page.body)).toBe('');
      expect(page.body).toMatch(/<html lang="sw">/);
      expect(catalogueOf(page.body).messages['nav.orders']).toBe('Maagizo');
      expect(page.body).toContain('<title>Urembo · Bidhaa za urembo zinazoletwa kote Kenya</title>');
    });
  },
  { env: { WEB_DIST: webDist, SHOP_WHATSAPP: '254711222333' } },
);
