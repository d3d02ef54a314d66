import type { CreateDiscountBody, Discount } from '@urembo/contract/discounts';
import { formatKsh } from '@urembo/contract/money';
import { DAY_MS, nairobiDate } from '@urembo/contract/nairobi-time';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDelete, DeleteButton } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { FormActions } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { useCategories } from '../../../app/data/catalogue';
import { useCreateDiscount, useDeleteDiscount, useDiscounts, useUpdateDiscount } from '../api';

/** The form's values, as the inputs hold them (dates as Nairobi calendar days). */
interface Values {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  minSubtotal: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  categories: string[];
  active: boolean;
}

const EMPTY: Values = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  oncePerCustomer: false,
  categories: [],
  active: true,
};

/** A code starts at midnight of its first day and ends at midnight after its last day, in Nairobi. */
function startOf(day: string): string {
  return `${day}T00:00:00+03:00`;
}
function endAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00+03:00`) + DAY_MS).toISOString();
}
/** The last Nairobi day a code runs (the day before the midnight it ends at). */
function lastDay(endsAt: string): string {
  return nairobiDate(new Date(Date.parse(endsAt) - 1));
}

function valuesOf(d: Discount): Values {
  return {
    code: d.code,
    kind: d.kind,
    value: String(d.value),
    minSubtotal: d.minSubtotal ? String(d.minSubtotal) : '',
    startsOn: d.startsAt ? nairobiDate(new Date(d.startsAt)) : '',
    endsOn: d.endsAt ? lastDay(d.endsAt) : '',
    usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
    oncePerCustomer: d.oncePerCustomer,
    categories: d.categories,
    active: d.active,
  };
}

/** The body the API takes; a number field left empty means none (numbers typed are sent as typed, the server checks). */
function bodyOf(v: Values): CreateDiscountBody {
  const number = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return {
    code: v.code.trim(),
    kind: v.kind,
    value: number(v.value) ?? 0,
    minSubtotal: number(v.minSubtotal) ?? 0,
    startsAt: v.startsOn ? startOf(v.startsOn) : null,
    endsAt: v.endsOn ? endAfter(v.endsOn) : null,
    usageLimit: number(v.usageLimit),
    oncePerCustomer: v.oncePerCustomer,
    categories: v.categories,
    active: v.active,
  };
}

function DiscountForm({
  initial,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
}: {
  initial: Values;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (body: CreateDiscountBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const categories = useCategories();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await onSubmit(bodyOf(values));
      setValues(initial);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong'));
    }
  }

  const label = 'mb-1 block text-sm font-medium text-stone-700';
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={`${submitLabel} form`}>
      <div>
        <label htmlFor={`${id}-code`} className={label}>
          Code
        </label>
        <input
          id={`${id}-code`}
          className="input uppercase"
          value={values.code}
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          onChange={(e) => set('code', e.target.value)}
        />
        <p className="mt-1 text-xs text-stone-600">
          3 to 20 letters, digits and dashes; shoppers type it in any case.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-kind`} className={label}>
            Kind
          </label>
          <select
            id={`${id}-kind`}
            className="input"
            value={values.kind}
            onChange={(e) => set('kind', e.target.value as Values['kind'])}
          >
            <option value="percent">Percent off</option>
            <option value="amount">Amount off (Ksh)</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-value`} className={label}>
            {values.kind === 'percent' ? 'Percent (1–90)' : 'Amount (Ksh)'}
          </label>
          <input
            id={`${id}-value`}
            className="input"
            inputMode="numeric"
            value={values.value}
            onChange={(e) => set('value', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-min`} className={label}>
            Minimum subtotal
          </label>
          <input
            id={`${id}-min`}
            className="input"
            inputMode="numeric"
            placeholder="None"
            value={values.minSubtotal}
            onChange={(e) => set('minSubtotal', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-limit`} className={label}>
            Total uses
          </label>
          <input
            id={`${id}-limit`}
            className="input"
            inputMode="numeric"
            placeholder="No limit"
            value={values.usageLimit}
            onChange={(e) => set('usageLimit', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-starts`} className={label}>
            First day
          </label>
          <input
            id={`${id}-starts`}
            type="date"
            className="input"
            value={values.startsOn}
            onChange={(e) => set('startsOn', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-ends`} className={label}>
            Last day
          </label>
          <input
            id={`${id}-ends`}
            type="date"
            className="input"
            value={values.endsOn}
            onChange={(e) => set('endsOn', e.target.value)}
          />
        </div>
      </div>
      <fieldset>
        <legend className={label}>Categories</legend>
        <p className="mb-1.5 text-xs text-stone-600">None ticked: every product.</p>
        <div className="flex max-h-36 flex-wrap gap-x-4 gap-y-1.5 overflow-y-auto">
          {(categories.data ?? []).map((c) => (
            <label key={c._id} className="flex items-center gap-2 text-sm text-stone-700">
              <input
                type="checkbox"
                checked={values.categories.includes(c._id)}
                onChange={(e) =>
                  set(
                    'categories',
                    e.target.checked
                      ? [...values.categories, c._id]
                      : values.categories.filter((x) => x !== c._id),
                  )
                }
              />
              {c.category}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          checked={values.oncePerCustomer}
          onChange={(e) => set('oncePerCustomer', e.target.checked)}
        />
        Once per customer
      </label>
      <label className="flex items-center gap-2 text-sm text-stone-700">
        <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        Active (shoppers can use it)
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormActions submitting={submitting} label={submitLabel} onCancel={onCancel} />
    </form>
  );
}

function Status({ discount }: { discount: Discount }) {
  const now = new Date().toISOString();
  const [text, tone] = !discount.active
    ? ['Paused', 'bg-stone-100 text-stone-600']
    : discount.endsAt && now >= discount.endsAt
      ? ['Ended', 'bg-stone-100 text-stone-600']
      : discount.startsAt && now < discount.startsAt
        ? ['Scheduled', 'bg-gold-400/20 text-stone-800']
        : discount.usageLimit !== null && discount.used >= discount.usageLimit
          ? ['Used up', 'bg-red-50 text-red-700']
          : ['Active', 'bg-emerald-50 text-emerald-800'];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{text}</span>;
}

function dayLabel(iso: string): string {
  return new Date(iso).toLocaleDateString('en-KE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  });
}

/** The admin "Discounts" table: every code with its use count; create, edit, pause or resume, and delete. */
export default function DiscountsTable() {
  const discounts = useDiscounts();
  const categories = useCategories();
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const remove = useDeleteDiscount();
  const [editing, setEditing] = useState<Discount | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const categoryName = (id: string) =>
    categories.data?.find((c) => c._id === id)?.category ?? 'a removed category';

  const columns: Column<Discount>[] = [
    {
      header: 'Code',
      className: 'min-w-36',
      cell: (d) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-mono font-semibold text-ink">{d.code}</span>
          <Status discount={d} />
        </span>
      ),
    },
    {
      header: 'Discount',
      cell: (d) => (
        <span className="whitespace-nowrap">
          {d.kind === 'percent' ? `${d.value}% off` : `${formatKsh(d.value)} off`}
        </span>
      ),
    },
    {
      header: 'Conditions',
      className: 'min-w-52',
      cell: (d) => (
        <span className="block space-y-0.5">
          <span className="block">
            {d.categories.length === 0 ? 'Every product' : d.categories.map(categoryName).join(', ')}
          </span>
          {d.minSubtotal > 0 ? (
            <span className="block text-xs text-stone-600">From {formatKsh(d.minSubtotal)}</span>
          ) : null}
          {d.startsAt || d.endsAt ? (
            <span className="block text-xs text-stone-600">
              {d.startsAt ? dayLabel(d.startsAt) : 'Now'} –{' '}
              {d.endsAt ? dayLabel(new Date(Date.parse(d.endsAt) - 1).toISOString()) : 'no end'}
            </span>
          ) : null}
          {d.oncePerCustomer ? <span className="block text-xs text-stone-600">Once per customer</span> : null}
        </span>
      ),
    },
    {
      header: 'Uses',
      cell: (d) => (
        <span className="whitespace-nowrap tabular-nums" data-testid="discount-uses">
          {d.used}
          {d.usageLimit !== null ? ` / ${d.usageLimit}` : ''}
        </span>
      ),
    },
    {
      header: 'Actions',
      cell: (d) => (
        <div className="flex flex-nowrap items-center gap-2">
          <button type="button" className="btn-outline px-3 py-1.5" onClick={() => setEditing(d)}>
            Edit
          </button>
          <button
            type="button"
            className="btn-outline px-3 py-1.5"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: d._id, body: { active: !d.active } },
                {
                  onSuccess: () => toast.success(d.active ? `${d.code} paused` : `${d.code} active again`),
                  onError: (err) => toast.error(errorMessage(err, 'Failed to update the code')),
                },
              )
            }
          >
            {d.active ? 'Pause' : 'Resume'}
          </button>
          <DeleteButton what={d.code} onClick={() => setDeleting(d)} />
        </div>
      ),
    },
  ];

  return (
    <div className="grid gap-6 2xl:grid-cols-[1fr_24rem]">
      <div className="min-w-0">
        <DataTable
          columns={columns}
          rows={discounts.data}
          rowKey={(d) => d._id}
          isLoading={discounts.isPending}
          error={discounts.error ? errorMessage(discounts.error, 'Failed to load discount codes') : null}
          empty="No discount codes yet"
          caption="Discount codes"
        />
      </div>
      <section className="card h-fit max-w-2xl p-5" aria-labelledby="new-discount">
        <h2 id="new-discount" className="mb-3 font-display text-lg font-semibold text-brand-800">
          New discount code
        </h2>
        <DiscountForm
          initial={EMPTY}
          submitLabel="Add code"
          submitting={create.isPending}
          onSubmit={(body) =>
            create.mutateAsync(body).then((created) => toast.success(`${created.code} added`))
          }
        />
      </section>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title="Edit discount code">
        {editing ? (
          <DiscountForm
            key={editing._id}
            initial={valuesOf(editing)}
            submitLabel="Update code"
            submitting={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(body) =>
              update.mutateAsync({ id: editing._id, body }).then(() => {
                toast.success('Discount code updated');
                setEditing(null);
              })
            }
          />
        ) : null}
      </Modal>
      <ConfirmDelete
        item={deleting}
        title="Delete discount code"
        remove={remove}
        deleted={(d) => `${d.code} deleted`}
        failed="Failed to delete the code"
        onClose={() => setDeleting(null)}
      >
        {(d) => `${d.code} will no longer work at checkout. Orders placed with it keep their discount.`}
      </ConfirmDelete>
    </div>
  );
}
