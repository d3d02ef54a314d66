import type { Kysely, Transaction } from 'kysely';
import { DISCOUNT_LIMITS } from '@urembo/contract/discounts';
import type {
  createDiscountBodySchema,
  updateDiscountBodySchema,
  Discount,
} from '@urembo/contract/discounts';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso } from '../../db/sql-values';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { changeOf, changesSummary, recordAudit } from '../audit';
import { findCategoryById, findCategoryLocked } from '../catalogue';
import { categoriesOf } from './rules';
import {
  deleteDiscountRow,
  findDiscountByCode,
  findDiscountById,
  insertDiscount,
  listDiscountRows,
  updateDiscountRow,
  type DiscountRow,
} from './repository';

export const DISCOUNT_NOT_FOUND = 'Discount code not found';

type CreateInput = z.output<typeof createDiscountBodySchema>;
type UpdateInput = z.output<typeof updateDiscountBodySchema>;

export interface DiscountDeps {
  db: Kysely<Database>;
}

export function toDiscountDto(row: DiscountRow): Discount {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    minSubtotal: Number(row.min_subtotal),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageLimit: row.usage_limit === null ? null : Number(row.usage_limit),
    used: Number(row.used),
    oncePerCustomer: Boolean(row.once_per_customer),
    categories: categoriesOf(row),
    active: Boolean(row.active),
    createdAt: row.created_at,
  };
}

/** "10%" or "Ksh 200 off", for the audit log. */
function describeValue(kind: 'percent' | 'amount', value: number): string {
  return kind === 'percent' ? `${value}% off` : `Ksh ${value.toLocaleString('en-KE')} off`;
}

function taken(code: string) {
  return conflict(`There is already a discount code ${code.toUpperCase()}`);
}

/**
 * In the write's transaction: each named category still exists, read under a share lock, so a category deleted at
 * the same moment either waits for this code (and refuses with 409 naming it) or is found gone here (400).
 */
async function assertCategoriesKept(trx: Transaction<Database>, categories: string[]): Promise<void> {
  for (const [index, id] of categories.entries()) {
    if (!(await findCategoryLocked(trx, id, 'share'))) {
      const message = `Category ${id} was not found`;
      throw badRequest(message, [{ path: `categories.${index}`, message }]);
    }
  }
}

/** Discount codes as admins keep them: created, listed, changed (paused with active: false) and deleted. */
export class DiscountService {
  constructor(private readonly deps: DiscountDeps) {}

  async list(): Promise<Discount[]> {
    return (await listDiscountRows(this.deps.db)).map(toDiscountDto);
  }

  async create(input: CreateInput, adminId: string): Promise<Discount> {
    const { db } = this.deps;
    const fields = {
      kind: input.kind,
      value: input.value,
      minSubtotal: input.minSubtotal ?? 0,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
      categories: [...new Set(input.categories ?? [])],
    };
    await this.check(fields);
    if (await findDiscountByCode(db, input.code)) throw taken(input.code);
    const now = nowIso();
    const row: DiscountRow = {
      id: newId(),
      code: input.code,
      kind: fields.kind,
      value: fields.value,
      min_subtotal: fields.minSubtotal,
      starts_at: fields.startsAt,
      ends_at: fields.endsAt,
      usage_limit: input.usageLimit ?? null,
      used: 0,
      once_per_customer: input.oncePerCustomer ? 1 : 0,
      categories: JSON.stringify(fields.categories),
      active: input.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await assertCategoriesKept(trx, fields.categories);
        await insertDiscount(trx, row);
        await recordAudit(trx, {
          adminId,
          action: 'create',
          entity: 'discount',
          entityId: row.id,
          summary: `Created code ${row.code.toUpperCase()}: ${describeValue(row.kind, Number(row.value))}${
            row.active ? '' : ' (paused)'
          }`,
        });
      });
    } catch (err) {
      // Another admin saved the same code a moment ago.
      if (isUniqueViolation(err)) throw taken(input.code);
      throw err;
    }
    return toDiscountDto(row);
  }

  async update(id: string, input: UpdateInput, adminId: string): Promise<Discount> {
    const { db } = this.deps;
    const current = await findDiscountById(db, id);
    if (!current) throw notFound(DISCOUNT_NOT_FOUND);
    const was = toDiscountDto(current);
    const fields = {
      kind: input.kind ?? was.kind,
      value: input.value ?? was.value,
      minSubtotal: input.minSubtotal ?? was.minSubtotal,
      startsAt: input.startsAt === undefined ? was.startsAt : input.startsAt,
      endsAt: input.endsAt === undefined ? was.endsAt : input.endsAt,
      categories: input.categories === undefined ? was.categories : [...new Set(input.categories)],
    };
    await this.check(fields);
    if (input.code !== undefined && input.code.toLowerCase() !== current.code.toLowerCase()) {
      if (await findDiscountByCode(db, input.code)) throw taken(input.code);
    }
    try {
      const changed = await db.transaction().execute(async (trx) => {
        await assertCategoriesKept(trx, fields.categories);
        const done = await updateDiscountRow(trx, id, {
          ...(input.code !== undefined ? { code: input.code } : {}),
          kind: fields.kind,
          value: fields.value,
          min_subtotal: fields.minSubtotal,
          starts_at: fields.startsAt,
          ends_at: fields.endsAt,
          ...(input.usageLimit !== undefined ? { usage_limit: input.usageLimit } : {}),
          ...(input.oncePerCustomer !== undefined
            ? { once_per_customer: input.oncePerCustomer ? 1 : 0 }
            : {}),
          categories: JSON.stringify(fields.categories),
          ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
          updated_at: nowIso(),
        });
        if (!done) return false;
        const after = { ...was, ...fields, code: input.code ?? was.code };
        await recordAudit(trx, {
          adminId,
          action: 'update',
          entity: 'discount',
          entityId: id,
          summary: `Code ${after.code.toUpperCase()}: ${changesSummary([
            changeOf('Code', was.code.toUpperCase(), after.code.toUpperCase()),
            changeOf('Value', describeValue(was.kind, was.value), describeValue(after.kind, after.value)),
            changeOf('Minimum subtotal', was.minSubtotal, after.minSubtotal),
            changeOf('Starts', was.startsAt, after.startsAt),
            changeOf('Ends', was.endsAt, after.endsAt),
            input.usageLimit !== undefined && changeOf('Usage limit', was.usageLimit, input.usageLimit),
            input.oncePerCustomer !== undefined &&
              changeOf('Once per customer', was.oncePerCustomer, input.oncePerCustomer),
            input.active !== undefined && changeOf('Active', was.active, input.active),
            was.categories.join() !== after.categories.join() && 'Categories changed',
          ])}`,
        });
        return true;
      });
      if (!changed) throw notFound(DISCOUNT_NOT_FOUND);
    } catch (err) {
      if (isUniqueViolation(err)) throw taken(input.code ?? current.code);
      throw err;
    }
    const row = await findDiscountById(db, id);
    if (!row) throw notFound(DISCOUNT_NOT_FOUND);
    return toDiscountDto(row);
  }

  async remove(id: string, adminId: string): Promise<void> {
    const current = await findDiscountById(this.deps.db, id);
    if (!current) throw notFound(DISCOUNT_NOT_FOUND);
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await deleteDiscountRow(trx, id))) throw notFound(DISCOUNT_NOT_FOUND);
      await recordAudit(trx, {
        adminId,
        action: 'delete',
        entity: 'discount',
        entityId: id,
        summary: `Deleted code ${current.code.toUpperCase()}`,
      });
    });
  }

  /** The rules between fields: the value by kind, the dates in order, categories that exist. */
  private async check(fields: {
    kind: 'percent' | 'amount';
    value: number;
    startsAt: string | null;
    endsAt: string | null;
    categories: string[];
  }): Promise<void> {
    if (fields.kind === 'percent' && fields.value > DISCOUNT_LIMITS.percentMax) {
      const message = `A percent discount must be 1 to ${DISCOUNT_LIMITS.percentMax}`;
      throw badRequest(message, [{ path: 'value', message }]);
    }
    if (fields.startsAt && fields.endsAt && fields.endsAt <= fields.startsAt) {
      const message = 'endsAt must be after startsAt';
      throw badRequest(message, [{ path: 'endsAt', message }]);
    }
    for (const [index, id] of fields.categories.entries()) {
      if (!(await findCategoryById(this.deps.db, id))) {
        const message = `Category ${id} was not found`;
        throw badRequest(message, [{ path: `categories.${index}`, message }]);
      }
    }
  }
}
