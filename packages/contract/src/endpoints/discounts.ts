import { collectionSchema, messageSchema, pathParams } from '../common';
import { createDiscountBodySchema, discountSchema, updateDiscountBodySchema } from '../discounts';
import { defineEndpoints } from '../endpoint';
import { discountRoutes } from '../routes/discounts';

const RULES =
  '`code` is 3 to 20 letters, digits and dashes, unique ignoring case (409); a percent `value` is 1 to 90, an ' +
  'amount 1 to 1,000,000; `endsAt` after `startsAt`; `categories` must exist (400 naming the rule otherwise).';

export const discountEndpoints = defineEndpoints(discountRoutes, {
  listDiscounts: {
    summary: 'Every discount code, newest first, with how many orders use it',
    access: 'admin',
    responses: { 200: collectionSchema(discountSchema) },
  },
  createDiscount: {
    summary: 'Create a discount code',
    description: RULES,
    access: 'admin',
    body: createDiscountBodySchema,
    responses: { 201: discountSchema },
    errors: [409],
  },
  updateDiscount: {
    summary: 'Change a discount code (pause it with active: false)',
    description: `Fields not sent keep their value. ${RULES}`,
    access: 'admin',
    params: pathParams('id'),
    body: updateDiscountBodySchema,
    responses: { 200: discountSchema },
    errors: [404, 409],
  },
  deleteDiscount: {
    summary: 'Delete a discount code',
    description: 'Orders placed with it keep the code and the amount they were given.',
    access: 'admin',
    params: pathParams('id'),
    responses: { 200: messageSchema },
    errors: [404],
  },
});
