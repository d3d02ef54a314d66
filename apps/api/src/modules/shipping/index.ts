// Delivery geography and fees: the places an address names and what delivery there costs.
export * as shippingRoutes from './routes';
export { ShippingService, switchedOffMessage } from './service';
export {
  findLocationByNames,
  findManyLocationsByNames,
  placeKey,
  locationsWithNames,
  toNamedLocation,
  type NamedLocation,
} from './repository';
