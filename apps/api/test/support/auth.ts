import type { Role } from '@urembo/contract/users';
import { nowIso } from '../../src/db/sql-values';
import { newId } from '../../src/lib/ids';
import { createSession, SESSION_COOKIE } from '../../src/modules/auth/session';
import type { UserRow } from '../../src/modules/users/repository';
import type { TestContext } from './test-app';

let phoneCounter = 0;

/** Inserts a user directly (no sign-up flow) with a unique phone; the password hash is unusable. */
export async function createTestUser(
  ctx: TestContext,
  overrides: Partial<UserRow> & { role?: Role } = {},
): Promise<UserRow> {
  phoneCounter += 1;
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    full_name: `Test User ${phoneCounter}`,
    email: null,
    phone: `2547${String(10_000_000 + phoneCounter * 7919).slice(-8)}`,
    password_hash: 'unusable',
    role: 'customer',
    is_email_verified: 0,
    is_phone_verified: 0,
    last_login: null,
    created_at: now,
    updated_at: now,
    language: 'en',
    deleted_at: null,
    ...overrides,
  };
  await ctx.database.db.insertInto('users').values(row).execute();
  return row;
}

/** A Cookie header for a new session of that user. */
export async function sessionCookieFor(ctx: TestContext, userId: string): Promise<string> {
  const session = await createSession(ctx.database.db, ctx.config, userId, 'vitest');
  return `${SESSION_COOKIE}=${session.id}`;
}

/** A user and a Cookie header signed in as them. */
export async function signedInUser(
  ctx: TestContext,
  overrides: Partial<UserRow> & { role?: Role } = {},
): Promise<{ user: UserRow; cookie: string }> {
  const user = await createTestUser(ctx, overrides);
  return { user, cookie: await sessionCookieFor(ctx, user.id) };
}
