import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/lib/html';
import { jsonForScript } from '@urembo/contract/text';
import { SITEMAP_PAGE_SIZE } from '../src/modules/catalogue/seo';
import { withHead } from '../src/web/static';
import { signedInUser } from './support/auth';
import { createCategory, createProduct, imageDataUrl } from './support/catalogue-factories';
import { describeEachDialect } from './support/test-app';

// A stand-in for the built web app's index.html (the real one has the same head block and defaults).
const webDist = mkdtempSync(path.join(tmpdir(), 'urembo-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><meta charset="UTF-8" />
    <!--app-head-->
    <title>Urembo · Beauty products delivered across Kenya</title>
    <meta
      name="description"
      content="Skin care, make-up, hair care and fragrance, delivered across Kenya."
    />
    <!--/app-head-->
  </head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`,
);

function jsonLdOf(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
}

function metaContent(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const m = new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m?.[1];
}

describe('escaping helpers', () => {
  it('escapes HTML and keeps JSON-LD inside its script block', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const json = jsonForScript({ name: '</script><script>alert(1)</script>&\u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>&\u2028' });
  });

  it('drops the default title and description when a page brings its own', () => {
    const html =
      '<head><!--app-head--><title>Default</title><meta name="description" content="d" /><!--/app-head--></head>';
    expect(withHead(html, '<title>Mine</title>')).toBe(
      '<head><title>Mine</title><meta name="description" content="d" /></head>',
    );
    expect(withHead(html, '<title>T</title><meta name="description" content="x" />')).toBe(
      '<head><title>T</title><meta name="description" content="x" /></head>',
    );
  });
});

describeEachDialect(
  'product pages for search engines',
  (ctx) => {
    let product: Awaited<ReturnType<typeof createProduct>>;
    let nasty: { _id: string; slug: string; images: string[] };
    let hidden: Awaited<ReturnType<typeof createProduct>>;
    let category: { id: string; name: string };

    beforeAll(async () => {
      category = await createCategory(ctx(), { name: 'Skin Care' });
      product = await createProduct(ctx(), {
        name: 'Rose Water Toner',
        slug: 'rose-water-toner',
        price: 1250,
        description: 'A gentle toner made with pure rose water.\nAlcohol free.',
        categoryId: category.id,
      });
      const admin = await signedInUser(ctx(), { role: 'admin' });
      const created = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/products/',
        headers: { cookie: admin.cookie },
        payload: {
          name: `Glow </script><script>alert(1)</script> "Oil" & <b>more</b>`,
          price: 2500,
          description: `Says "hi" <img src=x onerror=alert(1)>`,
          images: [await imageDataUrl('png')],
        },
      });
      nasty = created.json();
      hidden = await createProduct(ctx(), {
        name: 'Retired Balm',
        status: 'inactive',
        rating: 4.3,
        reviewCount: 12,
      });
    });

    const page = (url: string) => ctx().app.inject({ method: 'GET', url });

    it('puts the title, description, canonical URL, Open Graph and JSON-LD into /product/{slug}', async () => {
      const res = await page('/product/rose-water-toner');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain('<title>Rose Water Toner · Urembo</title>');
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(metaContent(html, 'name', 'description')).toBe(
        'A gentle toner made with pure rose water. Alcohol free.',
      );
      expect(html).toContain(
        '<link rel="canonical" href="http://localhost:3000/product/rose-water-toner" />',
      );
      expect(metaContent(html, 'property', 'og:type')).toBe('product');
      expect(metaContent(html, 'property', 'og:title')).toBe('Rose Water Toner');
      expect(metaContent(html, 'property', 'og:url')).toBe('http://localhost:3000/product/rose-water-toner');
      expect(metaContent(html, 'property', 'og:description')).toBe(
        'A gentle toner made with pure rose water. Alcohol free.',
      );
      expect(jsonLdOf(html)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Rose Water Toner',
        image: [],
        description: 'A gentle toner made with pure rose water. Alcohol free.',
        sku: product.id,
        category: 'Skin Care',
        brand: { '@type': 'Brand', name: 'Urembo' },
        offers: {
          '@type': 'Offer',
          priceCurrency: 'KES',
          price: '1250',
          availability: 'https://schema.org/InStock',
          url: 'http://localhost:3000/product/rose-water-toner',
        },
      });
      // The id works too; the canonical URL names the slug.
      const byId = await page(`/product/${product.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.body).toContain(
        '<link rel="canonical" href="http://localhost:3000/product/rose-water-toner" />',
      );
    });

    it('escapes everything a product name or description could smuggle in', async () => {
      const res = await page(`/product/${nasty.slug}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      // Exactly one script block of JSON-LD plus the app's own module script, and no injected tags.
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<b>more');
      expect(html).toContain(
        '<title>Glow &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Oil&quot; &amp; &lt;b&gt;more&lt;/b&gt; · Urembo</title>',
      );
      const ld = jsonLdOf(html);
      expect(ld.name).toBe(`Glow </script><script>alert(1)</script> "Oil" & <b>more</b>`);
      expect(ld.image).toEqual([`http://localhost:3000${nasty.images[0]}`]);
      expect(metaContent(html, 'property', 'og:image')).toBe(`http://localhost:3000${nasty.images[0]}`);
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    });

    it('marks an inactive product out of stock (not indexed) and shows ratings only when reviewed', async () => {
      const res = await page(`/product/${hidden.slug}`);
      expect(res.statusCode).toBe(200);
      const ld = jsonLdOf(res.body) as { offers: { availability: string }; aggregateRating?: unknown };
      expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
      expect(ld.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: 4.3,
        reviewCount: 12,
        bestRating: 5,
        worstRating: 1,
      });
      expect(metaContent(res.body, 'name', 'robots')).toBe('noindex');
      expect(jsonLdOf((await page('/product/rose-water-toner')).body).aggregateRating).toBeUndefined();
    });

    it('answers 404 for an unknown product slug, with the not-found title', async () => {
      for (const url of ['/product/no-such-thing', '/product/%3Cscript%3E']) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toContain('<title>Page Not Found · Urembo</title>');
        expect(res.body).toContain('<div id="root"></div>');
      }
      // Other pages keep the shop-wide defaults.
      const home = await page('/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<title>Urembo · Beauty products delivered across Kenya</title>');
    });

    it('answers /returns with its own title, a description naming the return window, and its canonical URL', async () => {
      for (const url of ['/returns', '/returns/']) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Returns and authenticity · Urembo</title>');
        expect(res.body.match(/<title>/g)).toHaveLength(1);
        expect(metaContent(res.body, 'name', 'description')).toMatch(
          /^Return items within 7 days of delivery/,
        );
        expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/returns" />');
      }
      expect((await page('/returns/more')).statusCode).toBe(404);
      // In Kiswahili: its title, description and address in that language.
      const swahili = await page('/returns?lang=sw');
      expect(swahili.body).toContain('<title>Kurudisha bidhaa na uhalisi · Urembo</title>');
      expect(swahili.body.match(/<title>/g)).toHaveLength(1);
      expect(metaContent(swahili.body, 'name', 'description')).toMatch(/^Rudisha bidhaa ndani ya siku 7 /);
      expect(swahili.body).toContain('<link rel="canonical" href="http://localhost:3000/returns?lang=sw" />');
    });

    it('serves a sitemap of active products and categories with absolute URLs', async () => {
      const res = await page('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const xml = res.body;
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
      const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toContain('http://localhost:3000/');
      expect(locs).toContain('http://localhost:3000/returns');
      expect(locs).toContain('http://localhost:3000/product/rose-water-toner');
      expect(locs).toContain(`http://localhost:3000/product/${nasty.slug}`);
      expect(locs).toContain(`http://localhost:3000/shop?category=${category.id}`);
      expect(locs).not.toContain(`http://localhost:3000/product/${hidden.slug}`);
      expect(locs.every((l) => l!.startsWith('http://localhost:3000/'))).toBe(true);
      // Every page is there in Kiswahili too, and each entry names the page in both languages.
      expect(locs).toContain('http://localhost:3000/?lang=sw');
      expect(locs).toContain('http://localhost:3000/product/rose-water-toner?lang=sw');
      expect(locs).toContain(`http://localhost:3000/shop?category=${category.id}&amp;lang=sw`);
      expect(locs.filter((l) => l!.endsWith('lang=sw'))).toHaveLength(locs.length / 2);
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      expect(xml).toMatch(
        /<url><loc>http:\/\/localhost:3000\/product\/rose-water-toner\?lang=sw<\/loc><lastmod>[\d-]+<\/lastmod><xhtml:link rel="alternate" hreflang="en" href="http:\/\/localhost:3000\/product\/rose-water-toner"\/><xhtml:link rel="alternate" hreflang="sw" href="http:\/\/localhost:3000\/product\/rose-water-toner\?lang=sw"\/><\/url>/,
      );
      expect(SITEMAP_PAGE_SIZE).toBe(50_000);
      expect((await page('/sitemap-1.xml')).statusCode).toBe(404);
    });

    it('serves robots.txt that keeps crawlers out of private pages and names the sitemap', async () => {
      const res = await page('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      for (const path of ['/admin', '/cart', '/checkout', '/orders']) {
        expect(res.body).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
      }
      expect(res.body).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
      expect(res.body).not.toMatch(/^Disallow: \/$/m);
    });

    it('keeps the content security policy: JSON-LD is data, no inline script is allowed to run', async () => {
      const res = await page('/product/rose-water-toner');
      const directives = String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim());
      expect(directives).toContain("script-src 'self'");
    });
  },
  { env: { WEB_DIST: webDist } },
);
