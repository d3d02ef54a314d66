import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/sql-values';
import { newId } from '../src/lib/ids';
import { mayRead } from '../src/modules/auth';
import { signedInUser } from './support/auth';
import { customerWithOrder } from './support/payments-factories';
import { describeEachDialect, type TestContext } from './support/test-app';

/**
 * "The owner or an admin may read it" is one function (auth's `mayRead`). Every read of what a customer owns is
 * called as its owner, as another customer and as an admin: if one of them kept a rule of its own (an owner-only
 * check, or one that forgot admins), its row here would differ from the others.
 */

async function stkRequestOf(ctx: TestContext, order: { id: string; user_id: string; total_amount: number }) {
  const id = newId();
  const now = nowIso();
  await ctx.database.db
    .insertInto('stk_requests')
    .values({
      id,
      order_id: order.id,
      user_id: order.user_id,
      merchant_request_id: `m-${id}`,
      checkout_request_id: `c-${id}`,
      amount: order.total_amount,
      phone: '254712345678',
      account_reference: 'URB',
      status: 'paid',
      result_code: '0',
      result_desc: 'The service request is processed successfully.',
      last_query_at: null,
      created_at: now,
      updated_at: now,
      completed_at: now,
    })
    .execute();
  return id;
}

describeEachDialect('owner or admin may read', (ctx) => {
  it('answers the owner and an admin alike, and nobody else, on every read of what a customer owns', async () => {
    const { user: owner, cookie: ownerCookie, order } = await customerWithOrder(ctx());
    const other = await signedInUser(ctx());
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const stkId = await stkRequestOf(ctx(), order);
    const reads = {
      'their orders': `/order/user/${owner.id}`,
      'an order': `/order/${order.id}`,
      "an order's payments": `/payment/order/${order.id}`,
      'a payment prompt': `/m-pesa/resolveTransaction/${stkId}`,
    };
    const seen: Record<string, Record<string, number>> = {};
    for (const [what, url] of Object.entries(reads)) {
      seen[what] = {};
      for (const [who, cookie] of [
        ['owner', ownerCookie],
        ['other customer', other.cookie],
        ['admin', admin.cookie],
      ] as const) {
        const res = await ctx().app.inject({ url: `/api/v1${url}`, headers: { cookie } });
        seen[what][who] = res.statusCode;
      }
    }
    const answered = { owner: 200, 'other customer': 404, admin: 200 };
    expect(seen).toEqual({
      'their orders': { ...answered, 'other customer': 403 },
      'an order': answered,
      "an order's payments": answered,
      'a payment prompt': answered,
    });
  });
});

describe('mayRead', () => {
  it('lets the owner and an admin read, and no other customer', () => {
    expect(mayRead({ id: 'u1', role: 'customer' }, 'u1')).toBe(true);
    expect(mayRead({ id: 'u2', role: 'customer' }, 'u1')).toBe(false);
    expect(mayRead({ id: 'a1', role: 'admin' }, 'u1')).toBe(true);
  });

  it('is the only place on the server that grants a read to admins by role', () => {
    const modules = path.join(__dirname, '../src/modules');
    const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    // The admin guard (guards.ts), the first admin's set-up (admin-bootstrap.ts) and erasing an account (never the
    // last admin: account-data/service.ts) read the role for other reasons.
    const allowed = new Set([
      path.join('auth', 'guards.ts'),
      path.join('users', 'admin-bootstrap.ts'),
      path.join('account-data', 'service.ts'),
    ]);
    const copies = files.filter(
      (f) =>
        !allowed.has(f) && /\.role\s*[!=]==?\s*'admin'/.test(readFileSync(path.join(modules, f), 'utf8')),
    );
    expect(copies).toEqual([]);
  });
});
