import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { reviewRoutes } from '@urembo/contract/routes/reviews';
import { REVIEW_PAGE_SIZES } from '@urembo/contract/review-rules';
import type { CreateReviewBody, Review, UpdateReviewBody } from '@urembo/contract/reviews';
import { catalogueKeys, productQuery } from '../../app/data/catalogue';
import { call } from '../../lib/api-client';

/** Every reviews query starts with 'reviews', so one invalidation refreshes them all. */
export const reviewKeys = {
  all: ['reviews'] as const,
  product: (productId: string) => ['reviews', 'product', productId] as const,
  mine: (orderId: string) => ['reviews', 'order', orderId, 'mine'] as const,
  admin: (page: number) => ['reviews', 'admin', page] as const,
};

/** A product's reviews, newest first, a page at a time ("Show more reviews"). */
export function useProductReviews(productId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.product(productId),
    queryFn: ({ pageParam }) =>
      call(reviewRoutes.listProductReviews, {
        params: { productId },
        query: { page: pageParam, limit: REVIEW_PAGE_SIZES.product },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });
}

/** The signed-in customer's reviews of this order's products (docs/api-additions-reviews.md). */
export function useMyOrderReviews(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.mine(orderId),
    queryFn: () => call(reviewRoutes.listOrderReviews, { params: { orderId } }).then((r) => r.data),
    enabled,
  });
}

/**
 * Every image of a product for the carousel. An order line keeps only one image; when the product can still be
 * read from the catalogue its full gallery is shown instead (a failure just keeps the line's image).
 */
export function useProductImages(productId: string | undefined) {
  return useQuery({
    ...productQuery(productId ?? ''),
    select: (product) => product.images,
    enabled: !!productId,
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** After a review changes, the product's reviews, rating and review count change too (on every grid's cards). */
async function refreshAfterReviewChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  ]);
}

export function useCreateReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => call(reviewRoutes.createReview, { body }),
    onSuccess: (review) => {
      // Show "You reviewed this product" at once, before the refetch answers.
      queryClient.setQueryData<Review[]>(reviewKeys.mine(orderId), (old) => [
        review,
        ...(old ?? []).filter((r) => r.product._id !== review.product._id),
      ]);
      void refreshAfterReviewChange(queryClient);
    },
  });
}

export function useUpdateReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateReviewBody }) =>
      call(reviewRoutes.updateReview, { params: { id }, body }),
    onSuccess: (review) => {
      queryClient.setQueryData<Review[]>(reviewKeys.mine(orderId), (old) =>
        (old ?? []).map((r) => (r._id === review._id ? review : r)),
      );
      void refreshAfterReviewChange(queryClient);
    },
  });
}

/** Admin: every review, 25 a page, newest first. */
export function useAdminReviews(page: number) {
  return useQuery({
    queryKey: reviewKeys.admin(page),
    queryFn: () => call(reviewRoutes.listReviews, { query: { page, limit: REVIEW_PAGE_SIZES.admin } }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(reviewRoutes.deleteReview, { params: { id } }),
    onSuccess: () => refreshAfterReviewChange(queryClient),
  });
}
