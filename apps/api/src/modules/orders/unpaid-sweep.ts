import type { FastifyInstance } from 'fastify';
import type { OrderService } from './service';

/**
 * Every `sweepSeconds`, cancels the orders left unpaid for longer than the hold and gives their stock back. Every
 * API process may run it: `cancelOrder`'s conditional update lets exactly one of them cancel a given order. The
 * timer does not keep the process alive and stops when the app closes; a sweep never overlaps the previous one.
 */
export function startUnpaidOrderSweep(
  app: FastifyInstance,
  orders: Pick<OrderService, 'cancelExpiredUnpaidOrders'>,
  options: { holdHours: number; sweepSeconds: number; graceMinutes: number },
): void {
  if (options.sweepSeconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    try {
      const { cancelled } = await orders.cancelExpiredUnpaidOrders(options.holdHours, {
        graceMinutes: options.graceMinutes,
      });
      // Each cancellation gave its stock back and cleared the catalogue's cache (OrderService.cancelOrder).
      if (cancelled > 0)
        app.log.info({ cancelled, holdHours: options.holdHours }, 'cancelled orders left unpaid');
    } catch (err) {
      app.log.error({ err }, 'unpaid order sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= sweep().finally(() => {
        running = undefined;
      });
    }, options.sweepSeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
