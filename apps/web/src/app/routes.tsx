import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/spinner';
import { NotFoundPage } from '../pages/not-found';
import { RouteErrorBoundary } from './route-error';
import { ProductActionsProvider } from './product-actions-provider';
import { Shell } from './shell';

const ReviewOrderPage = lazy(() => import('../features/reviews/routes/review-order-page'));
const MpesaFormScreen = lazy(() => import('../features/payments/screens/mpesa-form-screen'));
const PaymentScreen = lazy(() => import('../features/payments/screens/payment-screen'));
const SigninScreen = lazy(() => import('../features/auth/screens/signin'));
const SignupScreen = lazy(() => import('../features/auth/screens/signup'));
const ResetPasswordScreen = lazy(() => import('../features/auth/screens/reset-password'));
const VerifyEmailScreen = lazy(() => import('../features/auth/screens/verify-email'));
const VerifyPhoneScreen = lazy(() => import('../features/auth/screens/verify-phone'));
const ProfileScreen = lazy(() => import('./screens/profile-screen'));
const AdminShell = lazy(() => import('../features/admin/admin-shell'));
const CartPage = lazy(() =>
  import('../features/cart/screens/cart-page').then((m) => ({ default: m.CartPage })),
);
const CheckoutPage = lazy(() =>
  import('../features/checkout/screens/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const OrdersPage = lazy(() =>
  import('../features/orders/screens/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazy(() => import('./screens/order-screen'));
const HomePage = lazy(() => import('../features/catalogue/screens/home-page'));
const ShopPage = lazy(() => import('../features/catalogue/screens/shop-page'));
const SearchPage = lazy(() => import('../features/catalogue/screens/search-page'));
const ProductPage = lazy(() => import('./screens/product-screen'));

/**
 * Marks the page live (<html data-ready="true">) once the screen itself has hydrated or been drawn: it sits inside
 * the screens' Suspense boundary, whose effects run only when the lazy screen is in place. Browser tests and
 * monitoring wait for it; a value typed into a server-rendered field before then could be reset by hydration.
 */
function LiveMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/**
 * The route table. Screens are React.lazy imports, so a first visit downloads only the shell and the
 * screen it opens, and the admin panel never reaches a shopper's phone. Paths not listed show the not-found page.
 */
export function AppRoutes() {
  const [location] = useLocation();
  // The back office has its own frame (header, sidebar), outside the shop's top bar and footer.
  if (location.startsWith('/admin/')) {
    return (
      <RouteErrorBoundary resetKey={location}>
        <Suspense fallback={null}>
          <LiveMark />
          <Switch>
            <Route path="/admin/:adminId/:slug" component={AdminShell} />
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
      <ProductActionsProvider>
        <RouteErrorBoundary resetKey={location}>
          <Suspense fallback={<Spinner label="Loading page" />}>
            <LiveMark />
            <Switch>
              <Route path="/review-order/:id" component={ReviewOrderPage} />
              <Route path="/mpesa-form/:id" component={MpesaFormScreen} />
              <Route path="/payment/:id" component={PaymentScreen} />
              <Route path="/signin" component={SigninScreen} />
              <Route path="/signup" component={SignupScreen} />
              <Route path="/reset-password/:token" component={ResetPasswordScreen} />
              <Route path="/verify-email" component={VerifyEmailScreen} />
              <Route path="/verify-phone" component={VerifyPhoneScreen} />
              <Route path="/profile" component={ProfileScreen} />
              <Route path="/cart" component={CartPage} />
              <Route path="/checkout" component={CheckoutPage} />
              <Route path="/orders">
                <Redirect to="/orders/pending" replace />
              </Route>
              <Route path="/orders/:status" component={OrdersPage} />
              <Route path="/order/:id" component={OrderPage} />
              <Route path="/" component={HomePage} />
              <Route path="/shop" component={ShopPage} />
              <Route path="/search" component={SearchPage} />
              <Route path="/product/:slug">{() => <ProductPage />}</Route>
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </RouteErrorBoundary>
      </ProductActionsProvider>
    </Shell>
  );
}
