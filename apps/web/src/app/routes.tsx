import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/spinner';
import { NotFoundPage } from '../pages/not-found';
import { RouteErrorBoundary } from './route-error';
import { Shell } from './shell';

const HomePage = lazy(() => import('../features/catalogue/screens/home-page'));
const ShopPage = lazy(() => import('../features/catalogue/screens/shop-page'));
const SearchPage = lazy(() => import('../features/catalogue/screens/search-page'));
const ProductPage = lazy(() => import('../features/catalogue/screens/product-page'));

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
            <Route path="/" component={HomePage} />
            <Route path="/shop" component={ShopPage} />
            <Route path="/search" component={SearchPage} />
            <Route path="/product/:slug">{() => <ProductPage />}</Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </Shell>
  );
}
