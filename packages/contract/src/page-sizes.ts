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
  adminReturns: 25,
  adminAudit: 25,
} as const;

/** The longest search term, in characters: a longer one is answered 400 with a message, never searched. */
export const SEARCH_TERM_MAX = 100;
export const SEARCH_TERM_TOO_LONG = `Your search is too long: use at most ${SEARCH_TERM_MAX} characters, a few words are enough`;
