import type { Product } from '@urembo/contract/catalogue';
import { formatKsh } from '@urembo/contract/money';
import { bestBeforeLabel, isExpired } from '@urembo/contract/product-facts';
import { PRODUCT_SEARCH_MAX } from '@urembo/contract/catalogue';
import { TRUNCATE, truncate } from '@urembo/contract/text';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { DataTable, type Column } from '../../../components/data-table';
import { Modal } from '../../../components/modal';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCategories } from '../api';
import { ProductImage } from '../../../components/product-image';
import {
  useAdminProducts,
  useCreateProduct,
  useDeleteProduct,
  useDeleteProductImage,
  useUpdateProduct,
} from './api';
import { ConfirmDelete, ConfirmDialog } from '../../../components/confirm-dialog';
import { EMPTY_PRODUCT, ProductForm, valuesOf } from './product-form';
import { StockControl } from './stock-control';

function Badge({ on, children }: { on: boolean; children: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        on ? 'bg-brand-50 text-brand-700 ring-1 ring-brand-200' : 'bg-stone-100 text-stone-600 line-through'
      }`}
    >
      {children}
    </span>
  );
}

/** "11 products, newest first"; while searching "1 product matches, newest first" or "0 products match". */
function countText(total: number, searching: boolean): string {
  const one = total === 1;
  const noun = `${total} product${one ? '' : 's'}`;
  if (!searching) return `${noun}, newest first`;
  if (total === 0) return `${noun} match`;
  return `${noun} ${one ? 'matches' : 'match'}, newest first`;
}

/** How long typing must pause before the table asks the server again. */
export const PRODUCT_SEARCH_DEBOUNCE_MS = 300;

/**
 * The admin "products" table: every product (inactive ones too), 10 a page from the server, with a search by name,
 * brand or SKU (asked of the server once typing pauses; a new search starts at page 1), create (several pictures),
 * update (one picture at a time), delete and delete-picture.
 */
export default function ProductsTable() {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), PRODUCT_SEARCH_DEBOUNCE_MS);
  // The page belongs to the search it was chosen in: another search starts at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  const products = useAdminProducts(page, search);
  const categories = useCategories();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const removeImage = useDeleteProductImage();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [deletingImage, setDeletingImage] = useState<{ product: Product; url: string } | null>(null);

  const columns: Column<Product>[] = [
    {
      header: 'Name',
      className: 'min-w-44',
      cell: (p) => (
        <span className="font-medium text-ink" title={p.name}>
          {truncate(p.name, TRUNCATE.adminProductName)}
        </span>
      ),
    },
    {
      header: 'Description',
      className: 'min-w-40',
      cell: (p) => (
        <span title={p.description}>{truncate(p.description, TRUNCATE.adminProductDescription)}</span>
      ),
    },
    {
      header: 'Category',
      cell: (p) =>
        p.category ? (
          <span title={p.category.category}>
            {truncate(p.category.category, TRUNCATE.adminProductCategory)}
          </span>
        ) : (
          <span className="text-stone-600">—</span>
        ),
    },
    {
      header: 'Price',
      cell: (p) => <span className="whitespace-nowrap font-medium">{formatKsh(p.price)}</span>,
    },
    {
      header: 'Stock',
      cell: (p) => <StockControl product={p} />,
    },
    {
      header: 'Status',
      cell: (p) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            p.status === 'active' ? 'bg-emerald-50 text-emerald-700' : 'bg-stone-200 text-stone-600'
          }`}
        >
          {p.status}
        </span>
      ),
    },
    {
      header: 'Best before',
      cell: (p) =>
        p.expiresOn ? (
          isExpired(p.expiresOn) ? (
            <span className="whitespace-nowrap rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">
              Expired {bestBeforeLabel(p.expiresOn)}
            </span>
          ) : (
            <span className="whitespace-nowrap text-sm">{bestBeforeLabel(p.expiresOn)}</span>
          )
        ) : (
          <span className="text-stone-600">–</span>
        ),
    },
    {
      header: 'Flags',
      cell: (p) => (
        <span className="flex flex-wrap gap-1">
          <Badge on={p.isFeatured}>Featured</Badge>
          <Badge on={p.isProductNew}>New</Badge>
        </span>
      ),
    },
    {
      header: 'Images',
      className: 'min-w-40',
      cell: (p) =>
        p.images.length === 0 ? (
          <span className="text-stone-600">None</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {p.images.map((url, i) => (
              <li key={url} className="relative">
                <ProductImage
                  url={url}
                  alt={`${p.name}, image ${i + 1}`}
                  sizes="48px"
                  className="h-12 w-12 rounded-lg"
                />
                <button
                  type="button"
                  onClick={() => setDeletingImage({ product: p, url })}
                  aria-label={`Delete image ${i + 1} of ${p.name}`}
                  className="absolute -right-1.5 -top-1.5 flex h-5 w-5 items-center justify-center rounded-full bg-stone-800 text-[11px] leading-none text-white shadow hover:bg-red-700"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ),
    },
    {
      header: 'Actions',
      cell: (p) => (
        <span className="flex gap-2">
          <button type="button" className="btn-outline px-3 py-1.5" onClick={() => setEditing(p)}>
            Edit
          </button>
          <button
            type="button"
            className="btn px-3 py-1.5 text-red-700 ring-1 ring-red-200 hover:bg-red-50"
            onClick={() => setDeleting(p)}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <div role="search" className="w-full sm:w-80">
          <label htmlFor={searchId} className="sr-only">
            Search products
          </label>
          <input
            id={searchId}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Search by name, brand or SKU"
            autoComplete="off"
            maxLength={PRODUCT_SEARCH_MAX}
            enterKeyHint="search"
            className="input w-full"
          />
        </div>
        <p className="text-sm text-stone-600" aria-live="polite">
          {/* The previous answer stays on screen while the next one loads: its count would name the wrong search. */}
          {products.isPlaceholderData
            ? 'Loading…'
            : products.data
              ? countText(products.data.total, search !== '')
              : '\u00a0'}
        </p>
        <button type="button" className="btn-primary ml-auto" onClick={() => setCreating(true)}>
          Add product
        </button>
      </div>
      <DataTable
        columns={columns}
        rows={products.data?.data}
        rowKey={(p) => p._id}
        isLoading={products.isPending}
        error={products.error ? errorMessage(products.error, 'Failed to load products') : null}
        empty={search ? `No products match “${search}”` : 'No products yet'}
        caption="Products"
      />
      <Pager className="mt-4" page={page} totalPages={products.data?.totalPages ?? 0} onPage={setPage} />

      <Modal open={creating} onClose={() => setCreating(false)} title="Add product" className="sm:w-[40rem]">
        <ProductForm
          mode="create"
          initial={EMPTY_PRODUCT}
          categories={categories.data ?? []}
          submitting={create.isPending}
          submitLabel="Create product"
          onCancel={() => setCreating(false)}
          onSubmit={(body) =>
            create.mutateAsync(body).then(
              () => {
                toast.success('Product created');
                setCreating(false);
                setTyped('');
                setPaging({ search: '', page: 1 });
              },
              (err: unknown) => {
                toast.error(errorMessage(err, 'Failed to create product'));
                throw err;
              },
            )
          }
        />
      </Modal>

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title="Update product"
        className="sm:w-[40rem]"
      >
        {editing ? (
          <ProductForm
            key={editing._id}
            mode="edit"
            initial={valuesOf(editing)}
            existingImages={editing.images}
            categories={categories.data ?? []}
            submitting={update.isPending}
            submitLabel="Update product"
            onCancel={() => setEditing(null)}
            onSubmit={(body) =>
              update.mutateAsync({ id: editing._id, body }).then(
                () => {
                  toast.success('Product updated successfully!');
                  setEditing(null);
                },
                (err: unknown) => {
                  toast.error(errorMessage(err, 'Update failed'));
                  throw err;
                },
              )
            }
          />
        ) : null}
      </Modal>

      <ConfirmDelete
        item={deleting}
        title="Delete product"
        remove={remove}
        deleted="delete success"
        failed="Delete failed"
        onClose={() => setDeleting(null)}
      >
        {(p) => (
          <>
            Delete <strong>{p.name}</strong> and its pictures? Past orders keep their copy.
          </>
        )}
      </ConfirmDelete>

      <ConfirmDialog
        open={deletingImage !== null}
        title="Delete image"
        confirmLabel="Delete image"
        busy={removeImage.isPending}
        onCancel={() => setDeletingImage(null)}
        onConfirm={() => {
          if (!deletingImage) return;
          removeImage.mutate(
            { productId: deletingImage.product._id, url: deletingImage.url },
            {
              onSuccess: () => {
                toast.success('Image deleted successfully');
                setDeletingImage(null);
              },
              onError: (err) => toast.error(errorMessage(err, 'Failed to delete image')),
            },
          );
        }}
      >
        {deletingImage ? (
          <div className="flex items-center gap-4">
            <ProductImage url={deletingImage.url} alt="" sizes="80px" className="h-20 w-20 rounded-xl" />
            <p>
              Remove this picture from <strong>{deletingImage.product.name}</strong>?
            </p>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
