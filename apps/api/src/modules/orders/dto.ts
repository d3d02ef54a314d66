import type { Order, OrderItem, OrderLineVariant } from '@urembo/contract/orders';
import { toCount } from '../../db/sql-values';
import { parseVariantOptions } from '../catalogue';
import type { OrderItemListRow, OrderItemRow, OrderRow } from './repository';

/** The variant an order line holds, as it was when ordered. */
export function lineVariant(
  item: Pick<OrderItemRow, 'variant_id' | 'variant_sku' | 'variant_options'>,
): OrderLineVariant | null {
  if (!item.variant_id) return null;
  return {
    _id: item.variant_id,
    sku: item.variant_sku ?? '',
    options: parseVariantOptions(item.variant_options),
  };
}

/** An order as the API shapes it; its lines are the price snapshots taken when it was placed. */
export function toOrderDto(row: OrderRow, items: OrderItemRow[]): Order {
  return {
    _id: row.id,
    reference: row.reference,
    user: { _id: row.user_id, fullName: row.user_full_name },
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    county: row.county,
    town: row.town,
    location: row.location,
    items: items.map((item) => ({
      // The product's id (the seed's shape); a product deleted since keeps its line under the line's own id.
      _id: item.product_id ?? item.id,
      name: item.name,
      price: item.price,
      images: item.image ? [item.image] : [],
      count: item.count,
      variant: lineVariant(item),
    })),
    subtotal: row.subtotal,
    discount: row.discount_code ? { code: row.discount_code, amount: Number(row.discount_amount) } : null,
    shippingFee: row.shipping_fee,
    totalAmount: row.total_amount,
    paymentStatus: row.payment_status,
    deliveryStatus: row.delivery_status,
    paidAmount: toCount(row.paid_amount ?? 0),
    refundedAmount: toCount(row.refunded_amount ?? 0),
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
    whatsapp: toCount(row.whatsapp) === 1,
  };
}

export function toOrderItemDto(row: OrderItemListRow): OrderItem {
  return {
    _id: row.id,
    user: { fullName: row.user_full_name, email: row.user_email, phone: row.user_phone },
    product: { _id: row.product_id, name: row.name },
    variant: lineVariant(row),
    count: row.count,
    price: row.price,
    createdAt: row.created_at,
    order: {
      _id: row.order_id,
      reference: row.order_reference,
      paymentStatus: row.payment_status,
      deliveryStatus: row.delivery_status,
    },
  };
}
