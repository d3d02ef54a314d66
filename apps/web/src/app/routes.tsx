import { Suspense, lazy } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/spinner';
import { NotFoundPage } from '../pages/not-found';
import { RouteErrorBoundary } from './route-error';
import { Shell } from './shell';

const ReviewOrderPage = lazy(() => import('../features/reviews/routes/review-order-page'));
const MpesaFormScreen = lazy(() => import('../features/payments/screens/mpesa-form-screen'));
const PaymentScreen = lazy(() => import('../features/payments/screens/payment-screen'));

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
            <Route path="/review-order/:id" component={ReviewOrderPage} />
            <Route path="/mpesa-form/:id" component={MpesaFormScreen} />
            <Route path="/payment/:id" component={PaymentScreen} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </Shell>
  );
}
