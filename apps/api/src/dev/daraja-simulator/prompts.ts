import { randomBytes, randomInt } from 'node:crypto';

/** One STK prompt "on the customer's phone", as the simulator holds it. */
export interface SimPrompt {
  checkoutRequestId: string;
  merchantRequestId: string;
  amount: number;
  phone: string;
  accountReference: string;
  description: string;
  callbackUrl: string;
  createdAt: number;
  status: 'pending' | 'accepted' | 'cancelled' | 'timed-out';
  resultCode: number | null;
  resultDesc: string | null;
  receipt: string | null;
  /** How delivering the callback went: "delivered (HTTP 200)" or the error. */
  delivery: string | null;
}

const MAX_PROMPTS = 200;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** Receipts look like real M-Pesa codes (10 upper-case letters and digits) but always start with "SIM". */
export function simulatedReceipt(): string {
  return `SIM${randomCode(7)}`;
}

/** The simulator's memory: prompts of this process only (it is a development tool, never run in production). */
export class PromptStore {
  private readonly prompts = new Map<string, SimPrompt>();

  add(
    input: Omit<
      SimPrompt,
      | 'checkoutRequestId'
      | 'merchantRequestId'
      | 'createdAt'
      | 'status'
      | 'resultCode'
      | 'resultDesc'
      | 'receipt'
      | 'delivery'
    >,
    timestamp: string,
  ): SimPrompt {
    const prompt: SimPrompt = {
      ...input,
      checkoutRequestId: `ws_CO_${timestamp}${randomBytes(6).toString('hex')}`,
      merchantRequestId: `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`,
      createdAt: Date.now(),
      status: 'pending',
      resultCode: null,
      resultDesc: null,
      receipt: null,
      delivery: null,
    };
    this.prompts.set(prompt.checkoutRequestId, prompt);
    if (this.prompts.size > MAX_PROMPTS) {
      const oldest = this.prompts.keys().next().value;
      if (oldest !== undefined) this.prompts.delete(oldest);
    }
    return prompt;
  }

  get(checkoutRequestId: string): SimPrompt | undefined {
    return this.prompts.get(checkoutRequestId);
  }

  pending(): SimPrompt[] {
    return [...this.prompts.values()].filter((p) => p.status === 'pending').reverse();
  }

  /** An accepted prompt by its receipt (for Transaction Status). */
  byReceipt(receipt: string): SimPrompt | undefined {
    return [...this.prompts.values()].find((p) => p.receipt === receipt);
  }

  recent(limit: number): SimPrompt[] {
    return [...this.prompts.values()]
      .filter((p) => p.status !== 'pending')
      .reverse()
      .slice(0, limit);
  }
}

/** A payment made from the test phone's M-Pesa menu (Lipa na M-Pesa → Pay Bill). */
export interface SimPaybillPayment {
  transId: string;
  shortcode: string;
  account: string;
  amount: number;
  phone: string;
  at: number;
  /** How delivering the confirmation went. */
  delivery: string;
}

export class PaybillStore {
  private readonly payments: SimPaybillPayment[] = [];

  add(payment: SimPaybillPayment): void {
    this.payments.push(payment);
    if (this.payments.length > MAX_PROMPTS) this.payments.shift();
  }

  byReceipt(transId: string): SimPaybillPayment | undefined {
    return this.payments.find((p) => p.transId === transId);
  }

  recent(limit: number): SimPaybillPayment[] {
    return this.payments.slice(-limit).reverse();
  }

  /** Payments to a shortcode made from `from` to `to` (epoch ms, whole seconds, both included), oldest first. */
  between(shortcode: string, from: number, to: number): SimPaybillPayment[] {
    return this.payments.filter((p) => {
      const at = Math.floor(p.at / 1000) * 1000;
      return p.shortcode === shortcode && at >= from && at <= to;
    });
  }
}
