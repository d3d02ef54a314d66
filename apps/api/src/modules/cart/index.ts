// The cart's public face.
export * as cartRoutes from './routes';
export { CartService } from './service';
export { subtractFromCart } from './repository';
