import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryInput, ProductCreateInput, ProductUpdateInput } from '@urembo/contract/catalogue';
import { PAGE_SIZES } from '@urembo/contract/page-sizes';
import { catalogueRoutes } from '@urembo/contract/routes/catalogue';
import { call } from '../../../lib/api-client';
import { catalogueKeys } from '../api';

/**
 * Every product, inactive ones too (admins only), 10 a page from the server; only those whose name, brand or SKU
 * contains `search` when it is not blank.
 */
export function useAdminProducts(page: number, search = '') {
  return useQuery({
    queryKey: catalogueKeys.list(page, null, true, null, search),
    queryFn: ({ signal }) =>
      call(catalogueRoutes.listProducts, {
        query: {
          includeInactive: 'true',
          page,
          limit: PAGE_SIZES.adminProducts,
          ...(search ? { q: search } : {}),
        },
        signal,
      }),
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
    mutationFn: (body: ProductCreateInput) => call(catalogueRoutes.createProduct, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductUpdateInput }) =>
      call(catalogueRoutes.updateProduct, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteProduct() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: string) => call(catalogueRoutes.deleteProduct, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useDeleteProductImage() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (body: { productId: string; url: string }) =>
      call(catalogueRoutes.deleteProductImage, { body }),
    onSuccess: refresh,
  });
}

export function useCreateCategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (body: CategoryInput) => call(catalogueRoutes.createCategory, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateCategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<CategoryInput> }) =>
      call(catalogueRoutes.updateCategory, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** Deletes a category nothing uses (the server says why otherwise: products in it, a discount code naming it). */
export function useDeleteCategory() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: string) => call(catalogueRoutes.deleteCategory, { params: { id } }),
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
      call(catalogueRoutes.adjustStock, { params: { id }, body: { change } }),
    onSuccess: refresh,
  });
}
