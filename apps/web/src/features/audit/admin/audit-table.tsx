import { useState } from 'react';
import { AUDIT_ENTITIES, type AuditEntity, type AuditEntry } from '@urembo/contract/audit';
import { relativeTime } from '@urembo/contract/text';
import { DataTable, type Column } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useAuditLog } from '../api';

const ENTITY_LABELS: Record<AuditEntity, string> = {
  product: 'Products',
  category: 'Categories',
  order: 'Orders',
  payment: 'Payments',
  refund: 'Refunds',
  discount: 'Discounts',
  return: 'Returns',
  review: 'Reviews',
  place: 'Delivery areas',
  user: 'Accounts',
  setting: 'Settings',
};

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDate(at, 'dateTime')} className="whitespace-nowrap">
      {relativeTime(at)}
    </time>
  );
}

function What({ entry }: { entry: AuditEntry }) {
  return (
    <span className="whitespace-nowrap">
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
        {entry.entity}
      </span>{' '}
      <span className="text-stone-600">{entry.action}</span>
    </span>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (e) => <When at={e.at} />, className: 'w-32' },
  {
    header: 'Admin',
    cell: (e) => <span className="font-medium text-ink">{e.admin?.fullName ?? 'Unknown'}</span>,
  },
  { header: 'What', cell: (e) => <What entry={e} /> },
  {
    header: 'Change',
    cell: (e) => <span className="block min-w-64 max-w-xl break-words text-stone-700">{e.summary}</span>,
  },
];

/** The admin "audit log": every admin change, newest first, 25 a page, optionally of one kind of thing. */
export default function AuditTable() {
  const [page, setPage] = useState(1);
  const [entity, setEntity] = useState<AuditEntity | null>(null);
  const { data, isPending, error } = useAuditLog(page, entity);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">
          {data ? `${data.total} change${data.total === 1 ? '' : 's'}, newest first` : '\u00a0'}
        </p>
        <label className="flex items-center gap-2 text-sm text-stone-700">
          Show
          <select
            className="rounded-lg border-stone-300 py-1.5 text-sm"
            value={entity ?? ''}
            onChange={(event) => {
              setEntity((event.target.value || null) as AuditEntity | null);
              setPage(1);
            }}
          >
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {ENTITY_LABELS[e]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        columns={COLUMNS}
        rows={data?.data}
        rowKey={(e) => e._id}
        isLoading={isPending}
        error={error ? errorMessage(error, 'Failed to load the audit log') : null}
        empty={entity ? 'No changes of this kind yet' : 'No admin changes yet'}
        caption="Audit log"
      />
      <Pager className="mt-4" page={page} totalPages={data?.totalPages ?? 0} onPage={setPage} />
    </div>
  );
}
