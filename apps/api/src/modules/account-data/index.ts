// The customer's own data: the export she downloads and the deletion of her account.
export * as accountDataRoutes from './routes';
export { AccountDataService, FORMER_CUSTOMER } from './service';
