/* Paging constants without zod, so the storefront can import them and stay small. */

export const MAX_PAGE_LIMIT = 100;

/** Page sizes: lists are paged on the server. */
export const PAGE_SIZES = {
  featured: 10,
  shop: 10,
  search: 25,
  adminOrders: 25,
  adminProducts: 10,
  adminUsers: 10,
  adminPayments: 25,
} as const;
