import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Category,
  CategoryInput,
  Product,
  ProductCreateInput,
  ProductUpdateInput,
} from '@urembo/contract/catalogue';
import type { Paged } from '@urembo/contract/common';
import { PAGE_SIZES } from '@urembo/contract/page-sizes';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from '../api';

/** Every product, inactive ones too (admins only), 10 a page from the server. */
export function useAdminProducts(page: number) {
  return useQuery({
    queryKey: catalogueKeys.list(page, null, true),
    queryFn: ({ signal }) =>
      api.get<Paged<Product>>(
        `/products/?includeInactive=true&page=${page}&limit=${PAGE_SIZES.adminProducts}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** After any catalogue change every list, product and category query is stale. */
function useRefreshCatalogue() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: catalogueKeys.all });
}

export function useCreateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (body: ProductCreateInput) => api.post<Product>('/products/', body),
    onSuccess: refresh,
  });
}

export function useUpdateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductUpdateInput }) =>
      api.put<Product>(`/products/${encodeURIComponent(id)}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/products/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

export function useDeleteProductImage() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (body: { productId: string; url: string }) =>
      api.post<Product>('/products/deleteProductImage', body),
    onSuccess: refresh,
  });
}

export function useCreateCategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (body: CategoryInput) => api.post<Category>('/category/', body),
    onSuccess: refresh,
  });
}

export function useUpdateCategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<CategoryInput> }) =>
      api.put<Category>(`/category/${encodeURIComponent(id)}`, body),
    onSuccess: refresh,
  });
}

/** Reads a chosen file as a data URL (what the API takes for images). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** A quick restock (+n) or correction (-n), applied by the server to the stock as it is now. */
export function useAdjustStock() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: number }) =>
      api.post<Product & { message: string }>(`/products/${encodeURIComponent(id)}/stock`, { change }),
    onSuccess: refresh,
  });
}
