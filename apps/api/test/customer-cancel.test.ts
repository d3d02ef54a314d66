import { customerCanCancel, DELIVERY_STATUSES, PAYMENT_STATUSES } from '@urembo/contract/order-status';
import { expect, it } from 'vitest';
import { customerWithOrder } from './support/payments-factories';
import { describeEachDialect } from './support/test-app';

/**
 * "A customer may cancel" is the contract's `customerCanCancel`: the order page shows its button by it
 * (apps/web/test/orders.test.tsx checks every pair of statuses there) and the server refuses by it. Here every pair
 * is cancelled through the API by its owner: a second copy of the rule on the server would disagree on some pair.
 */
describeEachDialect('a customer may cancel', (ctx) => {
  it('cancels exactly the orders the contract says a customer may cancel', async () => {
    const disagreements: string[] = [];
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const deliveryStatus of DELIVERY_STATUSES) {
        const { cookie, order } = await customerWithOrder(ctx(), { paymentStatus, deliveryStatus });
        const res = await ctx().app.inject({
          method: 'POST',
          url: `/api/v1/order/${order.id}/cancel`,
          headers: { cookie },
        });
        const allowed = customerCanCancel({ paymentStatus, deliveryStatus });
        if (res.statusCode !== (allowed ? 200 : 409)) {
          disagreements.push(`${paymentStatus}/${deliveryStatus}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
