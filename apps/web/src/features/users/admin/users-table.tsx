import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import { relativeTime } from '@urembo/contract/text';
import type { User } from '@urembo/contract/users';
import { DataTable, type Column } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useAdminUsers } from '../api';

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${
        on ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200' : 'bg-stone-100 text-stone-600'
      }`}
      title={`${label} ${on ? 'verified' : 'not verified'}`}
    >
      {on ? '✓' : '–'} {label}
    </span>
  );
}

const COLUMNS: Column<User>[] = [
  {
    header: 'Full name',
    cell: (u) => <span className="font-medium text-ink">{u.fullName}</span>,
    className: 'min-w-40',
  },
  {
    header: 'Email',
    cell: (u) => (u.email ? <EmailText email={u.email} /> : <span className="text-stone-600">—</span>),
  },
  {
    header: 'Phone',
    cell: (u) => <span className="whitespace-nowrap">{formatPhoneForDisplay(u.phone)}</span>,
  },
  {
    header: 'Role',
    cell: (u) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
          u.role === 'admin' ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-700'
        }`}
      >
        {u.role}
      </span>
    ),
  },
  {
    header: 'Verified',
    cell: (u) => (
      <span className="flex flex-wrap gap-1">
        <Flag on={u.isEmailVerified} label="Email" />
        <Flag on={u.isPhoneVerified} label="Phone" />
      </span>
    ),
  },
  {
    header: 'Last login',
    cell: (u) =>
      u.lastLogin ? (
        <time
          dateTime={u.lastLogin}
          title={formatDate(u.lastLogin, 'dateTime')}
          className="whitespace-nowrap"
        >
          {relativeTime(u.lastLogin)}
        </time>
      ) : (
        <span className="text-stone-600">Never</span>
      ),
  },
];

function LastLogin({ at }: { at: string | null }) {
  if (!at) return <span className="text-stone-600">Never</span>;
  return (
    <time dateTime={at} title={formatDate(at, 'dateTime')} className="whitespace-nowrap">
      {relativeTime(at)}
    </time>
  );
}

/** On a phone each account is a compact card instead of a row of a wide table. */
function UserCards({ users }: { users: User[] }) {
  return (
    <ul className="space-y-2 md:hidden" aria-label="Users">
      {users.map((u) => (
        <li key={u._id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-stone-200">
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold text-ink">{u.fullName}</p>
            {COLUMNS[3]!.cell(u)}
          </div>
          <p className="mt-0.5 text-stone-600">
            {formatPhoneForDisplay(u.phone)}
            {u.email ? <EmailText email={u.email} className="block" /> : null}
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            {COLUMNS[4]!.cell(u)}
            <span className="text-xs text-stone-600">
              Last login: <LastLogin at={u.lastLogin} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The admin "users" table: the shop's accounts, 10 a page from the server. */
export default function UsersTable() {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useAdminUsers(page);
  return (
    <div>
      <p className="mb-3 text-sm text-stone-600">
        {data ? `${data.total} account${data.total === 1 ? '' : 's'}, newest first` : '\u00a0'}
      </p>
      {data && data.data.length > 0 ? <UserCards users={data.data} /> : null}
      <div className={data && data.data.length > 0 ? 'hidden md:block' : ''}>
        <DataTable
          columns={COLUMNS}
          rows={data?.data}
          rowKey={(u) => u._id}
          isLoading={isPending}
          error={error ? errorMessage(error, 'Failed to load users') : null}
          empty="No accounts yet"
          caption="Users"
        />
      </div>
      <Pager className="mt-4" page={page} totalPages={data?.totalPages ?? 0} onPage={setPage} />
    </div>
  );
}
