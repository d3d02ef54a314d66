import { describe, expect, it } from 'vitest';
import { RenderDeclined, RenderSlots } from '../src/web/server-render';

describe('server render slots', () => {
  it('runs a few renders at once, queues a few more, and refuses beyond that instead of queueing without end', async () => {
    const slots = new RenderSlots(1, 1);
    let finish: () => void = () => undefined;
    const order: string[] = [];
    const first = slots.run(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const second = slots.run(async () => void order.push('second'));
    await expect(slots.run(async () => void order.push('third'))).rejects.toBeInstanceOf(RenderDeclined);
    expect(order).toEqual([]);
    finish();
    await first;
    await second;
    expect(order).toEqual(['second']);
    // With the queue drained, a render runs again.
    await slots.run(async () => void order.push('fourth'));
    expect(order).toEqual(['second', 'fourth']);
  });
});
