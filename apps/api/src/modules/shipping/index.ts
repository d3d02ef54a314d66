// Delivery geography and fees: the places an address names and what delivery there costs.
export * as shippingRoutes from './routes';
export { ShippingService } from './service';
export { findLocationByNames, locationsWithNames, type NamedLocation } from './repository';
