import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'wouter';
import { formatKsh } from '@urembo/contract/money';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import {
  RETURN_LIMITS,
  RETURN_NEXT,
  RETURN_STATES,
  type Return,
  type ReturnState,
} from '@urembo/contract/returns';
import { DataTable, type Column } from '../../../components/data-table';
import { Modal } from '../../../components/modal';
import { Pager } from '../../../components/pager';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useAdminReturns, useMoveReturn } from '../api';

type Step = Exclude<ReturnState, 'requested'>;

const STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
};

const STATE_STYLES: Record<ReturnState, string> = {
  requested: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-sky-50 text-sky-800 ring-sky-200',
  rejected: 'bg-stone-100 text-stone-600 ring-stone-300',
  received: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

/** Each step as a button, a dialog title, what it does, and what is said once done. */
const STEPS: Record<Step, { button: string; title: string; done: string }> = {
  approved: { button: 'Approve', title: 'Approve this return?', done: 'approved' },
  rejected: { button: 'Reject', title: 'Reject this return?', done: 'rejected' },
  received: { button: 'Mark received', title: 'Mark this return received?', done: 'marked received' },
};

function isState(value: string | null): value is ReturnState {
  return (RETURN_STATES as readonly string[]).includes(value ?? '');
}

function itemLine(item: Return['items'][number]): string {
  return `${item.count} × ${item.name}${item.variant ? ` (${item.variant.sku})` : ''}`;
}

function StateBadge({ state }: { state: ReturnState }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_STYLES[state]}`}
    >
      {STATE_LABELS[state]}
    </span>
  );
}

/**
 * Admin panel › Returns: newest first, 25 a page, optionally in one state (`?state=requested`). Each return shows
 * its order, who asked, the items, the reason and the refund; an admin approves or rejects a request and marks an
 * approved return received, with a note the customer gets in the SMS. Rejecting and receiving are final, so they ask
 * first; receiving puts the items back in stock and makes the refund due.
 */
export default function ReturnsTable() {
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = isState(raw) ? raw : undefined;
  const returns = useAdminReturns(page, state);
  const [acting, setActing] = useState<{ ret: Return; step: Step } | null>(null);

  const columns: Column<Return>[] = [
    {
      header: 'Return',
      cell: (r) => (
        <>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-ink">{r.order.reference}</span>
            <StateBadge state={r.state} />
          </span>
          <time dateTime={r.createdAt} className="mt-0.5 block whitespace-nowrap text-xs text-stone-600">
            {formatDate(r.createdAt, 'dateTime')}
          </time>
        </>
      ),
    },
    {
      header: 'Customer',
      cell: (r) => (
        <>
          <span className="block font-medium">{r.customer.name}</span>
          <span className="whitespace-nowrap text-xs text-stone-600">
            {formatPhoneForDisplay(r.customer.phone)}
          </span>
        </>
      ),
    },
    {
      header: 'Items',
      cell: (r) => (
        <ul className="min-w-40">
          {r.items.map((item) => (
            <li key={`${item._id}:${item.variant?._id ?? ''}`}>{itemLine(item)}</li>
          ))}
        </ul>
      ),
    },
    {
      header: 'Reason',
      cell: (r) => (
        <div className="min-w-40 max-w-xs break-words">
          <p className="text-stone-700">{r.reason}</p>
          {r.note ? <p className="mt-1 text-xs text-stone-600">Our note: {r.note}</p> : null}
        </div>
      ),
    },
    {
      header: 'Refund',
      cell: (r) => <span className="whitespace-nowrap font-semibold">{formatKsh(r.refundAmount)}</span>,
      className: 'text-right',
    },
    {
      header: 'Actions',
      cell: (r) =>
        RETURN_NEXT[r.state].length > 0 ? (
          <div className="flex items-center gap-2">
            {RETURN_NEXT[r.state].map((next) => {
              const step = next as Step;
              return (
                <button
                  key={step}
                  type="button"
                  className={
                    step === 'rejected'
                      ? 'rounded-full px-3 py-1.5 text-xs font-semibold text-red-700 hover:bg-red-50'
                      : 'btn-outline whitespace-nowrap px-3 py-1.5 text-xs'
                  }
                  aria-label={`${STEPS[step].button}: the return of order ${r.order.reference}`}
                  onClick={() => setActing({ ret: r, step })}
                >
                  {STEPS[step].button}
                </button>
              );
            })}
          </div>
        ) : (
          <span className="text-xs text-stone-600">
            {r.receivedAt ? `Received ${formatDate(r.receivedAt)}` : 'Closed'}
          </span>
        ),
    },
  ];

  const data = returns.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-stone-600">
          Show
          <select
            className="input w-auto py-1.5"
            value={state ?? ''}
            onChange={(e) => {
              setPage(1);
              setParams(e.target.value ? { state: e.target.value } : {});
            }}
          >
            <option value="">All returns</option>
            {RETURN_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {data ? (
          <p className="text-sm text-stone-600" data-testid="returns-total">
            {data.total} {data.total === 1 ? 'return' : 'returns'}
            {state ? ` ${STATE_LABELS[state].toLowerCase()}` : ''}
          </p>
        ) : null}
      </div>
      <DataTable
        caption="Returns, newest first"
        columns={columns}
        rows={data?.data}
        rowKey={(r) => r._id}
        isLoading={returns.isPending}
        error={returns.isError ? errorMessage(returns.error, 'Failed to fetch returns') : null}
        empty={state ? `No ${STATE_LABELS[state].toLowerCase()} returns` : 'No returns yet'}
      />
      <Pager page={page} totalPages={data?.totalPages ?? 0} onPage={setPage} />
      {acting ? <StepDialog ret={acting.ret} step={acting.step} onClose={() => setActing(null)} /> : null}
    </div>
  );
}

/**
 * One step of a return, with the note the customer reads in the SMS. Rejecting and receiving cannot be undone: they
 * are alert dialogs whose focus starts on Cancel.
 */
function StepDialog({ ret, step, onClose }: { ret: Return; step: Step; onClose: () => void }) {
  const [note, setNote] = useState('');
  const move = useMoveReturn();
  const bodyId = useId();
  const noteId = useId();
  const final = step !== 'approved';
  const { button, title, done } = STEPS[step];

  function submit() {
    move.mutate(
      { id: ret._id, body: { state: step, note: note.trim() || undefined } },
      {
        onSuccess: () => {
          toast.success(`Return of order ${ret.order.reference} ${done}`);
          onClose();
        },
        onError: (error) => {
          toast.error(errorMessage(error, 'Failed to update the return'));
          // Another admin moved it first: the list shows where it is now.
          if (error instanceof ApiRequestError && error.status === 409) onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      onClose={() => (move.isPending ? undefined : onClose())}
      title={title}
      role={final ? 'alertdialog' : 'dialog'}
      describedBy={bodyId}
    >
      <div id={bodyId} className="space-y-2 text-sm text-stone-700">
        <p>
          Order <strong className="text-ink">{ret.order.reference}</strong> · {ret.customer.name} ·{' '}
          {formatPhoneForDisplay(ret.customer.phone)}
        </p>
        <ul className="rounded-xl bg-stone-50 px-3 py-2">
          {ret.items.map((item) => (
            <li key={`${item._id}:${item.variant?._id ?? ''}`} className="flex justify-between gap-3">
              <span>{itemLine(item)}</span>
              <span className="shrink-0 text-stone-600">{formatKsh(item.price * item.count)}</span>
            </li>
          ))}
        </ul>
        <p className="break-words">Reason: {ret.reason}</p>
        {step === 'approved' ? (
          <p>The customer is told by SMS to bring or send the items back.</p>
        ) : step === 'rejected' ? (
          <p className="rounded-xl bg-red-50 px-3 py-2 text-red-800">
            The customer is told by SMS that the return is not accepted. This cannot be undone.
          </p>
        ) : (
          <p className="rounded-xl bg-gold-400/15 px-3 py-2">
            Only when the items are in the shop: they go back into stock, and{' '}
            <strong className="text-ink">{formatKsh(ret.refundAmount)}</strong> becomes refund due on the
            order&apos;s payments. The customer is told by SMS. This cannot be undone.
          </p>
        )}
      </div>
      <label htmlFor={noteId} className="mt-4 block text-sm font-medium text-stone-700">
        Note to the customer (optional, sent in the SMS)
      </label>
      <textarea
        id={noteId}
        className="input mt-1 min-h-20"
        value={note}
        maxLength={RETURN_LIMITS.note}
        onChange={(e) => setNote(e.target.value)}
        data-autofocus={final ? undefined : true}
      />
      <div className="mt-5 flex justify-end gap-3">
        <button
          type="button"
          className="btn-ghost"
          onClick={onClose}
          disabled={move.isPending}
          data-autofocus={final ? true : undefined}
        >
          Cancel
        </button>
        <button
          type="button"
          className={step === 'rejected' ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
          disabled={move.isPending}
          onClick={submit}
        >
          {move.isPending ? 'Saving…' : button}
        </button>
      </div>
    </Modal>
  );
}
