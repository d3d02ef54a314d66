// The health check load balancers and monitors call.
export * as healthRoutes from './routes';
