import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatKsh } from '@urembo/contract/money';
import { SHIPPING_KIND_SINGULAR, shippingFeeSchema, type ShippingKind } from '@urembo/contract/shipping';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { placeBody, useShippingList, useShippingMutations, type Place } from '../api';

const TITLES: Record<ShippingKind, string> = {
  countries: 'Countries',
  counties: 'Counties',
  towns: 'Towns',
  locations: 'Locations',
};
/** The toasts. */
const ADDED: Record<ShippingKind, string> = {
  countries: 'country added',
  counties: 'county added',
  towns: 'Town added',
  locations: 'location added',
};

/** The server's reason when it gave one (a 409 "still has towns", a duplicate name...), else the fallback. */
function failure(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

function fee(place: Place): number | undefined {
  return 'shippingFee' in place ? place.shippingFee : undefined;
}

const PencilIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width={16}
    height={16}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    aria-hidden="true"
  >
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" strokeLinejoin="round" />
  </svg>
);
const TrashIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width={16}
    height={16}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    aria-hidden="true"
  >
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" strokeLinejoin="round" />
  </svg>
);

/** Beside a switched-off place's name in the admin's table. */
function OffBadge() {
  return (
    <span className="ml-2 inline-block rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
      Off
    </span>
  );
}

/** A place's add or edit form; a location's fee is checked with the server's rule before sending. */
export function PlaceForm({
  kind,
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  kind: ShippingKind;
  initial?: { name: string; shippingFee?: number | undefined };
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: { name: string; shippingFee?: number }) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [shippingFee, setShippingFee] = useState(
    initial?.shippingFee === undefined ? '' : String(initial.shippingFee),
  );
  const [feeError, setFeeError] = useState<string | undefined>();
  const feeErrorId = useId();
  const label = SHIPPING_KIND_SINGULAR[kind];
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    let fee: number | undefined;
    if (kind === 'locations') {
      // The server's own rule, checked here so a wrong fee (negative, fractional, empty) says why at once.
      const checked = shippingFeeSchema.safeParse(shippingFee.trim() === '' ? Number.NaN : shippingFee);
      if (!checked.success) {
        setFeeError(checked.error.issues[0]?.message ?? 'Delivery fee must be a number of shillings');
        return;
      }
      fee = checked.data;
    }
    setFeeError(undefined);
    const ok = await onSubmit({ name: name.trim(), ...(fee === undefined ? {} : { shippingFee: fee }) });
    if (ok && !initial) {
      setName('');
      setShippingFee('');
    }
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-center gap-2">
      <input
        className={`input min-w-0 flex-1 px-3 py-2 text-sm ${kind === 'locations' || initial ? 'basis-full' : ''}`}
        placeholder={initial ? `${label} name` : `New ${label} name`}
        aria-label={initial ? `${label} name` : `New ${label} name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
      />
      {kind === 'locations' ? (
        <input
          className="input min-w-0 flex-1 px-3 py-2 text-sm"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="Fee"
          aria-label="Delivery fee (Ksh)"
          aria-invalid={feeError ? true : undefined}
          aria-describedby={feeError ? feeErrorId : undefined}
          value={shippingFee}
          onChange={(e) => setShippingFee(e.target.value)}
          required
        />
      ) : null}
      {feeError ? (
        <p id={feeErrorId} role="alert" className="basis-full text-sm text-red-700">
          {feeError}
        </p>
      ) : null}
      <button type="submit" className="btn-primary px-4 py-2" disabled={pending || !name.trim()}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className="btn-ghost px-3 py-2" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </form>
  );
}

function PlaceColumn({
  kind,
  parentId,
  parentName,
  waitingFor,
  selectedId,
  onSelect,
  className = '',
}: {
  kind: ShippingKind;
  parentId?: string | undefined;
  parentName?: string | undefined;
  waitingFor?: string | undefined;
  selectedId?: string | undefined;
  onSelect?: (place: Place) => void;
  className?: string;
}) {
  const list = useShippingList(kind, parentId, true);
  const { create, update, remove } = useShippingMutations(kind);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const label = SHIPPING_KIND_SINGULAR[kind];
  const needsParent = kind !== 'countries';

  async function add(values: { name: string; shippingFee?: number }) {
    try {
      await create.mutateAsync(placeBody(kind, { ...values, parentId }));
      toast.success(ADDED[kind]);
      return true;
    } catch (error) {
      toast.error(failure(error, `Failed to create ${label}`));
      return false;
    }
  }

  async function save(place: Place, values: { name: string; shippingFee?: number }) {
    try {
      await update.mutateAsync({ id: place._id, body: placeBody(kind, values) });
      toast.success(`${label} updated`);
      setEditingId(null);
      return true;
    } catch (error) {
      toast.error(failure(error, `Failed to update ${label}`));
      return false;
    }
  }

  async function toggle(place: Place) {
    try {
      await update.mutateAsync({ id: place._id, body: { active: !place.active } });
      toast.success(
        place.active
          ? `${place.name} switched off: customers can no longer choose it or order there`
          : `${place.name} switched on`,
      );
    } catch (error) {
      toast.error(failure(error, `Failed to update ${label}`));
    }
  }

  async function destroy(place: Place) {
    try {
      const { message } = await remove.mutateAsync(place._id);
      toast.success(message || `${label} deleted`);
    } catch (error) {
      toast.error(failure(error, `Failed to delete ${label}`));
    } finally {
      setConfirmId(null);
    }
  }

  return (
    <section
      aria-label={TITLES[kind]}
      className={`flex min-h-0 flex-col rounded-2xl bg-white ring-1 ring-stone-200 lg:max-h-[calc(100dvh-12rem)] ${className}`}
    >
      <header className="border-b border-stone-100 px-4 pb-3 pt-4">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-700">{TITLES[kind]}</h2>
          {list.data ? <span className="text-xs text-stone-600">{list.data.length}</span> : null}
        </div>
        {parentName ? <p className="mt-0.5 truncate text-xs text-stone-600">in {parentName}</p> : null}
        {!needsParent || parentId ? (
          <div className="mt-3">
            <PlaceForm kind={kind} submitLabel="Add" pending={create.isPending} onSubmit={add} />
          </div>
        ) : null}
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {needsParent && !parentId ? (
          <p className="px-4 py-8 text-center text-sm text-stone-600">
            Choose a {waitingFor} to see its {TITLES[kind].toLowerCase()}
          </p>
        ) : list.isPending ? (
          <Spinner label={`Loading ${TITLES[kind].toLowerCase()}`} className="py-8" />
        ) : list.isError ? (
          <p className="px-4 py-6 text-sm text-red-700">Failed to load {TITLES[kind].toLowerCase()}</p>
        ) : list.data.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-stone-600">No {TITLES[kind].toLowerCase()} yet</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {list.data.map((place) => {
              const selected = place._id === selectedId;
              if (editingId === place._id) {
                return (
                  <li key={place._id} className="bg-brand-50/50 px-3 py-2.5">
                    <PlaceForm
                      kind={kind}
                      initial={{ name: place.name, shippingFee: fee(place) }}
                      submitLabel="Save"
                      pending={update.isPending}
                      onSubmit={(values) => save(place, values)}
                      onCancel={() => setEditingId(null)}
                    />
                  </li>
                );
              }
              if (confirmId === place._id) {
                return (
                  <li
                    key={place._id}
                    className="flex flex-wrap items-center gap-2 bg-red-50 px-4 py-2.5 text-sm"
                  >
                    <span className="flex-1 text-red-800">Delete {place.name}?</span>
                    <button
                      type="button"
                      className="btn bg-red-600 px-3 py-1.5 text-white hover:bg-red-700"
                      disabled={remove.isPending}
                      onClick={() => void destroy(place)}
                    >
                      Delete
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1.5"
                      onClick={() => setConfirmId(null)}
                    >
                      Cancel
                    </button>
                  </li>
                );
              }
              return (
                <li
                  key={place._id}
                  className={`group flex items-center gap-1 pr-2 ${selected ? 'bg-brand-50' : 'hover:bg-stone-50'}`}
                >
                  {onSelect ? (
                    <button
                      type="button"
                      onClick={() => onSelect(place)}
                      aria-pressed={selected}
                      className={`flex min-w-0 flex-1 items-center justify-between gap-2 px-4 py-2.5 text-left text-sm ${
                        selected ? 'font-semibold text-brand-800' : 'text-stone-800'
                      }`}
                    >
                      <span className="min-w-0 break-words">
                        {place.name}
                        {place.active ? null : <OffBadge />}
                      </span>
                      <span aria-hidden="true" className={selected ? 'text-brand-600' : 'text-stone-600'}>
                        ›
                      </span>
                    </button>
                  ) : (
                    <span className="flex min-w-0 flex-1 flex-col px-4 py-2.5 text-sm text-stone-800">
                      <span className="break-words">
                        {place.name}
                        {place.active ? null : <OffBadge />}
                      </span>
                      {fee(place) !== undefined ? (
                        <span className="text-xs font-medium tabular-nums text-brand-700">
                          {formatKsh(fee(place)!)}
                        </span>
                      ) : null}
                    </span>
                  )}
                  <button
                    type="button"
                    role="switch"
                    aria-checked={place.active}
                    aria-label={`Deliver to ${place.name}`}
                    title={place.active ? 'Delivered to: switch off' : 'Switched off: switch on'}
                    className={`relative h-5 w-9 shrink-0 rounded-full transition-colors ${
                      place.active ? 'bg-emerald-600' : 'bg-stone-400'
                    }`}
                    disabled={update.isPending}
                    onClick={() => void toggle(place)}
                  >
                    <span
                      aria-hidden="true"
                      className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${
                        place.active ? 'left-[1.125rem]' : 'left-0.5'
                      }`}
                    />
                  </button>
                  <button
                    type="button"
                    className="rounded-lg p-2 text-stone-600 hover:bg-white hover:text-brand-700"
                    aria-label={`Edit ${place.name}`}
                    onClick={() => {
                      setConfirmId(null);
                      setEditingId(place._id);
                    }}
                  >
                    <PencilIcon />
                  </button>
                  <button
                    type="button"
                    className="rounded-lg p-2 text-stone-600 hover:bg-white hover:text-red-600"
                    aria-label={`Delete ${place.name}`}
                    onClick={() => {
                      setEditingId(null);
                      setConfirmId(place._id);
                    }}
                  >
                    <TrashIcon />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

interface Picked {
  _id: string;
  name: string;
}

/**
 * The admin "shipping" table: the delivery geography as four linked columns (country → county → town → location
 * with its fee). On a phone one level shows at a time, with a trail to go back up.
 */
export default function ShippingTable() {
  const [country, setCountry] = useState<Picked | null>(null);
  const [county, setCounty] = useState<Picked | null>(null);
  const [town, setTown] = useState<Picked | null>(null);
  const deepest: ShippingKind = town ? 'locations' : county ? 'towns' : country ? 'counties' : 'countries';
  const onPhone = (kind: ShippingKind) => (kind === deepest ? 'flex' : 'hidden lg:flex');
  const trail: { label: string; onClick: () => void }[] = [
    { label: 'All countries', onClick: () => (setCountry(null), setCounty(null), setTown(null)) },
    ...(country ? [{ label: country.name, onClick: () => (setCounty(null), setTown(null)) }] : []),
    ...(county ? [{ label: county.name, onClick: () => setTown(null) }] : []),
    ...(town ? [{ label: town.name, onClick: () => undefined }] : []),
  ];

  return (
    <div>
      <p className="mb-3 text-sm text-stone-600">
        Where the shop delivers and what delivery costs. Customers pick these in their address books; checkout
        charges the location&apos;s fee. A place addresses use cannot be deleted: switch it off instead, and
        customers can no longer choose it or order there.
      </p>
      <nav aria-label="Shipping trail" className="mb-3 flex flex-wrap items-center gap-1 text-sm lg:hidden">
        {trail.map((step, i) => (
          <span key={step.label + i} className="flex items-center gap-1">
            {i > 0 ? <span className="text-stone-600">›</span> : null}
            {i < trail.length - 1 ? (
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline"
                onClick={step.onClick}
              >
                {step.label}
              </button>
            ) : (
              <span className="font-semibold text-ink">{step.label}</span>
            )}
          </span>
        ))}
      </nav>
      <div className="grid gap-3 lg:grid-cols-4">
        <PlaceColumn
          kind="countries"
          className={onPhone('countries')}
          selectedId={country?._id}
          onSelect={(p) => (setCountry(p), setCounty(null), setTown(null))}
        />
        <PlaceColumn
          kind="counties"
          className={onPhone('counties')}
          parentId={country?._id}
          parentName={country?.name}
          waitingFor="country"
          selectedId={county?._id}
          onSelect={(p) => (setCounty(p), setTown(null))}
        />
        <PlaceColumn
          kind="towns"
          className={onPhone('towns')}
          parentId={county?._id}
          parentName={county ? `${county.name}, ${country?.name}` : undefined}
          waitingFor="county"
          selectedId={town?._id}
          onSelect={(p) => setTown(p)}
        />
        <PlaceColumn
          kind="locations"
          className={onPhone('locations')}
          parentId={town?._id}
          parentName={town ? `${town.name}, ${county?.name}` : undefined}
          waitingFor="town"
        />
      </div>
    </div>
  );
}
