// The owner's dashboard.
export * as dashboardRoutes from './routes';
export { DashboardService } from './service';
