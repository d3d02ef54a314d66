import { OrderPage } from '../../features/orders/screens/order-page';
import { PayWithMpesa } from '../../features/payments/components/pay-with-mpesa';

/** /order/:id: the orders feature's page with the payments feature's M-Pesa block while the order is unpaid. */
export default function OrderScreen() {
  return <OrderPage renderPayment={(order) => <PayWithMpesa order={order} />} />;
}
