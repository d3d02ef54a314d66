import type { StkRequestStatus } from '../../db/schema';

/** What a Daraja ResultCode means for the customer: a final status and a plain explanation. */
export interface ResultMeaning {
  status: Exclude<StkRequestStatus, 'pending'>;
  message: string;
}

const MEANINGS: Record<string, ResultMeaning> = {
  '0': { status: 'paid', message: 'Paid' },
  '1': {
    status: 'failed',
    message: 'Your M-Pesa balance was not enough for this payment. Top up and try again.',
  },
  '2': { status: 'failed', message: 'The amount is below the M-Pesa minimum.' },
  '3': { status: 'failed', message: 'The amount is above the M-Pesa maximum for one payment.' },
  '4': { status: 'failed', message: 'This payment would go over your daily M-Pesa limit.' },
  '17': {
    status: 'failed',
    message:
      'M-Pesa refused a second payment of the same amount within two minutes. Wait two minutes and try again.',
  },
  '1001': {
    status: 'failed',
    message: 'Another M-Pesa payment is already in progress on your phone. Finish it, then try again.',
  },
  '1019': {
    status: 'failed',
    message: 'The M-Pesa prompt expired before it was answered. Try again.',
  },
  '1025': {
    status: 'failed',
    message: 'M-Pesa could not show the prompt on your phone. Try again, or pay with the paybill.',
  },
  '1032': { status: 'cancelled', message: 'You cancelled the M-Pesa prompt.' },
  '1037': {
    status: 'failed',
    message:
      'Your phone could not be reached, or the prompt timed out. Check that the phone is on and unlocked, then try again.',
  },
  '2001': { status: 'failed', message: 'The M-Pesa PIN was wrong. Try again.' },
  '2028': {
    status: 'failed',
    message: 'The shop could not take this M-Pesa payment. Please pay with the paybill instead.',
  },
  SFC_IC0003: {
    status: 'failed',
    message: 'The shop could not take this M-Pesa payment. Please pay with the paybill instead.',
  },
};

/** The ResultCode of a callback or query as text ("0", "1032", "SFC_IC0003"), or null when absent. */
export function resultCodeText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/** Any code we do not know is a failure explained by Safaricom's own ResultDesc. */
export function meaningOf(code: string, resultDesc: string | null): ResultMeaning {
  const known = MEANINGS[code];
  if (known) return known;
  return {
    status: 'failed',
    message: resultDesc?.trim() || `M-Pesa could not complete the payment (code ${code}).`,
  };
}

/** The answer to "still waiting" in an STK query: ResultCode 4999, still under processing. */
export const STILL_PROCESSING_RESULT_CODE = '4999';
