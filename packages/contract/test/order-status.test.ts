import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_DELIVERY_TRANSITIONS,
  ADMIN_PAYMENT_TRANSITIONS,
  customerCanCancel,
  DELIVERY_STATUSES,
  ORDER_STATUS_FILTERS,
  ORDER_TABS,
  PAYMENT_STATUSES,
  STATUS_LABELS,
} from '../src/order-status';

describe('order statuses', () => {
  it('stay free of zod, so storefront screens do not download it', () => {
    const source = readFileSync(new URL('../src/order-status.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from ['"]zod/);
  });

  it('label every status and filter by known statuses only', () => {
    for (const s of [...PAYMENT_STATUSES, ...DELIVERY_STATUSES]) expect(STATUS_LABELS[s]).toBeTruthy();
    expect(STATUS_LABELS['payment-unsuccessful']).toBe('Payment Unsuccessful');
    for (const tab of ORDER_TABS) {
      if ('status' in tab.query) expect(ORDER_STATUS_FILTERS).toContain(tab.query.status);
    }
  });

  it('allow only real changes between known statuses, and reopening as the only way out of cancelled', () => {
    for (const [from, to] of Object.entries(ADMIN_PAYMENT_TRANSITIONS)) {
      for (const s of to) {
        expect(PAYMENT_STATUSES).toContain(s);
        expect(s).not.toBe(from);
      }
    }
    for (const [from, to] of Object.entries(ADMIN_DELIVERY_TRANSITIONS)) {
      for (const s of to) {
        expect(DELIVERY_STATUSES).toContain(s);
        expect(s).not.toBe(from);
      }
    }
    expect(ADMIN_DELIVERY_TRANSITIONS.cancelled).toEqual(['pending']);
    expect(ADMIN_DELIVERY_TRANSITIONS.delivered).not.toContain('cancelled');
  });

  it('let a customer cancel only an unpaid order whose delivery has not started', () => {
    expect(customerCanCancel({ paymentStatus: 'pending', deliveryStatus: 'pending' })).toBe(true);
    expect(customerCanCancel({ paymentStatus: 'payment-unsuccessful', deliveryStatus: 'pending' })).toBe(
      true,
    );
    expect(customerCanCancel({ paymentStatus: 'paid', deliveryStatus: 'pending' })).toBe(false);
    expect(customerCanCancel({ paymentStatus: 'pending', deliveryStatus: 'in-transit' })).toBe(false);
    expect(customerCanCancel({ paymentStatus: 'pending', deliveryStatus: 'cancelled' })).toBe(false);
  });
});
