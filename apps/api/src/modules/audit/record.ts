import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { newId } from '../../lib/ids';

/** One admin change, as the audit log keeps it. */
export interface AuditRecord {
  /** The admin who made the change (the signed-in user's id). */
  adminId: string;
  /** What was done, one short word or two: create, update, delete, stock, status, cancel, mark-paid... */
  action: string;
  /** What it was done to: product, category, order, payment, refund, discount, return, review, place, user... */
  entity: string;
  entityId: string;
  /** What changed, for a person: "Price 1,200 -> 950; Status active -> inactive". */
  summary: string;
}

const SUMMARY_MAX = 1000;

/**
 * Writes one admin change to the audit log. It takes the change's own transaction (a `Transaction`, never the
 * database): the entry is written if and only if the change is.
 */
export async function recordAudit(trx: Transaction<Database>, record: AuditRecord): Promise<void> {
  const summary =
    record.summary.length > SUMMARY_MAX ? `${record.summary.slice(0, SUMMARY_MAX - 1)}…` : record.summary;
  await trx
    .insertInto('audit_log')
    .values({
      id: newId(),
      at: nowIso(),
      admin_id: record.adminId,
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId,
      summary,
    })
    .execute();
}

type Shown = string | number | boolean | null | undefined;

function show(value: Shown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'number') return value.toLocaleString('en-KE');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value.length > 60 ? `"${value.slice(0, 57)}..."` : value;
}

/** "Price 1,200 -> 950", or null when the value did not change. */
export function changeOf(label: string, before: Shown, after: Shown): string | null {
  if ((before ?? null) === (after ?? null)) return null;
  return `${label} ${show(before)} -> ${show(after)}`;
}

/** The changes that happened, joined: "Price 1,200 -> 950; Stock 4 -> 10" ("No change" when none did). */
export function changesSummary(changes: readonly (string | null | false | undefined)[]): string {
  const said = changes.filter((c): c is string => typeof c === 'string' && c.length > 0);
  return said.length > 0 ? said.join('; ') : 'No change';
}
