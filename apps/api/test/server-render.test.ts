import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { signedInUser } from './support/auth';
import { createCategory, createProduct } from './support/catalogue-factories';
import { callApi, describeEachDialect } from './support/test-app';

/*
 * Storefront pages are rendered on the server for visitors (the built web app's dist-ssr bundle), kept as
 * bytes with an ETag under the catalogue's generation, and public catalogue answers are cached as JSON bytes with
 * ETag/304. These tests drive the real build: `npm test` builds before it runs them.
 */
const webDist = path.resolve(import.meta.dirname, '../../web/dist');
const ssrBundle = path.resolve(webDist, '../dist-ssr/entry-server.js');
if (!existsSync(ssrBundle)) {
  throw new Error(
    `server-render.test.ts needs the built web app (${ssrBundle}): run \`npm run build\` first`,
  );
}

/** What the server rendered inside <div id="root"> (empty for the plain app). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = html.indexOf('<script type="application/json" id="urembo-state">');
  return end < 0 ? html.slice(start, html.indexOf('</div>', start)) : html.slice(start, end);
}

function stateOf(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const match = /<script type="application\/json" id="urembo-state">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no server state in the page');
  return JSON.parse(match[1]!);
}

describeEachDialect(
  'server-rendered storefront pages and cached catalogue answers',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ url, headers });

    it('renders a product page for a visitor: its name, price and picture in the HTML, with the data to hydrate', async () => {
      const row = await createProduct(ctx(), {
        name: 'Hibiscus Lip Balm',
        price: 450,
        description: "Costs less than $' and $& in other shops",
      });
      const page = await get(`/product/${row.slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const root = rootOf(page.body);
      expect(root).toContain('Hibiscus Lip Balm');
      expect(root).toContain('450');
      // Text that looks like a replacement pattern is shown as written.
      expect(root).toContain('Costs less than $&#x27; and $&amp; in other shops');
      // The page's own styles are in the page (only the rules its HTML uses); the scripts and the whole stylesheet
      // start after the first paint (boot.js, with the product screen's chunk among those it loads); nothing runs
      // inline (CSP).
      const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
      expect(style).toMatch(/\.flex\{/);
      const boot =
        /<script src="\/boot\.js" defer data-entry="\/assets\/index-[^"]+\.js" data-chunks="[^"]*\/assets\/product-screen-[^"]+\.js[^"]*" data-css="(\/assets\/index-[^"]+\.css)"><\/script>/.exec(
          page.body,
        );
      expect(boot).not.toBeNull();
      const stylesheet = readFileSync(path.join(webDist, boot![1]!), 'utf8');
      expect(style.length).toBeLessThan(stylesheet.length * 0.7);
      // Tailwind's registered properties are all there (a stray ";" after one made the browser drop the next, and
      // borders and rings went missing until the whole stylesheet came), and so are the :where() rules (gaps).
      expect(style).not.toContain('};');
      expect(style).toContain('@property --tw-border-style');
      expect(style).toContain(':where(.space-y-3>:not(:last-child))');
      // Rules for what the page does not show stay in the stylesheet: the admin's picture upload field, say.
      expect(stylesheet).toContain('::file-selector-button');
      expect(style).not.toContain('::file-selector-button');
      expect(page.body).not.toMatch(/<link rel="stylesheet"/);
      expect(page.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
      const product = stateOf(page.body).queries.find((q) => q.queryKey[1] === 'product');
      expect(product?.state.data).toMatchObject({ name: 'Hibiscus Lip Balm', price: 450 });
      // The head tags for search engines are still there.
      expect(page.body).toContain('<title>Hibiscus Lip Balm');
    });

    it('titles a page as its screen does in the browser, so the title stays when the app starts', async () => {
      const row = await createProduct(ctx(), { name: 'Neem Face Wash', price: 800 });
      const product = await get(`/product/${row.slug}`);
      expect(product.body).toContain('<title>Neem Face Wash · Urembo</title>');
      expect(product.body.match(/<title>/g)).toHaveLength(1);
      // Pages without head tags of their own get the title their screen sets (not the home page's).
      for (const [url, title] of [
        ['/signin', 'Sign in · Urembo'],
        ['/signup', 'Sign up · Urembo'],
        ['/shop', 'Shop · Urembo'],
        ['/', 'Urembo · Beauty products delivered across Kenya'],
      ]) {
        const page = await get(url!);
        expect(page.body, url).toContain(`<title>${title}</title>`);
        expect(page.body.match(/<title>/g), url).toHaveLength(1);
      }
    });

    it('answers 304 to a browser holding the page, and a compressed page to one that takes brotli', async () => {
      const row = await createProduct(ctx(), { name: 'Tamarind Body Scrub', price: 1100 });
      const first = await get(`/product/${row.slug}`);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(`/product/${row.slug}`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const br = await get(`/product/${row.slug}`, { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    });

    it('shows an admin price change on the very next page view', async () => {
      const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
      const row = await createProduct(ctx(), { name: 'Kahawa Eye Cream', price: 2300 });
      const before = await get(`/product/${row.slug}`);
      expect(rootOf(before.body)).toContain('2,300');
      const put = await ctx().app.inject({
        method: 'PUT',
        url: `/api/v1/products/${row.id}`,
        headers: { cookie: admin },
        payload: { price: 2600 },
      });
      expect(put.statusCode, put.body).toBe(200);
      const after = await get(`/product/${row.slug}`, { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(rootOf(after.body)).toContain('2,600');
      expect(rootOf(after.body)).not.toContain('2,300');
    });

    it('draws a page again after a stock move only when a shopper would see it: "Only N left", "Out of stock"', async () => {
      const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
      const row = await createProduct(ctx(), { name: 'Tamarind Scrub', price: 1100 });
      const stock = async (change: number) => {
        const answer = await ctx().app.inject({
          method: 'POST',
          url: `/api/v1/products/${row.id}/stock`,
          headers: { cookie: admin },
          payload: { change },
        });
        expect(answer.statusCode, answer.body).toBe(200);
      };
      expect(
        (
          await ctx().app.inject({
            method: 'PUT',
            url: `/api/v1/products/${row.id}`,
            headers: { cookie: admin },
            payload: { stock: 40 },
          })
        ).statusCode,
      ).toBe(200);
      const first = await get(`/product/${row.slug}`);
      expect(rootOf(first.body)).not.toMatch(/Only (<!-- -->)?\d+(<!-- -->)? left/);
      // 40 to 39: the page looks the same, so it is the same page (not drawn again); the JSON has the new figure.
      await stock(-1);
      const same = await get(`/product/${row.slug}`);
      expect(same.headers.etag).toBe(first.headers.etag);
      expect((await get(`/api/v1/products/${row.slug}`)).json()).toMatchObject({ stock: 39 });
      // Down to 3: "Only 3 left"; then none: "Out of stock", on the very next view.
      await stock(-36);
      // React writes a comment between the text and the figure.
      expect(rootOf((await get(`/product/${row.slug}`)).body)).toMatch(/Only (<!-- -->)?3(<!-- -->)? left/);
      await stock(-3);
      const soldOut = await get(`/product/${row.slug}`);
      expect(rootOf(soldOut.body)).toContain('Out of stock');
      expect(soldOut.body).toContain('https://schema.org/OutOfStock');
    });

    it('renders the shop for one category, and search results, from the query string', async () => {
      const category = await createCategory(ctx(), { name: 'Nail Care' });
      await createProduct(ctx(), { name: 'Cuticle Oil Pen', price: 350, categoryId: category.id });
      const shop = await get(`/shop?category=${category.id}`);
      expect(shop.statusCode).toBe(200);
      expect(rootOf(shop.body)).toContain('Cuticle Oil Pen');
      const search = await get('/search?search=cuticle');
      expect(rootOf(search.body)).toContain('Cuticle Oil Pen');
    });

    it('renders a product page on the variant its link names (?variant=sku), the canonical address left as it is', async () => {
      const { cookie: admin } = await signedInUser(ctx(), { role: 'admin' });
      const created = await callApi(ctx(), 'POST', '/products', admin, {
        name: 'Silk Day Cream',
        options: [{ name: 'Size', values: ['30 ml', '50 ml', '100 ml'] }],
        variants: [
          { sku: 'SDC-30', options: { Size: '30 ml' }, price: 1200, stock: 5 },
          { sku: 'SDC-50', options: { Size: '50 ml' }, price: 1800, stock: 4 },
          { sku: 'SDC-100', options: { Size: '100 ml' }, price: 3200, compareAtPrice: 3600, stock: 0 },
        ],
      });
      expect(created.statusCode, created.body).toBe(201);
      const slug = created.json().slug as string;
      const priceOf = (html: string) =>
        (/data-testid="price">([\s\S]*?)<\/p>/.exec(rootOf(html))?.[1] ?? '').replace(/<[^>]+>/g, ' ');
      const plain = await get(`/product/${slug}`);
      expect(priceOf(plain.body)).toContain('Ksh 1,200');
      const fifty = await get(`/product/${slug}?variant=SDC-50&utm_source=whatsapp`);
      expect(fifty.statusCode).toBe(200);
      expect(priceOf(fifty.body)).toContain('Ksh 1,800');
      expect(fifty.headers.etag).not.toBe(plain.headers.etag);
      // A SKU in any case, a sold-out size too: its earlier price and "Out of stock".
      const hundred = await get(`/product/${slug}?variant=sdc-100`);
      expect(priceOf(hundred.body)).toContain('Ksh 3,200');
      expect(priceOf(hundred.body)).toContain('Ksh 3,600');
      expect(rootOf(hundred.body)).toContain('Out of stock');
      // One address for search engines, whichever variant is drawn.
      const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical(fifty.body)).toBe(canonical(plain.body));
      expect(canonical(fifty.body)).not.toContain('variant');
      expect(fifty.body).not.toMatch(/hreflang="[^"]+" href="[^"]*variant=/);
      // A SKU the product does not sell draws its first variant in stock.
      expect(priceOf((await get(`/product/${slug}?variant=NOPE-1`)).body)).toContain('Ksh 1,200');
      // Other pages do not read it.
      const shop = await get('/shop');
      expect((await get('/shop?variant=SDC-50')).headers.etag).toBe(shop.headers.etag);
    });

    it('keeps one page per screen and the parameters it reads: made-up parameters do not make new pages', async () => {
      const shop = await get('/shop?page=1');
      const tagged = await get('/shop?utm_source=sms&page=1&x=1');
      expect(tagged.statusCode).toBe(200);
      expect(tagged.headers.etag).toBe(shop.headers.etag);
      const slashed = await get('/shop/?page=1');
      expect(rootOf(slashed.body)).not.toBe('');
      expect(slashed.headers.etag).toBe(shop.headers.etag);
      const other = await get('/shop?page=2');
      expect(other.headers.etag).not.toBe(shop.headers.etag);
    });

    it('gives a signed-in shopper the plain app (their pages hold their own data)', async () => {
      const { cookie } = await signedInUser(ctx());
      const page = await get('/cart', { cookie });
      expect(page.statusCode).toBe(200);
      expect(rootOf(page.body)).toBe('');
      expect(page.body).not.toContain('urembo-state');
    });

    it("renders a visitor's cart empty, unless her browser says it keeps one: then her browser draws it", async () => {
      const empty = await get('/cart');
      expect(empty.statusCode).toBe(200);
      expect(rootOf(empty.body)).toContain('Your cart is empty');
      expect(rootOf(empty.body)).not.toContain('Loading your cart');
      const kept = await get('/cart', { cookie: 'urembo_cart=1' });
      expect(kept.statusCode).toBe(200);
      expect(rootOf(kept.body)).toBe('');
      expect(kept.body).not.toContain('urembo-state');
      // Only the cart's page is hers: the others are the same for every visitor.
      const shop = await get('/shop', { cookie: 'urembo_cart=1' });
      expect(rootOf(shop.body)).not.toBe('');
    });

    it("does not hand out the build's own records (the manifest and the critical-CSS plan)", async () => {
      for (const url of ['/.vite/manifest.json', '/.vite/critical-css.json']) {
        const answer = await get(url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.body, url).not.toContain('"file"');
      }
    });

    it('serves an unknown product as the plain app with 404 (no error screen is rendered or kept)', async () => {
      const page = await get('/product/no-such-product');
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('noindex');
      expect(rootOf(page.body)).toBe('');
      expect(page.body).not.toContain('urembo-state');
    });

    it('keeps one answer per read and its parameters: order, defaults and made-up parameters make no new ones', async () => {
      await createProduct(ctx(), { name: 'Neem Hair Oil', isFeatured: true });
      const answers = ctx().app.caches.answers;
      const first = await get('/api/v1/products/featuredandnew?page=1&limit=10');
      expect(first.statusCode).toBe(200);
      const kept = answers.size;
      for (const url of [
        '/api/v1/products/featuredandnew?limit=10&page=1',
        '/api/v1/products/featuredandnew?limit=10',
        '/api/v1/products/featuredandnew?page=1&limit=10&utm_source=sms&x=1',
      ]) {
        const again = await get(url);
        expect(again.statusCode, url).toBe(200);
        expect(again.body, url).toBe(first.body);
      }
      expect(answers.size).toBe(kept);
      expect((await get('/api/v1/products/featuredandnew?page=2&limit=10')).statusCode).toBe(200);
      expect(answers.size).toBe(kept + 1);
    });

    it('answers public catalogue reads with an ETag and 304, and a new tag after a write', async () => {
      const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
      const row = await createProduct(ctx(), { name: 'Moringa Face Mist', price: 700 });
      const first = await get(`/api/v1/products/${row.slug}`);
      const etag = String(first.headers.etag);
      expect(first.json().price).toBe(700);
      expect((await get(`/api/v1/products/${row.slug}`, { 'if-none-match': etag })).statusCode).toBe(304);
      await ctx().app.inject({
        method: 'PUT',
        url: `/api/v1/products/${row.id}`,
        headers: { cookie: admin },
        payload: { price: 750 },
      });
      const after = await get(`/api/v1/products/${row.slug}`, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.json().price).toBe(750);
      expect(after.headers.etag).not.toBe(etag);
    });
  },
  { env: { WEB_DIST: webDist } },
);
