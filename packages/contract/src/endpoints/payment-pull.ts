import { defineEndpoints } from '../endpoint';
import { pullSweepSchema } from '../payment-pull';
import { paymentPullRoutes } from '../routes/payment-pull';

export const paymentPullEndpoints = defineEndpoints(paymentPullRoutes, {
  getPullSweep: {
    summary: 'The last Pull Transactions sweep: when, what it found, what it recovered',
    access: 'admin',
    responses: { 200: pullSweepSchema },
  },
  runPullSweep: {
    summary: 'Run a Pull Transactions sweep now',
    description:
      'Reads the paybill’s payments since the last sweep (at most 48 hours back) and records those not seen ' +
      'before; answers as GET. A time-out or an unreadable answer changes nothing and is the answer’s ' +
      '`lastResult`. No Pull configured, or a sweep already running on any process → 409.',
    access: 'admin',
    responses: { 200: pullSweepSchema },
    errors: [409],
  },
});
