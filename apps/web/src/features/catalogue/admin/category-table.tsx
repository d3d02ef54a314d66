import { categoryInputSchema, type Category } from '@urembo/contract/catalogue';
import { TRUNCATE, truncate } from '@urembo/contract/text';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { DataTable, type Column } from '../../../components/data-table';
import { ConfirmDelete, DeleteButton } from '../../../components/confirm-dialog';
import { FormActions } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useCategories } from '../api';
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from './api';
import { SearchSynonyms } from './search-synonyms';

function CategoryForm({
  initial,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
}: {
  initial: { category: string; description: string };
  submitLabel: string;
  submitting: boolean;
  onSubmit: (body: { category: string; description: string }) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = categoryInputSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setError(null);
    try {
      await onSubmit(parsed.data);
      setValues({ category: '', description: '' });
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Something went wrong');
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={`${submitLabel} form`}>
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium text-stone-700">
          Category name
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={values.category}
          autoComplete="off"
          onChange={(e) => setValues((v) => ({ ...v, category: e.target.value }))}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium text-stone-700">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className="input min-h-20"
          value={values.description}
          onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormActions submitting={submitting} label={submitLabel} onCancel={onCancel} />
    </form>
  );
}

/** The admin "category" table: the list, create, edit (name and description) and delete (when nothing uses it). */
export default function CategoryTable() {
  const categories = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  const columns: Column<Category>[] = [
    {
      header: 'Category',
      cell: (c) => <span className="font-medium text-ink">{c.category}</span>,
      className: 'min-w-40',
    },
    {
      header: 'Description',
      className: 'min-w-64',
      cell: (c) =>
        c.description ? (
          <span title={c.description}>{truncate(c.description, TRUNCATE.categoryDescription)}</span>
        ) : (
          <span className="text-stone-600">—</span>
        ),
    },
    {
      header: 'Actions',
      cell: (c) => (
        <span className="flex gap-2">
          <button
            type="button"
            className="btn-outline px-3 py-1.5"
            aria-label={`Edit ${c.category}`}
            onClick={() => setEditing(c)}
          >
            Edit
          </button>
          <DeleteButton what={c.category} onClick={() => setDeleting(c)} />
        </span>
      ),
    },
  ];

  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
      <div>
        <DataTable
          columns={columns}
          rows={categories.data}
          rowKey={(c) => c._id}
          isLoading={categories.isPending}
          error={categories.error ? errorMessage(categories.error, 'Failed to load categories') : null}
          empty="No categories yet"
          caption="Categories"
        />
        <SearchSynonyms />
      </div>
      <section className="card h-fit p-5" aria-labelledby="new-category">
        <h2 id="new-category" className="mb-3 font-display text-lg font-semibold text-brand-800">
          New category
        </h2>
        <CategoryForm
          initial={{ category: '', description: '' }}
          submitLabel="Add category"
          submitting={create.isPending}
          onSubmit={(body) =>
            create.mutateAsync(body).then(
              () => toast.success('new category added'),
              (err: unknown) => {
                toast.error(errorMessage(err, 'Failed to create category'));
                throw err;
              },
            )
          }
        />
      </section>
      <ConfirmDelete
        item={deleting}
        title="Delete category"
        remove={remove}
        deleted="category deleted"
        // The server says why it cannot go (products in it, a discount code limited to it).
        failed="Failed to delete category"
        closeOnError
        onClose={() => setDeleting(null)}
      >
        {(c) => (
          <>
            Delete <strong>{c.category}</strong>? Only a category without products can be deleted.
          </>
        )}
      </ConfirmDelete>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title="Edit category">
        {editing ? (
          <CategoryForm
            key={editing._id}
            initial={{ category: editing.category, description: editing.description }}
            submitLabel="Update category"
            submitting={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(body) =>
              update.mutateAsync({ id: editing._id, body }).then(
                () => {
                  toast.success('category updated');
                  setEditing(null);
                },
                (err: unknown) => {
                  toast.error(errorMessage(err, 'Failed to update category'));
                  throw err;
                },
              )
            }
          />
        ) : null}
      </Modal>
    </div>
  );
}
