import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatKsh } from '@urembo/contract/money';
import { parseReceipt, RECEIPT_RULE, type Payment, type RefundMethod } from '@urembo/contract/payments';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { useRefundPayment } from './api';

/** What is left of a payment to refund (completed and pending refunds hold the rest). */
function leftOf(payment: Payment): number {
  const held = payment.refunds.filter((r) => r.state !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, payment.amount - held);
}

/**
 * Admin → Payments: send money of a payment back. The amount starts at what is refund due; an M-Pesa payment may be
 * reversed whole by Safaricom, anything else is sent by hand and recorded with the transfer's receipt. A second step
 * confirms before anything is sent.
 */
export function RefundButton({ payment }: { payment: Payment }) {
  const left = leftOf(payment);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(payment.refundDue ?? left));
  const canReverse = !!payment.receipt && payment.ID !== 'admin';
  const [method, setMethod] = useState<RefundMethod>(canReverse ? 'mpesa-reversal' : 'manual');
  const [receipt, setReceipt] = useState('');
  const [reason, setReason] = useState(payment.order ? 'Order cancelled' : '');
  const [confirming, setConfirming] = useState(false);
  // Not crypto.randomUUID: it exists only on HTTPS pages and localhost.
  const [key] = useState(() => `refund-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const refund = useRefundPayment();
  if (left < 1) return null;

  const value = Number(amount);
  const problem =
    !Number.isInteger(value) || value < 1 || value > left
      ? `Amount must be a whole number from 1 to ${formatKsh(left)}`
      : method === 'mpesa-reversal' && value !== left
        ? `A reversal sends back the whole ${formatKsh(left)}: send a part by hand`
        : method === 'manual' && !parseReceipt(receipt)
          ? RECEIPT_RULE
          : reason.trim() === ''
            ? 'Give the reason for the refund'
            : null;

  const send = () =>
    refund.mutate(
      {
        id: payment._id,
        key,
        body: { amount: value, method, reason, ...(method === 'manual' ? { receipt } : {}) },
      },
      {
        onSuccess: (answer) => {
          const last = answer.refunds.at(-1);
          if (last?.state === 'failed') toast.error(`Refund failed: ${last.failure ?? 'no reason given'}`);
          else
            toast.success(
              last?.state === 'pending'
                ? 'Reversal sent to M-Pesa'
                : `Refund of ${formatKsh(value)} recorded`,
            );
          setOpen(false);
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to refund')),
      },
    );

  return (
    <>
      <button
        type="button"
        className="btn-outline whitespace-nowrap px-3 py-1 text-xs"
        onClick={() => setOpen(true)}
      >
        Refund
      </button>
      <Modal
        open={open}
        onClose={() => (refund.isPending ? undefined : setOpen(false))}
        title={`Refund ${payment.receipt ?? 'payment'} (${formatKsh(payment.amount)})`}
      >
        {/* The dialog opens inside the table's nowrap cell: its text wraps again here. */}
        <div className="whitespace-normal">
          <p className="mb-3 text-sm text-stone-600" data-testid="refund-payment-of">
            {payment.orderReference ? `Order ${payment.orderReference} · ` : ''}
            {payment.fullName}
            {payment.refundDue ? ` · ${formatKsh(payment.refundDue)} due` : ''}
          </p>
          {confirming ? (
            <div className="flex flex-col gap-3 text-sm">
              <p>
                Send {formatKsh(value)} back to {payment.fullName}
                {method === 'mpesa-reversal' ? ' by M-Pesa reversal' : ` (receipt ${parseReceipt(receipt)})`}?
              </p>
              <div className="flex gap-2">
                <button type="button" className="btn-primary" disabled={refund.isPending} onClick={send}>
                  Yes, refund {formatKsh(value)}
                </button>
                <button type="button" className="btn-outline" onClick={() => setConfirming(false)}>
                  Back
                </button>
              </div>
            </div>
          ) : (
            <form
              className="flex flex-col gap-3 text-sm"
              onSubmit={(e) => {
                e.preventDefault();
                if (!problem) setConfirming(true);
              }}
            >
              <label className="flex flex-col gap-1">
                Amount (Ksh)
                <input
                  className="input"
                  inputMode="numeric"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </label>
              <fieldset className="flex flex-col gap-1">
                <legend>How</legend>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="method"
                    checked={method === 'mpesa-reversal'}
                    disabled={!canReverse}
                    onChange={() => setMethod('mpesa-reversal')}
                  />
                  M-Pesa reversal (the whole payment)
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="method"
                    checked={method === 'manual'}
                    onChange={() => setMethod('manual')}
                  />
                  Sent by hand
                </label>
              </fieldset>
              {method === 'manual' ? (
                <label className="flex flex-col gap-1">
                  Receipt of the money you sent
                  <input
                    className="input font-mono"
                    value={receipt}
                    placeholder="NLJ7RT61SV"
                    onChange={(e) => setReceipt(e.target.value)}
                  />
                </label>
              ) : null}
              <label className="flex flex-col gap-1">
                Reason
                <input
                  className="input"
                  value={reason}
                  maxLength={200}
                  onChange={(e) => setReason(e.target.value)}
                />
              </label>
              {problem ? (
                <p role="alert" className="text-red-700">
                  {problem}
                </p>
              ) : null}
              <button type="submit" className="btn-primary self-start" disabled={!!problem}>
                Continue
              </button>
            </form>
          )}
        </div>
      </Modal>
    </>
  );
}
