// The address book's public face: what the app and other features may use of it.
export * as addressesRoutes from './routes';
export { AddressService } from './service';
