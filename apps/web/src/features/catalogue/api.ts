import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@urembo/contract/page-sizes';
import { catalogueRoutes } from '@urembo/contract/routes/catalogue';
import { call } from '../../lib/api-client';

/** Query keys of the catalogue, so admin changes can refresh every list at once. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  featured: (page: number) => ['catalogue', 'featured', page] as const,
  list: (
    page: number,
    category: string | null,
    includeInactive = false,
    brand: string | null = null,
    search = '',
  ) => ['catalogue', 'list', page, category, includeInactive, brand, search] as const,
  brands: ['catalogue', 'brands'] as const,
  search: (term: string, page: number) => ['catalogue', 'search', term, page] as const,
  product: (slug: string) => ['catalogue', 'product', slug] as const,
  related: (categoryId: string, exclude: string) => ['catalogue', 'related', categoryId, exclude] as const,
  categories: ['catalogue', 'categories'] as const,
};

/** The home page's "featured or new" grid. */
export function useFeaturedProducts(page: number) {
  return useQuery({
    queryKey: catalogueKeys.featured(page),
    queryFn: ({ signal }) =>
      call(catalogueRoutes.listFeaturedProducts, { query: { page, limit: PAGE_SIZES.featured }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The shop grid (optionally one category, one brand or both). */
export function useProducts(page: number, category: string | null, brand: string | null = null) {
  return useQuery({
    queryKey: catalogueKeys.list(page, category, false, brand),
    queryFn: ({ signal }) =>
      call(catalogueRoutes.listProducts, {
        query: { page, limit: PAGE_SIZES.shop, category, brand },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The brands of the shop's products (the shop page's filter). */
export function useBrands() {
  return useQuery({
    queryKey: catalogueKeys.brands,
    queryFn: ({ signal }) => call(catalogueRoutes.listBrands, { signal }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}

/** Search runs only when there is a term. */
export function useProductSearch(term: string, page: number) {
  return useQuery({
    queryKey: catalogueKeys.search(term, page),
    queryFn: ({ signal }) =>
      call(catalogueRoutes.searchProducts, {
        query: { search: term, page, limit: PAGE_SIZES.search },
        signal,
      }),
    enabled: term.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** GET /products/{slug or id}: the product page's query (the review page reads a product's pictures with it). */
export function productQuery(slug: string) {
  return queryOptions({
    queryKey: catalogueKeys.product(slug),
    queryFn: ({ signal }) => call(catalogueRoutes.getProduct, { params: { id: slug }, signal }),
  });
}

export function useProduct(slug: string) {
  return useQuery(productQuery(slug));
}

/** Other products of the same category (at most 8). */
export function useRelatedProducts(categoryId: string | null | undefined, exclude: string) {
  return useQuery({
    queryKey: catalogueKeys.related(categoryId ?? '', exclude),
    queryFn: ({ signal }) =>
      call(catalogueRoutes.listRelatedProducts, {
        params: { categoryId: categoryId ?? '' },
        query: { exclude },
        signal,
      }),
    enabled: !!categoryId,
    select: (body) => body.data,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) => call(catalogueRoutes.listCategories, { signal }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}
