/*
 * The storefront's pages, defined once: the web app's router draws each path with its screen
 * (apps/web/src/app/routes.tsx), and the server answers each path with the app's page and 200 (any other path:
 * 404), renders the `serverRendered` ones for visitors and preloads their screen's chunk (apps/api/src/web/). No
 * zod and no React here: both sides import it.
 */

export interface Page {
  /** The path, with `:name` parameters (the router's and Fastify's form alike). */
  readonly path: string;
  /** The screen's source module in apps/web (its key in Vite's manifest, whose chunk the server preloads). */
  readonly screen?: string;
  /** The screen module's export that is the screen (its default export when left out). */
  readonly export?: string;
  /** Where the page sends the browser at once, instead of a screen. */
  readonly redirect?: string;
  /** A visitor's first view of it is rendered on the server (the shop's landing screens). */
  readonly serverRendered?: true;
  /** Search engines list it (the sitemap): its head names its address in each language (`hreflang`). */
  readonly indexable?: true;
  /**
   * Query parameters its screen also draws from without making another address (the product page's `?variant=sku`,
   * so a shared link opens on that shade): the server renders and keeps a page per value, and the page's canonical
   * address and alternates leave them out.
   */
  readonly drawnFrom?: readonly string[];
}

/**
 * Set (to 1) by the web app while a visitor's cart is kept in her browser, so the server knows her cart is not
 * empty: the cart page is then drawn by the browser, which holds it, instead of rendered empty by the server.
 */
export const VISITOR_CART_COOKIE = 'urembo_cart';

export const PAGES = {
  home: {
    path: '/',
    screen: 'src/features/catalogue/screens/home-page.tsx',
    serverRendered: true,
    indexable: true,
  },
  shop: {
    path: '/shop',
    screen: 'src/features/catalogue/screens/shop-page.tsx',
    serverRendered: true,
    indexable: true,
  },
  search: { path: '/search', screen: 'src/features/catalogue/screens/search-page.tsx', serverRendered: true },
  product: {
    path: '/product/:slug',
    screen: 'src/app/screens/product-screen.tsx',
    serverRendered: true,
    indexable: true,
    drawnFrom: ['variant'],
  },
  cart: {
    path: '/cart',
    screen: 'src/features/cart/screens/cart-page.tsx',
    export: 'CartPage',
    serverRendered: true,
  },
  returns: {
    path: '/returns',
    screen: 'src/app/screens/returns-screen.tsx',
    serverRendered: true,
    indexable: true,
  },
  checkout: {
    path: '/checkout',
    screen: 'src/features/checkout/screens/checkout-page.tsx',
    export: 'CheckoutPage',
  },
  orders: { path: '/orders', redirect: '/orders/all' },
  ordersWithStatus: {
    path: '/orders/:status',
    screen: 'src/features/orders/screens/orders-page.tsx',
    export: 'OrdersPage',
  },
  order: { path: '/order/:id', screen: 'src/app/screens/order-screen.tsx' },
  reviewOrder: { path: '/review-order/:id', screen: 'src/features/reviews/routes/review-order-page.tsx' },
  mpesaForm: { path: '/mpesa-form/:id', screen: 'src/features/payments/screens/mpesa-form-screen.tsx' },
  payment: { path: '/payment/:id', screen: 'src/features/payments/screens/payment-screen.tsx' },
  profile: { path: '/profile', screen: 'src/app/screens/profile-screen.tsx' },
  signin: { path: '/signin', screen: 'src/features/auth/screens/signin.tsx', serverRendered: true },
  signup: { path: '/signup', screen: 'src/features/auth/screens/signup.tsx', serverRendered: true },
  verifyEmail: { path: '/verify-email', screen: 'src/features/auth/screens/verify-email.tsx' },
  verifyPhone: { path: '/verify-phone', screen: 'src/features/auth/screens/verify-phone.tsx' },
  resetPassword: { path: '/reset-password/:token', screen: 'src/features/auth/screens/reset-password.tsx' },
  /** The back office: its own frame, outside the shop's top bar and footer. */
  admin: { path: '/admin/:adminId/:slug', screen: 'src/features/admin/admin-shell.tsx' },
} as const satisfies Record<string, Page>;

export type PageId = keyof typeof PAGES;

/** The pages drawn by a screen (every page but the redirects). */
export type ScreenPageId = {
  [K in PageId]: (typeof PAGES)[K] extends { screen: string } ? K : never;
}[PageId];

/** `/product/:slug` → a pattern that matches `/product/anything` (one segment per parameter), whole. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}
