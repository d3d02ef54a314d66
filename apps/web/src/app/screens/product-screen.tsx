import ProductPage from '../../features/catalogue/screens/product-page';
import { ProductReviews } from '../../features/reviews/components/product-reviews';

/** /product/:slug: the catalogue's page with the reviews feature's list of verified buyers' reviews. */
export default function ProductScreen() {
  return (
    <ProductPage
      reviews={(product) => (
        <ProductReviews productId={product._id} rating={product.rating} reviewCount={product.reviewCount} />
      )}
    />
  );
}
