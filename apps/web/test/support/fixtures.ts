import type { Address } from '@urembo/contract/addresses';
import type { Category, Product } from '@urembo/contract/catalogue';
import type { Paged } from '@urembo/contract/common';
import type { Order, OrderQuote } from '@urembo/contract/orders';
import type { Payment } from '@urembo/contract/payments';
import type { PublicConfig } from '@urembo/contract/public-config';
import type { User } from '@urembo/contract/users';
import { routes } from './mock-api';

/* The web tests' data, typed by the contract: one factory per kind of thing. */

export const customer = {
  _id: 'u-customer',
  fullName: 'Amina Wanjiru',
  email: 'amina@example.com',
  phone: '254712345678',
  role: 'customer',
  isEmailVerified: true,
  isPhoneVerified: true,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  language: 'en',
} as const satisfies User;

export const signedIn = routes({ 'GET /auth/me': { body: { user: customer } } });
export const signedOut = routes({ 'GET /auth/me': { body: { user: null } } });

export const HASH = 'a'.repeat(64);

export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    slug: 'vitamin-c-serum',
    name: 'Vitamin C Serum',
    price: 1800,
    description: 'A bright serum for dull skin that evens the tone in four weeks of daily use.',
    usage: 'Morning and night.',
    images: ['/api/v1/images/abc-1200.webp'],
    status: 'active',
    tags: [],
    isFeatured: false,
    isProductNew: true,
    category: null,
    rating: 5,
    reviewCount: 0,
    stock: null,
    inStock: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    brand: null,
    expiresOn: null,
    registration: null,
    ingredients: null,
    options: [],
    variants: [],
    compareAtPrice: null,
    priceRange: { min: overrides.price ?? 1800, max: overrides.price ?? 1800 },
    ...overrides,
  };
}

export const CATEGORIES: Category[] = [
  { _id: 'c1', category: 'Skin Care', description: 'For glowing skin' },
  { _id: 'c2', category: 'Make-up', description: 'Colour for every shade' },
];

export function paged<T>(data: T[], page = 1, limit = 10, total = data.length): Paged<T> {
  return { data, page, limit, total, totalPages: Math.ceil(total / limit) };
}

/** GET /config/public as the e2e servers answer it (production, no Daraja credentials), with overrides. */
export function publicConfig(
  overrides: {
    mpesa?: Partial<PublicConfig['mpesa']>;
    lowStockAt?: number;
    returnDays?: number;
    freeDeliveryFrom?: number | null;
    whatsappUpdates?: boolean;
  } = {},
): PublicConfig {
  return {
    shop: { phone: '254700000000', email: 'hello@urembo.co.ke', whatsapp: '254700000000' },
    mpesa: {
      paybill: '542542',
      account: '484580',
      accountIsOrderReference: false,
      tillNumber: '5511223',
      tillName: 'UREMBO BEAUTY',
      stkPush: false,
      simulator: false,
      ...overrides.mpesa,
    },
    lowStockAt: overrides.lowStockAt ?? 5,
    returnDays: overrides.returnDays ?? 7,
    freeDeliveryFrom: overrides.freeDeliveryFrom ?? null,
    whatsappUpdates: overrides.whatsappUpdates ?? false,
  };
}

/** An order of the customer: two lines, unpaid, delivered to Sarit Centre. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: '65f0c0ffee00000000a1b2c3',
    reference: 'K7HX9QC',
    user: { _id: customer._id, fullName: customer.fullName },
    name: 'Amina Wanjiru',
    email: 'amina@example.com',
    phone: '254712345678',
    country: 'Kenya',
    county: 'Nairobi',
    town: 'Westlands',
    location: 'Sarit Centre',
    items: [
      { _id: 'p1', name: 'Vitamin C Serum', price: 1800, images: [], count: 2, variant: null },
      { _id: 'p2', name: 'Black Soap', price: 450, images: [], count: 1, variant: null },
    ],
    subtotal: 4050,
    discount: null,
    shippingFee: 300,
    totalAmount: 4350,
    paymentStatus: 'pending',
    deliveryStatus: 'pending',
    paidAmount: 0,
    refundedAmount: 0,
    createdAt: '2026-03-02T09:30:00.000Z',
    deliveredAt: null,
    whatsapp: false,
    ...overrides,
  };
}

/** A manual-form payment of the order, not yet confirmed. */
export const payment = (overrides: Partial<Payment> = {}): Payment => ({
  _id: 'p1',
  ID: 'user-mpesa-form',
  fullName: 'Amina Wanjiru',
  amount: 2350,
  channel: 'M-Pesa',
  receipt: 'NLJ7RT61SV',
  phone: '254712345678',
  order: 'order000000000000000001',
  orderReference: 'K7HX9QC',
  status: false,
  flag: null,
  account: null,
  note: null,
  verification: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  state: 'pending',
  holdReason: null,
  refundedAmount: 0,
  refunds: [],
  ...overrides,
});

/** The server's price of the fixture order's lines, delivered to Sarit Centre. */
export function quote(overrides: Partial<OrderQuote> = {}): OrderQuote {
  const { items, subtotal, discount, shippingFee, totalAmount } = order();
  return { items, subtotal, discount, shippingFee, totalAmount, ...overrides };
}

/** An address in the customer's book (not the default one unless told). */
export function address(overrides: Partial<Address> = {}): Address {
  return {
    _id: 'a1',
    name: 'Amina Wanjiru',
    phone: '254712345678',
    email: 'amina@example.com',
    country: 'Kenya',
    county: 'Nairobi',
    town: 'Westlands',
    location: 'Sarit Centre',
    isDefault: false,
    undeliverable: null,
    ...overrides,
  };
}
