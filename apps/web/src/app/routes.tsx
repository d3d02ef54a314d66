import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { type Page, type PageId, PAGES, type ScreenPageId } from '@urembo/contract/pages';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/spinner';
import { useT } from '../i18n/i18n';
import { NotFoundPage } from '../pages/not-found';
import { PageFocus } from './page-focus';
import { RouteErrorBoundary } from './route-error';
import { ProductActionsProvider } from './product-actions-provider';
import { Shell } from './shell';

/**
 * Each page's screen (PAGES in @urembo/contract/pages names its path and module): a lazy import, so a first visit
 * downloads only the shell and the screen it opens, and the admin panel never reaches a shopper's phone. A test
 * checks each one loads the module the table names (pages.test.ts).
 */
export const SCREEN_LOADERS: Record<ScreenPageId, () => Promise<{ default: ComponentType }>> = {
  home: () => import('../features/catalogue/screens/home-page'),
  shop: () => import('../features/catalogue/screens/shop-page'),
  search: () => import('../features/catalogue/screens/search-page'),
  product: () => import('./screens/product-screen'),
  cart: () => import('../features/cart/screens/cart-page').then((m) => ({ default: m.CartPage })),
  returns: () => import('./screens/returns-screen'),
  checkout: () =>
    import('../features/checkout/screens/checkout-page').then((m) => ({ default: m.CheckoutPage })),
  ordersWithStatus: () =>
    import('../features/orders/screens/orders-page').then((m) => ({ default: m.OrdersPage })),
  order: () => import('./screens/order-screen'),
  reviewOrder: () => import('../features/reviews/routes/review-order-page'),
  mpesaForm: () => import('../features/payments/screens/mpesa-form-screen'),
  payment: () => import('../features/payments/screens/payment-screen'),
  profile: () => import('./screens/profile-screen'),
  signin: () => import('../features/auth/screens/signin'),
  signup: () => import('../features/auth/screens/signup'),
  verifyEmail: () => import('../features/auth/screens/verify-email'),
  verifyPhone: () => import('../features/auth/screens/verify-phone'),
  resetPassword: () => import('../features/auth/screens/reset-password'),
  admin: () => import('../features/admin/admin-shell'),
};

const SCREENS = Object.fromEntries(
  Object.entries(SCREEN_LOADERS).map(([id, load]) => [id, lazy(load)]),
) as Record<ScreenPageId, LazyExoticComponent<ComponentType>>;

/** The shop's pages (the back office's aside), in the table's order. */
const SHOP_PAGES = (Object.keys(PAGES) as PageId[]).filter((id) => id !== 'admin');

/**
 * Marks the page live (<html data-ready="true">) once the screen itself has hydrated or been drawn: it sits inside
 * the screens' Suspense boundary, whose effects run only when the lazy screen is in place. On a server-rendered
 * page public/boot.js then hands the app the clicks and typing it held meanwhile; browser tests and monitoring wait
 * for it too.
 */
function LiveMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/** The routes of PAGES, each drawing its screen. Paths not listed show the not-found page. */
export function AppRoutes() {
  const t = useT();
  const [location] = useLocation();
  // The back office has its own frame (header, sidebar), outside the shop's top bar and footer.
  if (location.startsWith('/admin/')) {
    return (
      <RouteErrorBoundary resetKey={location}>
        <PageFocus />
        <Suspense fallback={null}>
          <LiveMark />
          <Switch>
            <Route path={PAGES.admin.path} component={SCREENS.admin} />
            <Route>
              <Shell>
                <NotFoundPage />
              </Shell>
            </Route>
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    );
  }
  return (
    <Shell>
      <PageFocus />
      <ProductActionsProvider>
        <RouteErrorBoundary resetKey={location}>
          <Suspense fallback={<Spinner label={t('shell.loadingPage')} />}>
            <LiveMark />
            <Switch>
              {SHOP_PAGES.map((id) => {
                const page: Page = PAGES[id];
                return page.redirect ? (
                  <Route key={id} path={page.path}>
                    <Redirect to={page.redirect} replace />
                  </Route>
                ) : (
                  <Route key={id} path={page.path} component={SCREENS[id as ScreenPageId]} />
                );
              })}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </RouteErrorBoundary>
      </ProductActionsProvider>
    </Shell>
  );
}
