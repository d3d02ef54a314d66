import { formatDay } from '../../../lib/dates';
import type { AdminSummary } from '@urembo/contract/dashboard';
import { formatKsh } from '@urembo/contract/money';

const WIDTH = 300;
const HEIGHT = 120;

/**
 * Paid revenue per day as plain SVG bars (no chart library: a few hundred bytes instead of a few hundred
 * kilobytes). The SVG stretches to its box; the labels are HTML so they stay readable on a phone.
 */
export function RevenueChart({ days }: { days: AdminSummary['revenueByDay'] }) {
  const max = Math.max(...days.map((d) => d.revenue), 0);
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const slot = WIDTH / Math.max(days.length, 1);
  const best = days.reduce<(typeof days)[number] | null>(
    (top, d) => (d.revenue > (top?.revenue ?? 0) ? d : top),
    null,
  );
  const label =
    max === 0
      ? `No paid revenue in the last ${days.length} days`
      : `Paid revenue over the last ${days.length} days: ${formatKsh(total)} in all, highest ${formatKsh(max)} on ${formatDay(best!.date)}`;
  return (
    <figure className="m-0">
      <div className="flex items-baseline justify-between text-xs text-stone-500">
        <span>{max > 0 ? formatKsh(max) : 'Ksh 0'}</span>
        <span>
          Total <strong className="text-ink">{formatKsh(total)}</strong>
        </span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-1 h-36 w-full sm:h-44"
        role="img"
        aria-label={label}
        data-testid="revenue-chart"
      >
        <line
          x1="0"
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          className="stroke-stone-300"
          strokeWidth="1"
        />
        <line
          x1="0"
          y1="0.5"
          x2={WIDTH}
          y2="0.5"
          className="stroke-stone-200"
          strokeDasharray="3 3"
          strokeWidth="1"
        />
        {days.map((day, i) => {
          const height = max > 0 ? Math.max((day.revenue / max) * (HEIGHT - 4), day.revenue > 0 ? 2 : 0) : 0;
          return (
            <rect
              key={day.date}
              x={i * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              rx="1"
              className={i === days.length - 1 ? 'fill-brand-700' : 'fill-brand-300'}
            >
              <title>{`${formatDay(day.date)}: ${formatKsh(day.revenue)}, ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-stone-500">
        <span>{days[0] ? formatDay(days[0].date) : ''}</span>
        <span>Today</span>
      </figcaption>
    </figure>
  );
}
