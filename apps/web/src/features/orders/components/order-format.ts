import type { Order } from '@urembo/contract/orders';

/** A short order reference customers can read over the phone: the id's last 8 characters. */
export function orderRef(id: string): string {
  return id.slice(-8).toUpperCase();
}

export function itemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.count, 0);
}

export function placeLine(order: Pick<Order, 'country' | 'county' | 'town' | 'location'>): string {
  return [order.location, order.town, order.county, order.country].filter(Boolean).join(', ');
}
