import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import toast from 'react-hot-toast';
import { formatKsh } from '@urembo/contract/money';
import type { AdminReview } from '@urembo/contract/reviews';
import { TRUNCATE, truncate } from '@urembo/contract/text';
import { DataTable, type Column } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';
import { Modal } from '../../../components/modal';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useAdminReviews, useDeleteReview } from '../api';
import { Stars } from '../components/stars';

/** Admin panel › Reviews: every review, newest first, 25 a page; an admin may delete one. */
export default function ReviewsTable() {
  const [page, setPage] = useState(1);
  const reviews = useAdminReviews(page);
  const remove = useDeleteReview();
  const [confirming, setConfirming] = useState<AdminReview | null>(null);

  const onDelete = (review: AdminReview) => {
    remove.mutate(review._id, {
      onSuccess: (answer) => {
        toast.success(answer.message || 'review deleted');
        setConfirming(null);
        // The last review of the last page is gone: step back a page.
        const data = reviews.data;
        if (data && data.data.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => toast.error(errorMessage(error, 'failed to delete review')),
    });
  };

  const columns: Column<AdminReview>[] = [
    {
      header: 'Product',
      cell: (r) => (
        <div className="min-w-36">
          <p className="font-medium text-ink">{r.product.name}</p>
          <p className="text-xs text-stone-600">{formatKsh(r.product.price)}</p>
        </div>
      ),
    },
    {
      header: 'Reviewer',
      cell: (r) => (
        <div className="min-w-36">
          <p className="font-medium text-ink">{r.user.fullName}</p>
          <p className="text-xs text-stone-600">
            {r.user.email ? <EmailText email={r.user.email} /> : 'No email'}
          </p>
        </div>
      ),
    },
    {
      header: 'Rating',
      cell: (r) => <Stars value={r.rating} size={14} />,
      className: 'whitespace-nowrap',
    },
    {
      header: 'Comment',
      cell: (r) =>
        r.comment ? (
          <p className="min-w-48 max-w-sm break-words text-stone-700" title={r.comment}>
            {truncate(r.comment, TRUNCATE.adminReviewComment)}
          </p>
        ) : (
          <span className="text-stone-600">No comment</span>
        ),
    },
    {
      header: 'Date',
      cell: (r) => (
        <time dateTime={r.createdAt} className="text-stone-600">
          {formatDate(r.createdAt, 'dateTime')}
        </time>
      ),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Actions',
      cell: (r) => (
        <button
          type="button"
          className="rounded-full px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
          aria-label={`Delete the review by ${r.user.fullName} of ${r.product.name}`}
          onClick={() => setConfirming(r)}
        >
          Delete
        </button>
      ),
    },
  ];

  const data = reviews.data;
  return (
    <div className="space-y-4">
      {data ? (
        <p className="text-sm text-stone-600">
          {data.total} {data.total === 1 ? 'review' : 'reviews'}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={data?.data}
        rowKey={(r) => r._id}
        isLoading={reviews.isPending}
        error={reviews.isError ? errorMessage(reviews.error, 'failed to get reviews') : null}
        empty="No reviews yet"
        caption="Reviews"
      />
      <Pager page={page} totalPages={data?.totalPages ?? 0} onPage={setPage} />

      <Modal open={confirming !== null} onClose={() => setConfirming(null)} title="Delete this review?">
        {confirming ? (
          <div>
            <p className="text-stone-700">
              The review by <strong>{confirming.user.fullName}</strong> of{' '}
              <strong>{confirming.product.name}</strong> will be removed and the product&apos;s rating
              recalculated.
            </p>
            <div className="mt-3 rounded-xl bg-stone-50 p-3">
              <Stars value={confirming.rating} size={14} />
              {confirming.comment ? (
                <p className="mt-1 break-words text-sm text-stone-600">
                  {truncate(confirming.comment, TRUNCATE.adminReviewComment)}
                </p>
              ) : null}
            </div>
            <div className="mt-5 flex justify-end gap-3">
              <button type="button" className="btn-ghost" onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn bg-red-700 text-white hover:bg-red-800"
                disabled={remove.isPending}
                onClick={() => onDelete(confirming)}
              >
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </button>
            </div>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
