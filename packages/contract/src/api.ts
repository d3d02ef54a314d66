import type { Endpoint } from './endpoint';
import { addressEndpoints } from './endpoints/addresses';
import { apiDocsEndpoints } from './endpoints/api-docs';
import { authEndpoints } from './endpoints/auth';
import { cartEndpoints } from './endpoints/cart';
import { catalogueEndpoints } from './endpoints/catalogue';
import { dashboardEndpoints } from './endpoints/dashboard';
import { healthEndpoints } from './endpoints/health';
import { orderEndpoints } from './endpoints/orders';
import { paymentEndpoints } from './endpoints/payments';
import { publicConfigEndpoints } from './endpoints/public-config';
import { returnEndpoints } from './endpoints/returns';
import { reviewEndpoints } from './endpoints/reviews';
import { shippingEndpoints } from './endpoints/shipping';
import { userEndpoints } from './endpoints/users';

/**
 * Every /api/v1 endpoint's definition, by feature (the OpenAPI document's tags, in this order). The server's tests
 * and the OpenAPI document read this list; each feature's routes import their own group.
 */
export const API_GROUPS = {
  Accounts: authEndpoints,
  Addresses: addressEndpoints,
  Catalogue: catalogueEndpoints,
  Cart: cartEndpoints,
  Orders: orderEndpoints,
  Payments: paymentEndpoints,
  Returns: returnEndpoints,
  Reviews: reviewEndpoints,
  'Delivery areas': shippingEndpoints,
  'Shop settings': publicConfigEndpoints,
  Dashboard: dashboardEndpoints,
  Users: userEndpoints,
  Health: healthEndpoints,
  'API documents': apiDocsEndpoints,
} as const;

/** Every endpoint by operation id (types only: the web app's client reads its answers' types from it). */
export type Endpoints = typeof authEndpoints &
  typeof addressEndpoints &
  typeof catalogueEndpoints &
  typeof cartEndpoints &
  typeof orderEndpoints &
  typeof paymentEndpoints &
  typeof returnEndpoints &
  typeof reviewEndpoints &
  typeof shippingEndpoints &
  typeof publicConfigEndpoints &
  typeof dashboardEndpoints &
  typeof userEndpoints &
  typeof healthEndpoints &
  typeof apiDocsEndpoints;

/** Every endpoint with the feature it belongs to. */
export const ENDPOINTS: ReadonlyArray<{ group: string; endpoint: Endpoint }> = Object.entries(
  API_GROUPS,
).flatMap(([group, endpoints]) =>
  Object.values(endpoints).map((endpoint: Endpoint) => ({ group, endpoint })),
);
