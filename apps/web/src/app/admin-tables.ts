import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The admin panel's tables, in sidebar order. */
export const ADMIN_SLUGS = [
  'dashboard',
  'users',
  'products',
  'orders',
  'orderItems',
  'returns',
  'payments',
  'discounts',
  'category',
  'reviews',
  'shipping',
  'audit',
] as const;
export type AdminSlug = (typeof ADMIN_SLUGS)[number];

export const ADMIN_TABLE_LABELS: Record<AdminSlug, string> = {
  dashboard: 'Dashboard',
  users: 'Users',
  products: 'Products',
  orders: 'Orders',
  orderItems: 'Ordered items',
  returns: 'Returns',
  payments: 'Payments',
  discounts: 'Discounts',
  category: 'Categories',
  reviews: 'Reviews',
  shipping: 'Shipping',
  audit: 'Audit log',
};

/**
 * Each table's screen, loaded only when an admin opens it (`lazy(() => import('../features/x/admin/y'))`). This
 * file composes features, so it lives in app/. A feature adds its table here when it lands; a slug without one
 * shows "Select a table from the sidebar", like an unknown slug.
 */
export const ADMIN_TABLES: Partial<Record<AdminSlug, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import('./screens/dashboard-screen')),
  reviews: lazy(() => import('../features/reviews/admin/reviews-table')),
  payments: lazy(() => import('../features/payments/admin/payments-table')),
  users: lazy(() => import('../features/users/admin/users-table')),
  shipping: lazy(() => import('../features/shipping/admin/shipping-table')),
  orders: lazy(() =>
    import('../features/orders/admin/orders-table').then((m) => ({ default: m.OrdersTable })),
  ),
  orderItems: lazy(() =>
    import('../features/orders/admin/order-items-table').then((m) => ({ default: m.OrderItemsTable })),
  ),
  products: lazy(() => import('../features/catalogue/admin/products-table')),
  category: lazy(() => import('../features/catalogue/admin/category-table')),
  returns: lazy(() => import('../features/returns/admin/returns-table')),
  audit: lazy(() => import('../features/audit/admin/audit-table')),
  discounts: lazy(() => import('../features/discounts/admin/discounts-table')),
};
