import type { Kysely } from 'kysely';
import type { AdminSummary } from '@urembo/contract/dashboard';
import { nairobiDate, nairobiDayStart } from '@urembo/contract/nairobi-time';
import { EXPIRY_WARNING_DAYS, lastMonthExpiringWithin } from '@urembo/contract/product-facts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { CatalogueService } from '../catalogue';
import { countAwaitingOrders } from '../orders';
import { listOrdersSince, listTopProducts } from './repository';

export const CHART_DAYS = 30;
export const TOP_PRODUCTS = 5;

export interface DashboardDeps {
  db: Kysely<Database>;
  config: Config;
  /** The catalogue names the products running low (at or under `config.stock.lowStockAt`). */
  catalogue: Pick<CatalogueService, 'lowStock' | 'expiringBy' | 'lowStockVariants'>;
}

/** The owner's dashboard, computed on request from the orders (decision 013). */
export class DashboardService {
  constructor(private readonly deps: DashboardDeps) {}

  /**
   * The owner's morning summary. Periods are Nairobi days: "today" from local
   * midnight, "last 7 days" today and the six before. An order counts in a period when it was placed then and is not
   * cancelled; revenue adds the totals of the period's orders that are paid.
   */
  async adminSummary(now: Date = new Date()): Promise<AdminSummary> {
    const { db, config, catalogue } = this.deps;
    const lowStockAt = config.stock.lowStockAt;
    const chartStart = nairobiDayStart(now, CHART_DAYS - 1);
    const [orders, awaiting, topProducts, low, expiringSoon, lowVariants] = await Promise.all([
      listOrdersSince(db, chartStart.toISOString()),
      countAwaitingOrders(db),
      listTopProducts(db, chartStart.toISOString(), TOP_PRODUCTS),
      catalogue.lowStock(lowStockAt),
      catalogue.expiringBy(lastMonthExpiringWithin(EXPIRY_WARNING_DAYS, now)),
      catalogue.lowStockVariants(lowStockAt),
    ]);
    const days = new Map<string, { date: string; orders: number; revenue: number }>();
    for (let back = CHART_DAYS - 1; back >= 0; back -= 1) {
      const date = nairobiDate(nairobiDayStart(now, back));
      days.set(date, { date, orders: 0, revenue: 0 });
    }
    for (const order of orders) {
      const day = days.get(nairobiDate(new Date(order.created_at)));
      if (!day) continue; // placed after `now` (a clock step); not part of any period shown
      if (order.delivery_status !== 'cancelled') day.orders += 1;
      if (order.payment_status === 'paid') day.revenue += Number(order.total_amount);
    }
    const revenueByDay = [...days.values()];
    const sum = (list: typeof revenueByDay) =>
      list.reduce((t, d) => ({ orders: t.orders + d.orders, revenue: t.revenue + d.revenue }), {
        orders: 0,
        revenue: 0,
      });
    return {
      today: sum(revenueByDay.slice(-1)),
      last7Days: sum(revenueByDay.slice(-7)),
      ...awaiting,
      lowStock: low,
      lowStockVariants: lowVariants,
      lowStockAt,
      expiringSoon,
      topProducts,
      revenueByDay,
    };
  }
}
