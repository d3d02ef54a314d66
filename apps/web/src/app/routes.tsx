import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/spinner';
import { NotFoundPage } from '../pages/not-found';
import { RouteErrorBoundary } from './route-error';
import { Shell } from './shell';

const CartPage = lazy(() =>
  import('../features/cart/screens/cart-page').then((m) => ({ default: m.CartPage })),
);
const CheckoutPage = lazy(() =>
  import('../features/checkout/screens/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const OrdersPage = lazy(() =>
  import('../features/orders/screens/orders-page').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazy(() =>
  import('../features/orders/screens/order-page').then((m) => ({ default: m.OrderPage })),
);

/**
 * The route table (seed §2). Screens are React.lazy imports, so a first visit downloads only the shell and the
 * screen it opens, and the admin panel never reaches a shopper's phone. Paths not listed show the not-found page.
 */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Shell>
      <RouteErrorBoundary resetKey={location}>
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Switch>
            <Route path="/cart" component={CartPage} />
            <Route path="/checkout" component={CheckoutPage} />
            <Route path="/orders">
              <Redirect to="/orders/pending" replace />
            </Route>
            <Route path="/orders/:status" component={OrdersPage} />
            <Route path="/order/:id" component={OrderPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </Shell>
  );
}
