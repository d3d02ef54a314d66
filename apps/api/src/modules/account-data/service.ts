import { payerPhoneFor } from '@urembo/contract/phone';
import type { AccountExport } from '@urembo/contract/users';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { fromFlag, nowIso, toCount } from '../../db/sql-values';
import { conflict, notFound } from '../../lib/http-error';
import { toUserDto, type UserRow } from '../users';

/** What an erased account and its orders show instead of the customer's name. */
export const FORMER_CUSTOMER = 'Former customer';
export const LAST_ADMIN =
  'You are the only admin of this shop: make another account an admin before deleting yours';

type Trx = Transaction<Database>;

/**
 * The customer's own data (docs/decisions/029-account-protection.md, "The customer's data"): everything the shop
 * keeps about one account, read by its id only, and its erasure. Reads and writes the customer's rows in each
 * module's tables directly: the erasure is one transaction over all of them.
 */
export class AccountDataService {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

  /** Every row of the account, in one document: never a hash, token or code, never another account's rows. */
  async export(userId: string): Promise<AccountExport> {
    const { db } = this.deps;
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user || user.deleted_at) throw notFound('Account not found');
    const [addresses, orders, reviews, sessions, events] = await Promise.all([
      db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
      db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
      db
        .selectFrom('reviews')
        .leftJoin('products', 'products.id', 'reviews.product_id')
        .select([
          'reviews.id',
          'reviews.product_id',
          'products.name as product_name',
          'reviews.rating',
          'reviews.comment',
          'reviews.created_at',
        ])
        .where('reviews.user_id', '=', userId)
        .orderBy('reviews.created_at')
        .execute(),
      db
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('security_events')
        .select(['at', 'event', 'device', 'ip'])
        .where('user_id', '=', userId)
        .orderBy('at')
        .execute(),
    ]);
    const orderIds = orders.map((o) => o.id);
    const [items, payments] =
      orderIds.length === 0
        ? [[], []]
        : await Promise.all([
            db
              .selectFrom('order_items')
              .select(['order_id', 'name', 'price', 'count', 'variant_sku', 'position'])
              .where('order_id', 'in', orderIds)
              .orderBy('position')
              .execute(),
            db
              .selectFrom('payments')
              .select([
                'id',
                'order_id',
                'created_at',
                'amount',
                'source',
                'channel',
                'receipt',
                'phone',
                'state',
              ])
              .where('order_id', 'in', orderIds)
              .orderBy('created_at')
              .execute(),
          ]);
    return {
      exportedAt: nowIso(),
      profile: toUserDto(user),
      addresses: addresses.map((a) => ({
        _id: a.id,
        name: a.name,
        phone: a.phone,
        email: a.email,
        country: a.country,
        county: a.county,
        town: a.town,
        location: a.location,
        isDefault: fromFlag(a.is_default),
        createdAt: a.created_at,
      })),
      orders: orders.map((o) => ({
        _id: o.id,
        reference: o.reference,
        createdAt: o.created_at,
        name: o.name,
        phone: o.phone,
        email: o.email,
        country: o.country,
        county: o.county,
        town: o.town,
        location: o.location,
        subtotal: toCount(o.subtotal),
        shippingFee: toCount(o.shipping_fee),
        totalAmount: toCount(o.total_amount),
        paymentStatus: o.payment_status,
        deliveryStatus: o.delivery_status,
        items: items
          .filter((i) => i.order_id === o.id)
          .map((i) => ({
            name: i.name,
            price: toCount(i.price),
            count: toCount(i.count),
            sku: i.variant_sku,
          })),
        payments: payments
          .filter((p) => p.order_id === o.id)
          .map((p) => ({
            _id: p.id,
            createdAt: p.created_at,
            amount: toCount(p.amount),
            source: p.source,
            channel: p.channel,
            receipt: p.receipt,
            // Someone else's number who paid her order is not her data (docs/api-additions-payments.md).
            phone: payerPhoneFor(p.phone, [user.phone, o.phone]),
            status: p.state,
          })),
      })),
      reviews: reviews.map((r) => ({
        _id: r.id,
        product: { _id: r.product_id, name: r.product_name ?? null },
        rating: toCount(r.rating),
        comment: r.comment,
        createdAt: r.created_at,
      })),
      sessions: sessions.map((s) => ({
        createdAt: s.created_at,
        lastSeenAt: s.last_seen_at,
        expiresAt: s.expires_at,
        device: s.user_agent,
      })),
      signInHistory: events.map((e) => ({ at: e.at, event: e.event, device: e.device, ip: e.ip })),
    };
  }

  /**
   * Deletes the account at its owner's request, in one transaction: sessions, codes, two-factor, cart, addresses and
   * sign-in history go; the name, phone and email are erased from the account, its orders and their payments
   * (items, amounts and receipts stay for the books); the row stays so its orders and reviews still point at it,
   * and its reviews show "Former customer". The phone and email are free again at once. The last admin stays (409).
   */
  async erase(user: Pick<UserRow, 'id' | 'role'>): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (user.role === 'admin') await assertNotLastAdmin(trx, user.id);
      const id = user.id;
      const now = nowIso();
      const done = await trx
        .updateTable('users')
        .set({
          full_name: FORMER_CUSTOMER,
          // Unique and not a phone number: no sign-in or sign-up can ever name it.
          phone: `deleted:${id}`,
          email: null,
          password_hash: '!',
          is_email_verified: 0,
          is_phone_verified: 0,
          role: 'customer',
          deleted_at: now,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (toCount(done.numUpdatedRows) !== 1) throw notFound('Account not found');
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      const tokens = trx.selectFrom('auth_tokens').select('id').where('user_id', '=', id);
      await trx.deleteFrom('account_mails').where('auth_token_id', 'in', tokens).execute();
      await trx.deleteFrom('auth_tokens').where('user_id', '=', id).execute();
      await trx.deleteFrom('account_notices').where('user_id', '=', id).execute();
      await trx.deleteFrom('security_events').where('user_id', '=', id).execute();
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', id).execute();
      await trx.deleteFrom('two_factor').where('user_id', '=', id).execute();
      await trx.deleteFrom('cart_lines').where('user_id', '=', id).execute();
      await trx.deleteFrom('addresses').where('user_id', '=', id).execute();
      await trx
        .updateTable('orders')
        .set({
          name: FORMER_CUSTOMER,
          phone: '',
          email: null,
          country: '',
          county: '',
          town: '',
          location: '',
        })
        .where('user_id', '=', id)
        .execute();
      const orders = trx.selectFrom('orders').select('id').where('user_id', '=', id);
      await trx
        .updateTable('payments')
        .set({ full_name: FORMER_CUSTOMER, phone: null })
        .where((eb) => eb.or([eb('user_id', '=', id), eb('order_id', 'in', orders)]))
        .execute();
      await trx.updateTable('stk_requests').set({ phone: '' }).where('user_id', '=', id).execute();
    });
  }
}

/** 409 when no other admin account would be left; holds the admins' rows so two admins cannot both leave at once. */
async function assertNotLastAdmin(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ updated_at: sql<string>`updated_at` })
    .where('role', '=', 'admin')
    .execute();
  const others = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .where('id', '!=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (toCount(others.n as string | number) === 0) throw conflict(LAST_ADMIN);
}
