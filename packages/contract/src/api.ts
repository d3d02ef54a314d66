import type { Endpoint } from './endpoint';
import { addressEndpoints } from './endpoints/addresses';
import { apiDocsEndpoints } from './endpoints/api-docs';
import { dashboardEndpoints } from './endpoints/dashboard';
import { healthEndpoints } from './endpoints/health';
import { publicConfigEndpoints } from './endpoints/public-config';
import { reviewEndpoints } from './endpoints/reviews';
import { userEndpoints } from './endpoints/users';

/**
 * Every /api/v1 endpoint's definition, by feature (the OpenAPI document's tags, in this order). The server's tests
 * and the OpenAPI document read this list; a feature's routes import their own group.
 */
export const API_GROUPS = {
  Health: healthEndpoints,
  'Shop settings': publicConfigEndpoints,
  Addresses: addressEndpoints,
  Reviews: reviewEndpoints,
  Dashboard: dashboardEndpoints,
  Users: userEndpoints,
  'API documents': apiDocsEndpoints,
} as const;

/** Every endpoint by operation id (types only: the web app's client reads its answers' types from it). */
export type Endpoints = typeof healthEndpoints &
  typeof publicConfigEndpoints &
  typeof addressEndpoints &
  typeof reviewEndpoints &
  typeof dashboardEndpoints &
  typeof userEndpoints &
  typeof apiDocsEndpoints;

/** Every endpoint with the feature it belongs to. */
export const ENDPOINTS: ReadonlyArray<{ group: string; endpoint: Endpoint }> = Object.entries(
  API_GROUPS,
).flatMap(([group, endpoints]) =>
  Object.values(endpoints).map((endpoint: Endpoint) => ({ group, endpoint })),
);
