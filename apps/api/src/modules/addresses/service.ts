import type { Kysely } from 'kysely';
import {
  findLocationByNames,
  findManyLocationsByNames,
  placeKey,
  switchedOffMessage,
  type NamedLocation,
} from '../shipping';
import { MAX_ADDRESSES, type Address } from '@urembo/contract/addresses';
import type { Database } from '../../db/schema';
import { fromFlag, nowIso, toFlag } from '../../db/sql-values';
import { badRequest, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import type { UserRow } from '../users';
import {
  clearOtherDefaults,
  countAddresses,
  deleteAddress,
  findAddress,
  insertAddress,
  listAddresses,
  promoteNewestToDefault,
  updateAddress,
  type AddressRow,
} from './repository';

export const NO_DELIVERY = 'We do not deliver to that location yet';
const NOT_FOUND = 'Address not found';

export interface AddressInput {
  name: string;
  phone: string;
  email?: string | undefined;
  country: string;
  county: string;
  town: string;
  location: string;
  isDefault: boolean;
}

/** Why checkout refuses an address at that place (gone from the geography or switched off), or null. */
function undeliverableAt(place: NamedLocation | undefined): string | null {
  if (!place) return NO_DELIVERY;
  return place.switchedOff ? switchedOffMessage(place.switchedOff) : null;
}

export function toAddressDto(row: AddressRow, undeliverable: string | null): Address {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    country: row.country,
    county: row.county,
    town: row.town,
    location: row.location,
    isDefault: fromFlag(row.is_default),
    undeliverable,
  };
}

/** An address's own columns: what the customer wrote, with the place names as the shipping geography spells them. */
function addressColumns(input: AddressInput, place: NamedLocation) {
  return {
    name: input.name,
    phone: input.phone,
    email: input.email ?? null,
    country: place.country,
    county: place.county,
    town: place.town,
    location: place.location,
    location_id: place.id,
  };
}

export interface AddressDeps {
  db: Kysely<Database>;
}

/**
 * Address books: each one points at a delivery location of the shipping geography (which prices delivery), one of
 * a customer's addresses is the default, and a customer reaches only their own.
 */
export class AddressService {
  constructor(private readonly deps: AddressDeps) {}

  private get db() {
    return this.deps.db;
  }

  async list(userId: string): Promise<Address[]> {
    const rows = await listAddresses(this.db, userId);
    const places = await findManyLocationsByNames(this.db, rows);
    return rows.map((row) => toAddressDto(row, undeliverableAt(places.get(placeKey(row)))));
  }

  async create(user: UserRow, input: AddressInput): Promise<Address> {
    const place = await this.resolve(input);
    return this.db.transaction().execute(async (trx) => {
      const existing = await countAddresses(trx, user.id);
      if (existing >= MAX_ADDRESSES) {
        throw badRequest(
          `You can keep up to ${MAX_ADDRESSES} address books. Delete one you no longer use first.`,
        );
      }
      const now = nowIso();
      const row: AddressRow = {
        id: newId(),
        user_id: user.id,
        ...addressColumns(input, place),
        // A customer's first address is their default.
        is_default: toFlag(input.isDefault || existing === 0),
        created_at: now,
        updated_at: now,
      };
      await insertAddress(trx, row);
      if (row.is_default) await clearOtherDefaults(trx, user.id, row.id, now);
      return toAddressDto(row, null);
    });
  }

  async update(user: UserRow, id: string, input: AddressInput): Promise<Address> {
    const current = await this.own(user, id);
    const place = await this.resolve(input);
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const changes = {
        ...addressColumns(input, place),
        is_default: toFlag(input.isDefault),
        updated_at: now,
      };
      await updateAddress(trx, id, changes);
      if (input.isDefault) await clearOtherDefaults(trx, user.id, id, now);
      return toAddressDto({ ...current, ...changes }, null);
    });
  }

  async remove(user: UserRow, id: string): Promise<void> {
    const current = await this.own(user, id);
    await this.db.transaction().execute(async (trx) => {
      await deleteAddress(trx, id);
      // Deleting the default makes the newest remaining address the default, so checkout always has one.
      if (fromFlag(current.is_default)) await promoteNewestToDefault(trx, user.id, nowIso());
    });
  }

  /** The customer's own address; another customer's (or a missing) one is "not found". */
  private async own(user: UserRow, id: string): Promise<AddressRow> {
    const row = id.length <= 64 ? await findAddress(this.db, id) : undefined;
    if (!row || row.user_id !== user.id) throw notFound(NOT_FOUND);
    return row;
  }

  private async resolve(input: AddressInput) {
    const place = await findLocationByNames(this.db, input);
    if (!place) throw badRequest(NO_DELIVERY);
    if (place.switchedOff) throw badRequest(switchedOffMessage(place.switchedOff));
    return place;
  }
}
