import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { formatPhoneForDisplay } from '@urembo/contract/phone';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import type { DemoSeeder } from '../demo-seeder';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { locationsWithNames } from '../../modules/shipping';
import { findUserByPhone, insertUser } from '../../modules/users';

/** The demo customer: verified, with a default delivery address in Nairobi. */
export const DEMO_CUSTOMER = {
  fullName: 'Wanjiku Kamau',
  phone: '254712345678',
  email: 'wanjiku@example.co.ke',
  password: 'karibu-urembo-demo',
  address: { country: 'Kenya', county: 'Nairobi', town: 'Kilimani', location: 'Yaya Centre' },
} as const;

/** The demo admin (only when ADMIN_PHONE / ADMIN_PASSWORD do not name a real one). */
export const DEMO_ADMIN_PHONE = '254700000001';

/**
 * Demo accounts: a customer with a known password, and a demo admin whose password is random (printed once in the
 * start-up log) because a shop left in demo mode on the internet must not have an admin anyone can guess.
 */
export const accountsDemoSeeder: DemoSeeder = {
  name: 'accounts',
  async isEmpty(db) {
    return !(await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'customer')
      .limit(1)
      .executeTakeFirst());
  },
  async seed(db, config, log) {
    const location = await locationsWithNames(db)
      .where('countries.name', '=', DEMO_CUSTOMER.address.country)
      .where('counties.name', '=', DEMO_CUSTOMER.address.county)
      .where('towns.name', '=', DEMO_CUSTOMER.address.town)
      .where('locations.name', '=', DEMO_CUSTOMER.address.location)
      .executeTakeFirst();
    // The address needs the delivery geography: wait for the shipping seeder (or an admin) to create it.
    if (!location) return null;

    const now = nowIso();
    const customerId = newId();
    const customerHash = await hashPassword(DEMO_CUSTOMER.password);
    let adminPassword: string | undefined;
    const adminExists = !!(await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('role', '=', 'admin'), eb('phone', '=', DEMO_ADMIN_PHONE)]))
      .executeTakeFirst());
    if (!config.admin && !adminExists) adminPassword = randomBytes(9).toString('base64url');
    const adminHash = adminPassword ? await hashPassword(adminPassword) : undefined;

    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id: customerId,
        full_name: DEMO_CUSTOMER.fullName,
        email: DEMO_CUSTOMER.email,
        phone: DEMO_CUSTOMER.phone,
        password_hash: customerHash,
        role: 'customer',
        is_email_verified: 1,
        is_phone_verified: 1,
        last_login: null,
        created_at: now,
        updated_at: now,
        language: 'en',
        deleted_at: null,
      });
      await trx
        .insertInto('addresses')
        .values({
          id: newId(),
          user_id: customerId,
          name: DEMO_CUSTOMER.fullName,
          phone: DEMO_CUSTOMER.phone,
          email: DEMO_CUSTOMER.email,
          ...DEMO_CUSTOMER.address,
          location_id: location.id,
          is_default: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (adminHash) {
        await insertUser(trx, {
          id: newId(),
          full_name: 'Demo Admin',
          email: null,
          phone: DEMO_ADMIN_PHONE,
          password_hash: adminHash,
          role: 'admin',
          is_email_verified: 0,
          is_phone_verified: 1,
          last_login: null,
          created_at: now,
          updated_at: now,
          language: 'en',
          deleted_at: null,
        });
      }
    });
    if (adminPassword) {
      log.warn(
        `demo admin created: sign in at ${config.publicUrl}/signin with phone ${formatPhoneForDisplay(DEMO_ADMIN_PHONE)} and password ${adminPassword} (shown only this once; set ADMIN_PHONE and ADMIN_PASSWORD to choose your own)`,
      );
    }
    return adminPassword
      ? 'a demo customer with a Nairobi address and a demo admin'
      : 'a demo customer with a Nairobi address';
  },
};

/** Start-up log lines that tell a newcomer how to sign in to the demo shop. */
export async function logDemoAccounts(
  db: Kysely<Database>,
  config: Config,
  log: FastifyBaseLogger,
  seededNow: string[] = [],
): Promise<void> {
  const customer = await findUserByPhone(db, DEMO_CUSTOMER.phone);
  if (customer && (await verifyPassword(DEMO_CUSTOMER.password, customer.password_hash))) {
    log.info(
      `demo customer: sign in at ${config.publicUrl}/signin with phone ${formatPhoneForDisplay(DEMO_CUSTOMER.phone)} and password ${DEMO_CUSTOMER.password}`,
    );
  }
  // Right after seeding, the demo admin's password was just printed.
  if (!config.admin && !seededNow.includes(accountsDemoSeeder.name)) {
    const admin = await findUserByPhone(db, DEMO_ADMIN_PHONE);
    if (admin?.role === 'admin') {
      log.info(
        `demo admin: sign in at ${config.publicUrl}/signin with phone ${formatPhoneForDisplay(DEMO_ADMIN_PHONE)} (its password was printed when the demo data was created; set ADMIN_PHONE and ADMIN_PASSWORD to choose one)`,
      );
    }
  }
}
