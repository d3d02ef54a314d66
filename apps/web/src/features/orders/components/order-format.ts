import type { Order } from '@urembo/contract/orders';

export function itemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.count, 0);
}

export function placeLine(order: Pick<Order, 'country' | 'county' | 'town' | 'location'>): string {
  return [order.location, order.town, order.county, order.country].filter(Boolean).join(', ');
}
