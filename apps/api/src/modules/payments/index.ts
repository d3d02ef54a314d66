// M-Pesa payments: STK push, paybill (C2B), typed receipts, and the Daraja client.
export * as paymentsRoutes from './routes';
export { PaymentsService } from './service';
export { recordAdminPayment } from './admin-payment';
export { PaybillService } from './paybill';
export { RefundService } from './refunds';
export { PullSweep } from './pull-sweep';
export { createDarajaClient, darajaPassword, darajaTimestamp, type DarajaClient } from './daraja-client';
export { findPaymentByReceipt, insertPayment } from './repository';
