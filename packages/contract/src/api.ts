import type { Endpoint } from './endpoint';
import { addressEndpoints } from './endpoints/addresses';
import { apiDocsEndpoints } from './endpoints/api-docs';
import { auditEndpoints } from './endpoints/audit';
import { authEndpoints } from './endpoints/auth';
import { cartEndpoints } from './endpoints/cart';
import { catalogueEndpoints } from './endpoints/catalogue';
import { dashboardEndpoints } from './endpoints/dashboard';
import { discountEndpoints } from './endpoints/discounts';
import { healthEndpoints } from './endpoints/health';
import { orderEndpoints } from './endpoints/orders';
import { paymentEndpoints } from './endpoints/payments';
import { paymentPullEndpoints } from './endpoints/payment-pull';
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
  Discounts: discountEndpoints,
  Payments: { ...paymentEndpoints, ...paymentPullEndpoints },
  Returns: returnEndpoints,
  Reviews: reviewEndpoints,
  'Delivery areas': shippingEndpoints,
  'Shop settings': publicConfigEndpoints,
  Dashboard: dashboardEndpoints,
  Users: userEndpoints,
  'Audit log': auditEndpoints,
  Health: healthEndpoints,
  'API documents': apiDocsEndpoints,
} as const;

/**
 * What each group is for (the OpenAPI document's tag descriptions; its lint test asks for one per group in use).
 */
export const GROUP_DESCRIPTIONS: Partial<Record<keyof typeof API_GROUPS, string>> = {
  Accounts: 'Signing up, in and out; sessions; passwords; verifying the email and phone.',
  Addresses: "A customer's saved delivery addresses.",
  Catalogue: 'Products, categories and their pictures: the shop reads them, admins change them.',
  Cart: "A signed-in customer's cart, kept on the server.",
  Orders: 'Pricing and placing orders, their statuses and their SMS.',
  Discounts: 'Discount codes shoppers type at checkout, kept by admins.',
  Payments:
    'M-Pesa prompts (STK push), receipts sent by hand, paybill payments, reconciliation, and the callbacks ' +
    'Safaricom calls.',
  Returns: 'Returning delivered products, and the refunds that follow.',
  Reviews: 'Product reviews by customers who received the product.',
  'Delivery areas': 'The places the shop delivers to (countries, counties, towns, locations) and their fees.',
  'Shop settings': 'The settings the storefront reads at start (contact, payment options).',
  Dashboard: "The admin dashboard's figures.",
  Users: 'Accounts, for admins.',
  'Audit log': 'Who changed what: every admin change, for admins.',
  Health: 'Whether the server and its database answer.',
  'API documents': 'This document and its reference page.',
};

/** The groups in order, with their descriptions. */
export const API_TAGS: ReadonlyArray<{ name: string; description?: string }> = Object.keys(API_GROUPS).map(
  (name) => ({ name, description: GROUP_DESCRIPTIONS[name as keyof typeof API_GROUPS] }),
);

/** Every endpoint by operation id (types only: the web app's client reads its answers' types from it). */
export type Endpoints = typeof authEndpoints &
  typeof addressEndpoints &
  typeof catalogueEndpoints &
  typeof cartEndpoints &
  typeof orderEndpoints &
  typeof discountEndpoints &
  typeof paymentEndpoints &
  typeof paymentPullEndpoints &
  typeof returnEndpoints &
  typeof reviewEndpoints &
  typeof shippingEndpoints &
  typeof publicConfigEndpoints &
  typeof dashboardEndpoints &
  typeof userEndpoints &
  typeof auditEndpoints &
  typeof healthEndpoints &
  typeof apiDocsEndpoints;

/** Every endpoint with the feature it belongs to. */
export const ENDPOINTS: ReadonlyArray<{ group: string; endpoint: Endpoint }> = Object.entries(
  API_GROUPS,
).flatMap(([group, endpoints]) =>
  Object.values(endpoints).map((endpoint: Endpoint) => ({ group, endpoint })),
);
