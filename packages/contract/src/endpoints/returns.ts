import { collectionSchema, oneOf, pagedSchema, pagingQuery, pathParams } from '../common';
import { defineEndpoints } from '../endpoint';
import { createReturnBodySchema, RETURN_STATES, returnSchema, updateReturnBodySchema } from '../returns';
import { returnRoutes } from '../routes/returns';

export const returnEndpoints = defineEndpoints(returnRoutes, {
  createReturn: {
    summary: 'Ask to return items of the caller’s delivered order',
    description:
      'Within RETURN_DAYS (default 7) of delivery. Each item names an order line by its product `_id` and how ' +
      'many go back. Not delivered, past the window, a product not in the order, or more than was ordered (less ' +
      'what earlier returns that were not rejected take back) → 400 saying which. Another customer’s order is ' +
      'not found. The customer gets an SMS.',
    access: 'customer',
    params: pathParams('id'),
    body: createReturnBodySchema,
    responses: { 201: returnSchema },
    errors: [404],
  },
  listOrderReturns: {
    summary: 'The returns of an order, oldest first',
    description: 'Its owner or an admin; anyone else’s order is not found.',
    access: 'customer',
    params: pathParams('id'),
    responses: { 200: collectionSchema(returnSchema) },
    errors: [404],
  },
  listReturns: {
    summary: 'Every return, newest first, optionally in one state',
    access: 'admin',
    query: pagingQuery(25).extend({ state: oneOf('state', RETURN_STATES).optional() }),
    responses: { 200: pagedSchema(returnSchema) },
  },
  updateReturn: {
    summary: 'Approve, reject or receive a return',
    description:
      'requested → approved or rejected; approved → received or rejected; rejected and received are final (409 ' +
      'otherwise, also when another admin moved it first). "received" puts the items back in stock, exactly once, ' +
      'and makes `refundAmount` refund due on the order’s payments. The customer gets an SMS at each step.',
    access: 'admin',
    params: pathParams('id'),
    body: updateReturnBodySchema,
    responses: { 200: returnSchema },
    errors: [404, 409],
  },
});
