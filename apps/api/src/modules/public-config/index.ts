// The settings the browser app reads at start (shop contacts, payment destination).
export * as publicConfigRoutes from './routes';
