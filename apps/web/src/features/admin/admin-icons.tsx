import type { ReactNode } from 'react';
import { Icon } from '../../components/icons';
import type { AdminSlug } from '../../app/admin-tables';

/** One line icon per admin table, in the style of components/icons.tsx. */
export const ADMIN_TABLE_ICONS: Record<AdminSlug, ReactNode> = {
  dashboard: (
    <Icon width={20} height={20}>
      <rect x="3" y="3" width="7.5" height="9" rx="1.5" />
      <rect x="13.5" y="3" width="7.5" height="5" rx="1.5" />
      <rect x="3" y="15" width="7.5" height="6" rx="1.5" />
      <rect x="13.5" y="11" width="7.5" height="10" rx="1.5" />
    </Icon>
  ),
  users: (
    <Icon width={20} height={20}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c1-3.5 3.5-5.5 6.5-5.5s5.5 2 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5c1.8.7 3 2.5 3.5 5.5" />
    </Icon>
  ),
  products: (
    <Icon width={20} height={20}>
      <path d="M5 8h14l-1 13H6L5 8Z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </Icon>
  ),
  orders: (
    <Icon width={20} height={20}>
      <path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
      <path d="m3 8 9 5 9-5M12 13v8" />
    </Icon>
  ),
  orderItems: (
    <Icon width={20} height={20}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" />
      <circle cx="4.5" cy="12" r="1" />
      <circle cx="4.5" cy="18" r="1" />
    </Icon>
  ),
  returns: (
    <Icon width={20} height={20}>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h11a5 5 0 0 1 0 10h-4" />
    </Icon>
  ),
  payments: (
    <Icon width={20} height={20}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </Icon>
  ),
  discounts: (
    <Icon width={20} height={20}>
      <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2.5a2.5 2.5 0 0 0 0 5V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2.5a2.5 2.5 0 0 0 0-5V7Z" />
      <path d="m9.5 14.5 5-5" />
      <circle cx="9.5" cy="9.5" r=".75" />
      <circle cx="14.5" cy="14.5" r=".75" />
    </Icon>
  ),
  category: (
    <Icon width={20} height={20}>
      <path d="M3 12V4h8l10 10-8 8L3 12Z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </Icon>
  ),
  reviews: (
    <Icon width={20} height={20}>
      <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z" />
    </Icon>
  ),
  shipping: (
    <Icon width={20} height={20}>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="18" r="1.8" />
      <circle cx="17" cy="18" r="1.8" />
    </Icon>
  ),
  audit: (
    <Icon width={20} height={20}>
      <path d="M6 3h9l4 4v14H6V3Z" />
      <path d="M14 3v5h5M9 12h7M9 16h5" />
    </Icon>
  ),
};

export const CollapseIcon = ({ collapsed }: { collapsed: boolean }) => (
  <Icon width={20} height={20}>
    {collapsed ? <path d="m9 6 6 6-6 6" /> : <path d="m15 6-6 6 6 6" />}
  </Icon>
);
