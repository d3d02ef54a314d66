// Discount codes: the admin's list, and the one rule that prices a code and counts its uses (which orders call
// inside their own transactions).
export * as discountsRoutes from './routes';
export { DiscountService } from './service';
export {
  applyDiscount,
  giveBackDiscountUse,
  retakeDiscountUse,
  takeDiscountUse,
  type DiscountApplied,
  type DiscountableLine,
} from './rules';
