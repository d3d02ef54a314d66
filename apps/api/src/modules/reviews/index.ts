// Product reviews.
export * as reviewsRoutes from './routes';
export { ReviewService } from './service';
