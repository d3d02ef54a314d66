import { z } from 'zod';
import {
  collectionSchema,
  oneOf,
  pagedSchema,
  pagingQuery,
  pathParams,
  PAGE_SIZES,
  withMessage,
} from '../common';
import { ADMIN_ORDER_FILTERS } from '../dashboard';
import { defineEndpoints, otherBody } from '../endpoint';
import { IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, ORDER_ITEMS_PAGE_SIZE } from '../order-status';
import {
  createOrderBodySchema,
  orderItemSchema,
  orderListQuerySchema,
  orderMessageSchema,
  orderQuoteBodySchema,
  orderQuoteSchema,
  orderSchema,
  updateOrderStatusBodySchema,
} from '../orders';
import { orderRoutes } from '../routes/orders';

/** Why an Idempotency-Key is refused (400). */
export const IDEMPOTENCY_KEY_MESSAGE = `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible characters`;

/** POST /order/{id}: the key that makes placing an order safe to repeat. */
export const idempotencyKeySchema = z
  .string()
  .min(1, IDEMPOTENCY_KEY_MESSAGE)
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, IDEMPOTENCY_KEY_MESSAGE)
  .regex(/^[\x21-\x7e]+$/, IDEMPOTENCY_KEY_MESSAGE)
  .describe(
    'Any 1 to 200 visible ASCII characters, new for each order the customer confirms: a repeat with the same ' +
      'key (a double tap, a retry after a dropped connection, even at the same moment) answers 200 with the ' +
      'order the first one made instead of placing another.',
  );

const PRICED =
  'The server prices the order from the catalogue and the delivery location (totals sent are ignored): an ' +
  'unknown or inactive product, a count outside 1 to 99, no items, or a place without delivery → 400.';

export const orderEndpoints = defineEndpoints(orderRoutes, {
  createOrder: {
    summary: 'Place an order for the caller',
    description:
      "`id` is the caller's own user id (another account's → 403). " +
      PRICED +
      ' The stock is taken in the same transaction: a line beyond the stock → 409 naming it, and nothing is ' +
      'written. The cart is emptied. 201 with the new order, or 200 with the earlier one for a repeated ' +
      'Idempotency-Key.',
    access: 'customer',
    params: z.object({ id: z.string().describe("The caller's own user id") }),
    headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
    body: createOrderBodySchema,
    responses: { 201: orderSchema, 200: orderSchema },
    errors: [403, 409],
  },
  quoteOrder: {
    summary: 'Price items (and delivery to a place) as an order would be, without placing it',
    description:
      "`userId` is the caller's own id (another account's → 403). " +
      PRICED +
      ' Without a place the fee and total are null. Lines beyond the stock → 409.',
    access: 'customer',
    params: pathParams('userId'),
    body: orderQuoteBodySchema,
    responses: { 200: orderQuoteSchema },
    errors: [403, 409],
  },
  listUserOrders: {
    summary: "A customer's orders, newest first, optionally of one status or what they wait for",
    description:
      'The caller’s own, or any customer’s for an admin (403 otherwise). `status` matches the payment or the ' +
      'delivery status. `awaiting=payment` keeps unpaid orders that are not cancelled; `awaiting=delivery` keeps ' +
      'paid orders neither delivered nor cancelled (the admin list’s filter). Both given: orders matching both.',
    access: 'customer',
    params: pathParams('userId'),
    query: orderListQuerySchema,
    responses: { 200: collectionSchema(orderSchema) },
    errors: [403],
  },
  getOrder: {
    summary: 'One order',
    description: 'Its owner or an admin; anyone else’s order is not found.',
    access: 'customer',
    params: pathParams('id'),
    responses: { 200: orderSchema },
    errors: [404],
  },
  cancelOrder: {
    summary: 'Cancel the caller’s own unpaid order before delivery starts',
    description:
      'Its stock goes back. Paid, on its way, delivered or already cancelled → 409 saying why; another ' +
      'customer’s order is not found.',
    access: 'customer',
    params: pathParams('id'),
    responses: { 200: withMessage(orderSchema) },
    errors: [404, 409],
  },
  listOrders: {
    summary: 'Every order, newest first',
    description:
      '25 a page by default; `awaiting` keeps those awaiting payment or delivery (the dashboard’s links).',
    access: 'admin',
    query: pagingQuery(PAGE_SIZES.adminOrders).extend({
      awaiting: oneOf('awaiting', ADMIN_ORDER_FILTERS).optional(),
    }),
    responses: { 200: pagedSchema(orderSchema) },
  },
  updateOrderStatus: {
    summary: 'Change an order’s payment or delivery status',
    description:
      'Only the allowed transitions (409 otherwise; neither status → 400). Marking it paid records a payment for ' +
      'what is still owed, with the receipt or a reason (one of them is required). Cancelling gives its stock ' +
      'back; reopening takes it again (409 when it is no longer there). The customer gets an SMS.',
    access: 'admin',
    params: pathParams('id'),
    body: updateOrderStatusBodySchema,
    responses: { 200: withMessage(orderSchema) },
    errors: [404, 409],
  },
  listOrderMessages: {
    summary: 'The SMS about an order: sent, waiting or failed, and why',
    access: 'admin',
    params: pathParams('id'),
    responses: { 200: collectionSchema(orderMessageSchema) },
    errors: [404],
  },
  verifyWhatsAppWebhook: {
    summary: "Meta's check of the WhatsApp webhook URL",
    description:
      'Answers `hub.challenge` as text when `hub.mode` is "subscribe" and `hub.verify_token` is the shop\'s ' +
      'WHATSAPP_VERIFY_TOKEN; 403 otherwise; 404 when the shop has no WhatsApp account configured.',
    access: 'public',
    noStore: true,
    query: z.object({
      'hub.mode': z.string().max(50).optional(),
      'hub.verify_token': z.string().max(500).optional(),
      'hub.challenge': z.string().max(500).optional(),
    }),
    responses: { 200: otherBody('text/plain', 'The challenge Meta sent') },
    errors: [403, 404],
  },
  receiveWhatsAppWebhook: {
    summary: "WhatsApp's delivery statuses of order updates",
    description:
      'Meta signs the body: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET>` ' +
      '(missing or wrong → 401). Reads `entry[].changes[].value.statuses[]`: an order update WhatsApp reports ' +
      '`failed` goes out again as an SMS, once. 404 when the shop has no WhatsApp account configured.',
    access: 'public',
    noStore: true,
    headers: z.object({ 'x-hub-signature-256': z.string().optional() }),
    body: z.looseObject({ object: z.string().optional(), entry: z.array(z.unknown()).optional() }),
    responses: { 200: z.object({ requeued: z.number().int().describe('Updates queued again as SMS') }) },
    errors: [401, 404],
  },
  listOrderItems: {
    summary: 'Every order line, newest first',
    description: `${ORDER_ITEMS_PAGE_SIZE} a page by default.`,
    access: 'admin',
    query: pagingQuery(ORDER_ITEMS_PAGE_SIZE),
    responses: { 200: pagedSchema(orderItemSchema) },
  },
});
