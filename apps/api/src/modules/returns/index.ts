// Returns of delivered orders: the customer's request, the admin's steps, the SMS about each, and what received
// returns owe the customer (for the payments ledger).
export * as returnsRoutes from './routes';
export { ReturnService } from './service';
export { ReturnMessenger } from './messages';
export { ordersWithReceivedReturns, receivedRefundDue } from './repository';
export { returnsPageRenderer } from './page';
