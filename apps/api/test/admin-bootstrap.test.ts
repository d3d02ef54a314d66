import { expect, it } from 'vitest';
import { ensureAdmin } from '../src/modules/users/admin-bootstrap';
import { verifyPassword } from '../src/lib/passwords';
import { createTestUser } from './support/auth';
import { describeEachDialect } from './support/test-app';

describeEachDialect('admin bootstrap', (ctx) => {
  const admin = { phone: '254700111222', email: 'admin@urembo.test', password: 'first-admin-password' };

  it('creates the admin once and is idempotent', async () => {
    const { db } = ctx().database;
    expect(await ensureAdmin(db, admin)).toBe('created');
    expect(await ensureAdmin(db, admin)).toBe('unchanged');
    const rows = await db.selectFrom('users').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: admin.phone, email: admin.email, role: 'admin' });
    expect(rows[0]!.password_hash).not.toContain(admin.password);
  });

  it('updates the password and ends old sessions', async () => {
    const { db } = ctx().database;
    const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto('sessions')
      .values({
        id_hash: 'h1',
        public_id: 'p1',
        user_id: user.id,
        created_at: now,
        expires_at: now,
        last_seen_at: now,
        user_agent: null,
      })
      .execute();
    expect(await ensureAdmin(db, { ...admin, password: 'second-admin-password' })).toBe('updated');
    const updated = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(await verifyPassword('second-admin-password', updated.password_hash)).toBe(true);
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('promotes an existing customer with that phone', async () => {
    const { db } = ctx().database;
    await createTestUser(ctx(), {
      id: 'customer-1',
      full_name: 'Wanjiku',
      phone: '254711000000',
      password_hash: 'x',
    });
    expect(
      await ensureAdmin(db, { phone: '254711000000', email: undefined, password: 'promoted-password' }),
    ).toBe('updated');
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', 'customer-1')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });
});
