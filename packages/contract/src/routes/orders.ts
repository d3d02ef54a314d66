import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const orderRoutes = /* @__PURE__ */ defineRoutes({
  // `:id` is the customer's own user id here: OpenAPI allows one parameter name per position of a path, and
  // GET /order/:id (an order's id) shares this one.
  createOrder: ['POST', '/order/:id'],
  quoteOrder: ['POST', '/order/:userId/quote'],
  listUserOrders: ['GET', '/order/user/:userId'],
  getOrder: ['GET', '/order/:id'],
  cancelOrder: ['POST', '/order/:id/cancel'],
  listOrders: ['GET', '/order'],
  updateOrderStatus: ['PUT', '/order/updateStatus/:id'],
  listOrderMessages: ['GET', '/order/:id/messages'],
  listOrderItems: ['GET', '/orderItem'],
  verifyWhatsAppWebhook: ['GET', '/whatsapp/webhook'],
  receiveWhatsAppWebhook: ['POST', '/whatsapp/webhook'],
});
