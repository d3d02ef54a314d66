import { Link } from 'wouter';

/** Shown on a paid order (seed §2): leads to the review page for its products. */
export function ReviewOrderLink({ orderId, className = '' }: { orderId: string; className?: string }) {
  return (
    <Link to={`/review-order/${orderId}`} className={`btn-primary ${className}`}>
      Review Order
    </Link>
  );
}
