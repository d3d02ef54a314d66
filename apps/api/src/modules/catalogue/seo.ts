import { jsonForScript } from '@urembo/contract/text';
import type { FastifyPluginAsync } from 'fastify';
import { formatKsh } from '@urembo/contract/money';
import type { Product } from '@urembo/contract/catalogue';
import { addressInLanguage, LANGUAGES, type Language } from '@urembo/contract/languages';
import type { PageHead, PageRenderer } from '../../lib/page-head';
import type { RouteContext } from '../../lib/route-context';
import type { CatalogueService } from './service';
import * as repo from './repository';
import { escapeHtml } from '../../lib/html';
import { pageTitle, SHOP_NAME } from '@urembo/contract/page-title';
import { describeVariant } from './variants';

/** Search engines read at most 50,000 URLs per sitemap file. */
export const SITEMAP_PAGE_SIZE = 50_000;

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The few words of a product's head that are not the product's own, in each language. */
const HEAD_TEXT: Record<Language, { delivered: string; notFoundTitle: string; notFound: string }> = {
  en: {
    delivered: 'delivered across Kenya.',
    notFoundTitle: pageTitle('Page Not Found'),
    notFound: 'This product is not in our shop.',
  },
  sw: {
    delivered: 'tunaleta kote Kenya.',
    notFoundTitle: pageTitle('Ukurasa haupatikani'),
    notFound: 'Bidhaa hii haipo dukani kwetu.',
  },
};

/**
 * The head of a product page in `lang`: title, description, canonical URL (the page's address in that language),
 * Open Graph and a JSON-LD Product.
 */
export function productHead(product: Product, publicUrl: string, lang: Language = 'en'): string {
  const path = `/product/${encodeURIComponent(product.slug)}`;
  const url = `${publicUrl}${path}`;
  const images = product.images.map((src) => (src.startsWith('http') ? src : `${publicUrl}${src}`));
  // Search engines say "out of stock" for a product that is inactive or sold out.
  const available = product.status === 'active' && product.inStock;
  const description = oneLine(
    product.description ||
      `${product.name}${product.category ? ` (${product.category.category})` : ''}, ${formatKsh(product.price)}, ${HEAD_TEXT[lang].delivered}`,
    160,
  );
  // The title the product's screen sets (use-document-title.ts), so it stays when the app starts.
  const title = pageTitle(product.name);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: images,
    description: oneLine(product.description, 5000),
    sku: product._id,
    ...(product.category ? { category: product.category.category } : {}),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    // A product with variants offers each of them (its SKU, options, price, stock and its own link).
    offers:
      product.variants.length === 0
        ? {
            '@type': 'Offer',
            priceCurrency: 'KES',
            price: String(product.price),
            availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            url,
          }
        : product.variants.map((variant) => ({
            '@type': 'Offer',
            sku: variant.sku,
            name: `${product.name} (${describeVariant(variant.options)})`,
            priceCurrency: 'KES',
            price: String(variant.price),
            availability:
              available && variant.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            url: `${url}?variant=${encodeURIComponent(variant.sku)}`,
            ...(variant.image
              ? { image: variant.image.startsWith('http') ? variant.image : `${publicUrl}${variant.image}` }
              : {}),
          })),
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(publicUrl + addressInLanguage(path, lang))}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="${SHOP_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(product.name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(images[0]
      ? [
          `<meta property="og:image" content="${escapeHtml(images[0])}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(product.name)}" />`,
        ]
      : []),
    `<meta property="product:price:amount" content="${product.price}" />`,
    `<meta property="product:price:currency" content="KES" />`,
    `<meta name="twitter:card" content="${images[0] ? 'summary_large_image' : 'summary'}" />`,
    ...(available ? [] : [`<meta name="robots" content="noindex" />`]),
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  ];
  return tags.join('\n    ');
}

const notFoundHead = (lang: Language) =>
  [
    `<title>${escapeHtml(HEAD_TEXT[lang].notFoundTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(HEAD_TEXT[lang].notFound)}" />`,
    `<meta name="robots" content="noindex" />`,
  ].join('\n    ');

/** For /product/{slug}: the product's head tags, or a 404 for an unknown slug. */
export function productPageRenderer(
  ctx: Pick<RouteContext<{ catalogue: CatalogueService }>, 'config' | 'services'>,
): PageRenderer {
  return async (pathname, _request, lang): Promise<PageHead | null> => {
    const match = /^\/product\/([^/]+)\/?$/.exec(pathname);
    if (!match) return null;
    let key: string;
    try {
      key = decodeURIComponent(match[1]!);
    } catch {
      return { status: 404, head: notFoundHead(lang) };
    }
    const product = await ctx.services.catalogue.find(key);
    if (!product) return { status: 404, head: notFoundHead(lang) };
    return { head: productHead(product, ctx.config.publicUrl, lang) };
  };
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

interface SitemapEntry {
  loc: string;
  lastmod?: string;
  /** The page's address in each language (the same page's `hreflang` alternates). */
  alternates: Array<{ lang: Language; href: string }>;
}

function urlset(entries: SitemapEntry[]): string {
  const body = entries
    .map(
      (e) =>
        `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod.slice(0, 10))}</lastmod>` : ''}` +
        e.alternates
          .map((a) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${escapeXml(a.href)}"/>`)
          .join('') +
        '</url>',
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** A page in every language: one entry per language, each naming all of them. */
function inEveryLanguage(base: string, path: string, lastmod?: string): SitemapEntry[] {
  const alternates = LANGUAGES.map((lang) => ({ lang, href: base + addressInLanguage(path, lang) }));
  return alternates.map(({ href }) => ({ loc: href, ...(lastmod ? { lastmod } : {}), alternates }));
}

/** /sitemap.xml (every active product and category, with absolute URLs) and /robots.txt. */
export function siteRoutes(ctx: Pick<RouteContext, 'config' | 'db' | 'caches'>): FastifyPluginAsync {
  const base = ctx.config.publicUrl;

  async function entries(): Promise<SitemapEntry[]> {
    const [categories, products] = await Promise.all([
      repo.listCategories(ctx.db),
      repo.listActiveProductSlugs(ctx.db),
    ]);
    return [
      ...inEveryLanguage(base, '/'),
      ...inEveryLanguage(base, '/shop'),
      ...inEveryLanguage(base, '/returns'),
      ...categories.flatMap((c) =>
        inEveryLanguage(base, `/shop?category=${encodeURIComponent(c.id)}`, c.updated_at),
      ),
      ...products.flatMap((p) =>
        inEveryLanguage(base, `/product/${encodeURIComponent(p.slug)}`, p.updated_at),
      ),
    ];
  }

  return async (app) => {
    app.get('/robots.txt', async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /orders',
        'Disallow: /order/',
        'Disallow: /profile',
        'Disallow: /payment/',
        'Disallow: /mpesa-form/',
        'Disallow: /review-order/',
        'Disallow: /search',
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(lines.join('\n'));
    });

    // One file while it fits; beyond 50,000 URLs a sitemap index naming /sitemap-{n}.xml files.
    app.get('/sitemap.xml', async (_request, reply) => {
      const all = await entries();
      void reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      if (all.length <= SITEMAP_PAGE_SIZE) return reply.send(urlset(all));
      const pages = Math.ceil(all.length / SITEMAP_PAGE_SIZE);
      const items = Array.from(
        { length: pages },
        (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
      ).join('\n');
      return reply.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`,
      );
    });

    app.get('/sitemap-:n.xml', async (request, reply) => {
      const n = Number((request.params as { n: string }).n);
      const all = await entries();
      const slice =
        Number.isInteger(n) && n >= 1 ? all.slice((n - 1) * SITEMAP_PAGE_SIZE, n * SITEMAP_PAGE_SIZE) : [];
      if (slice.length === 0 || all.length <= SITEMAP_PAGE_SIZE) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(urlset(slice));
    });
  };
}
