import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Product, SearchResult } from '@urembo/contract/catalogue';
import type { Collection, Paged } from '@urembo/contract/common';
import { PAGE_SIZES } from '@urembo/contract/page-sizes';
import { api } from '../../lib/api-client';

/** Query keys of the catalogue, so admin changes can refresh every list at once. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  featured: (page: number) => ['catalogue', 'featured', page] as const,
  list: (page: number, category: string | null, includeInactive = false) =>
    ['catalogue', 'list', page, category, includeInactive] as const,
  search: (term: string, page: number) => ['catalogue', 'search', term, page] as const,
  product: (slug: string) => ['catalogue', 'product', slug] as const,
  related: (categoryId: string, exclude: string) => ['catalogue', 'related', categoryId, exclude] as const,
  categories: ['catalogue', 'categories'] as const,
};

function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The home page's "featured or new" grid. */
export function useFeaturedProducts(page: number) {
  return useQuery({
    queryKey: catalogueKeys.featured(page),
    queryFn: ({ signal }) =>
      api.get<Paged<Product>>(`/products/featuredandnew${query({ page, limit: PAGE_SIZES.featured })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The shop grid (optionally one category). */
export function useProducts(page: number, category: string | null) {
  return useQuery({
    queryKey: catalogueKeys.list(page, category),
    queryFn: ({ signal }) =>
      api.get<Paged<Product>>(`/products/${query({ page, limit: PAGE_SIZES.shop, category })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Search runs only when there is a term (seed §2). */
export function useProductSearch(term: string, page: number) {
  return useQuery({
    queryKey: catalogueKeys.search(term, page),
    queryFn: ({ signal }) =>
      api.get<SearchResult>(`/products/search${query({ search: term, page, limit: PAGE_SIZES.search })}`, {
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
    queryFn: ({ signal }) => api.get<Product>(`/products/${encodeURIComponent(slug)}`, { signal }),
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
      api.get<Collection<Product>>(
        `/products/categoryProducts/${encodeURIComponent(categoryId ?? '')}${query({ exclude })}`,
        { signal },
      ),
    enabled: !!categoryId,
    select: (body) => body.data,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) => api.get<Collection<Category>>('/category', { signal }),
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}
