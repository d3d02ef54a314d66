import { discountAmount, type AppliedDiscount, type DiscountKind } from '@urembo/contract/discounts';
import { formatKsh } from '@urembo/contract/money';
import type { HttpError } from '../../lib/http-error';
import { badRequest, conflict } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import {
  countOneUse,
  findDiscountByCode,
  findUseOfOrder,
  hasCountedUse,
  insertUse,
  setUseCounted,
  uncountOneUse,
  type Db,
  type DiscountRow,
} from './repository';

/** One priced line as a code sees it: its product's category and what the line costs. */
export interface DiscountableLine {
  categoryId: string | null;
  amount: number;
}

/** A code that applies to an order, and what it takes off. */
export interface DiscountApplied extends AppliedDiscount {
  discountId: string;
}

/** "1 December 2026" in Nairobi. */
function nairobiDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-KE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  });
}

function refused(message: string): HttpError {
  return badRequest(message, [{ path: 'discountCode', message }]);
}

export function usedUpMessage(code: string): string {
  return `The code ${code} has been used up`;
}

export function alreadyUsedMessage(code: string): string {
  return `You have already used the code ${code}`;
}

/**
 * The one pricing rule of a code: refused (400, saying why) when unknown, paused, not yet started, ended, the
 * subtotal is below its minimum, it applies to none of the lines, it is used up, or this customer already used it
 * (once per customer). Otherwise a percentage of the eligible lines (all, or those of its categories), rounded
 * down to whole shillings, or its amount capped at them.
 */
export async function applyDiscount(
  db: Db,
  input: { code: string; userId: string; lines: DiscountableLine[]; subtotal: number; now?: Date },
): Promise<DiscountApplied> {
  const typed = input.code.trim();
  const row = await findDiscountByCode(db, typed);
  if (!row) throw refused(`There is no discount code ${typed.toUpperCase()}`);
  const { code } = row;
  const now = (input.now ?? new Date()).toISOString();
  if (!row.active) throw refused(`The code ${code} is not active`);
  if (row.starts_at && now < row.starts_at) {
    throw refused(`The code ${code} starts on ${nairobiDay(row.starts_at)}`);
  }
  if (row.ends_at && now >= row.ends_at)
    throw refused(`The code ${code} ended on ${nairobiDay(row.ends_at)}`);
  if (input.subtotal < row.min_subtotal) {
    throw refused(`The code ${code} needs a subtotal of at least ${formatKsh(row.min_subtotal)}`);
  }
  const categories = categoriesOf(row);
  const eligible = input.lines
    .filter(
      (line) => categories.length === 0 || (line.categoryId !== null && categories.includes(line.categoryId)),
    )
    .reduce((sum, line) => sum + line.amount, 0);
  if (eligible === 0) throw refused(`The code ${code} does not apply to the products in your order`);
  if (row.usage_limit !== null && row.used >= row.usage_limit) throw refused(usedUpMessage(code));
  if (row.once_per_customer && (await hasCountedUse(db, row.id, input.userId))) {
    throw refused(alreadyUsedMessage(code));
  }
  return {
    discountId: row.id,
    code,
    amount: discountAmount(row.kind as DiscountKind, row.value, eligible),
  };
}

export function categoriesOf(row: Pick<DiscountRow, 'categories'>): string[] {
  try {
    const parsed: unknown = JSON.parse(row.categories);
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Counts the order's use of its code, inside the order's transaction: the conditional update refuses once the
 * uses are gone (so concurrent orders never pass the limit), and then, holding the code's row, a customer's
 * earlier use of a once-per-customer code is seen even if it committed a moment ago. A refusal throws the same 400
 * as the quote, and the caller's transaction rolls back.
 */
export async function takeDiscountUse(
  trx: Db,
  applied: DiscountApplied,
  order: { id: string; userId: string; now: string },
): Promise<void> {
  if (!(await countOneUse(trx, applied.discountId))) throw refused(usedUpMessage(applied.code));
  const row = await trx
    .selectFrom('discounts')
    .select('once_per_customer')
    .where('id', '=', applied.discountId)
    .executeTakeFirst();
  if (row?.once_per_customer && (await hasCountedUse(trx, applied.discountId, order.userId))) {
    throw refused(alreadyUsedMessage(applied.code));
  }
  await insertUse(trx, {
    id: newId(),
    discount_id: applied.discountId,
    user_id: order.userId,
    order_id: order.id,
    created_at: order.now,
  });
}

/** Gives back the order's use of its code (in the transaction that cancels it); nothing when it had none. */
export async function giveBackDiscountUse(trx: Db, orderId: string): Promise<void> {
  const use = await findUseOfOrder(trx, orderId);
  if (use && (await setUseCounted(trx, use.id, 0))) await uncountOneUse(trx, use.discount_id);
}

/** Counts the use again when a cancelled order is reopened; 409 when the code has been used up meanwhile. */
export async function retakeDiscountUse(trx: Db, orderId: string): Promise<void> {
  const use = await findUseOfOrder(trx, orderId);
  if (!use || use.counted) return;
  if (!(await countOneUse(trx, use.discount_id))) {
    throw conflict(`This order cannot be reopened: the code ${use.code} has been used up`);
  }
  await setUseCounted(trx, use.id, 1);
}
