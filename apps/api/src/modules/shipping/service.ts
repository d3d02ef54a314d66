import type { Kysely } from 'kysely';
import { formatKsh } from '@urembo/contract/money';
import {
  SHIPPING_KIND_SINGULAR,
  type Country,
  type County,
  type Location,
  type ShippingKind,
  type Town,
} from '@urembo/contract/shipping';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { changeOf, changesSummary, recordAudit } from '../audit';
import {
  PARENT,
  countAddressesUsing,
  countChildren,
  deletePlace,
  findPlace,
  findSameName,
  insertPlace,
  updatePlace,
  type PlaceRow,
} from './repository';

export type Place = Country | County | Town | Location;
/** The place of each level. */
export interface PlaceOf {
  countries: Country;
  counties: County;
  towns: Town;
  locations: Location;
}

const CHILD_PLURAL: Record<Exclude<ShippingKind, 'locations'>, string> = {
  countries: 'counties',
  counties: 'towns',
  towns: 'delivery locations',
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The API's view of one place of a level. */
export function toPlaceDto<K extends ShippingKind>(kind: K, row: PlaceRow): PlaceOf[K] {
  return placeDto(kind, row) as PlaceOf[K];
}

function placeDto(kind: ShippingKind, row: PlaceRow): Place {
  switch (kind) {
    case 'countries':
      return { _id: row.id, name: row.name, active: row.active };
    case 'counties':
      return { _id: row.id, name: row.name, country: row.parentId ?? '', active: row.active };
    case 'towns':
      return { _id: row.id, name: row.name, county: row.parentId ?? '', active: row.active };
    case 'locations':
      return {
        _id: row.id,
        name: row.name,
        town: row.parentId ?? '',
        shippingFee: row.shippingFee ?? 0,
        active: row.active,
      };
  }
}

export interface PlaceInput {
  name?: string | undefined;
  parentId?: string | undefined;
  shippingFee?: number | undefined;
  /** false switches the place off (kept for the addresses that name it, delivered to no more). */
  active?: boolean | undefined;
}

/**
 * What checkout and the address book say about an address at a switched-off place, naming it: "We no longer deliver
 * to Westlands. Choose another address or add one."
 */
export function switchedOffMessage(place: string): string {
  return `We no longer deliver to ${place}. Choose another address or add one.`;
}

export interface ShippingDeps {
  db: Kysely<Database>;
}

/** The delivery geography's rules: names unique under one parent, parents must exist, no orphaned children. */
export class ShippingService {
  constructor(private readonly deps: ShippingDeps) {}

  private get db() {
    return this.deps.db;
  }

  async create<K extends ShippingKind>(
    kind: K,
    input: Required<Pick<PlaceInput, 'name'>> & PlaceInput,
    adminId: string,
  ): Promise<PlaceOf[K]> {
    const parent = await this.parentOf(kind, input.parentId);
    await this.assertNameFree(kind, input.name, parent);
    const row: PlaceRow = {
      id: newId(),
      name: input.name,
      parentId: parent?.id ?? null,
      shippingFee: kind === 'locations' ? (input.shippingFee ?? 0) : null,
      active: true,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await insertPlace(trx, kind, { ...row, createdAt: nowIso() });
        const fee = row.shippingFee === null ? '' : `, delivery fee ${formatKsh(row.shippingFee)}`;
        await recordAudit(trx, {
          adminId,
          action: 'create',
          entity: 'place',
          entityId: row.id,
          summary: `Added ${SHIPPING_KIND_SINGULAR[kind]} ${row.name}${parent ? ` in ${parent.name}` : ''}${fee}`,
        });
      });
    } catch (err) {
      throw this.raceError(kind, input.name, parent, err);
    }
    return toPlaceDto(kind, row);
  }

  async update(kind: ShippingKind, id: string, input: PlaceInput, adminId: string): Promise<Place> {
    const current = await this.find(kind, id);
    if (
      input.name === undefined &&
      input.parentId === undefined &&
      input.shippingFee === undefined &&
      input.active === undefined
    ) {
      throw badRequest('Nothing to change: send a new name, parent, delivery fee or active');
    }
    const parent = await this.parentOf(kind, input.parentId ?? current.parentId ?? undefined);
    const next: PlaceRow = {
      id,
      name: input.name ?? current.name,
      parentId: parent?.id ?? null,
      shippingFee: kind === 'locations' ? (input.shippingFee ?? current.shippingFee ?? 0) : null,
      active: input.active ?? current.active,
    };
    await this.assertNameFree(kind, next.name, parent, id);
    try {
      await this.db.transaction().execute(async (trx) => {
        await updatePlace(trx, kind, id, next);
        await recordAudit(trx, {
          adminId,
          action: 'update',
          entity: 'place',
          entityId: id,
          summary: `${capitalise(SHIPPING_KIND_SINGULAR[kind])} ${current.name}: ${changesSummary([
            changeOf('Name', current.name, next.name),
            current.parentId !== next.parentId && `moved to ${parent?.name ?? 'none'}`,
            changeOf('Delivery fee', current.shippingFee, next.shippingFee),
            current.active !== next.active && (next.active ? 'switched on' : 'switched off'),
          ])}`,
        });
      });
    } catch (err) {
      throw this.raceError(kind, next.name, parent, err);
    }
    return toPlaceDto(kind, next);
  }

  async remove(kind: ShippingKind, id: string, adminId: string): Promise<string> {
    const place = await this.find(kind, id);
    // Deleting a place customers' addresses name would leave those addresses pointing nowhere.
    const parent =
      kind === 'countries' || !place.parentId
        ? undefined
        : await findPlace(this.db, PARENT[kind].kind, place.parentId);
    const used = await countAddressesUsing(this.db, kind, place, parent?.name ?? null);
    if (used > 0) {
      throw conflict(
        `${place.name} is used by ${used} saved ${used === 1 ? 'address' : 'addresses'}, so it cannot be ` +
          'deleted. Switch it off instead: customers can no longer choose it or order there.',
      );
    }
    if (kind !== 'locations') {
      const children = await countChildren(this.db, kind, id);
      if (children > 0) throw this.stillHasChildren(kind, place.name, children);
    }
    try {
      await this.db.transaction().execute(async (trx) => {
        await deletePlace(trx, kind, id);
        await recordAudit(trx, {
          adminId,
          action: 'delete',
          entity: 'place',
          entityId: id,
          summary: `Deleted ${SHIPPING_KIND_SINGULAR[kind]} ${place.name}${parent ? ` in ${parent.name}` : ''}`,
        });
      });
    } catch (err) {
      // A child was added between the check and the delete.
      if (isForeignKeyViolation(err) && kind !== 'locations') {
        throw this.stillHasChildren(kind, place.name, await countChildren(this.db, kind, id));
      }
      throw err;
    }
    return `${capitalise(SHIPPING_KIND_SINGULAR[kind])} deleted`;
  }

  private async find(kind: ShippingKind, id: string): Promise<PlaceRow> {
    const place = id.length <= 64 ? await findPlace(this.db, kind, id) : undefined;
    if (!place) throw notFound(`That ${SHIPPING_KIND_SINGULAR[kind]} does not exist`);
    return place;
  }

  /** The parent row a new or moved place hangs under (400 when it is missing or does not exist). */
  private async parentOf(kind: ShippingKind, parentId: string | undefined): Promise<PlaceRow | null> {
    if (kind === 'countries') return null;
    const parentKind = PARENT[kind].kind;
    const label = SHIPPING_KIND_SINGULAR[parentKind];
    if (!parentId) throw badRequest(`Choose the ${label}`);
    const parent = parentId.length <= 64 ? await findPlace(this.db, parentKind, parentId) : undefined;
    if (!parent) throw badRequest(`That ${label} does not exist`);
    return parent;
  }

  private async assertNameFree(kind: ShippingKind, name: string, parent: PlaceRow | null, exceptId?: string) {
    const same = await findSameName(this.db, kind, name, parent?.id ?? null, exceptId);
    if (same) throw this.duplicate(kind, same.name, parent);
  }

  private duplicate(kind: ShippingKind, name: string, parent: PlaceRow | null) {
    const label = SHIPPING_KIND_SINGULAR[kind];
    return conflict(
      parent
        ? `There is already a ${label} called ${name} in ${parent.name}`
        : `There is already a ${label} called ${name}`,
    );
  }

  private stillHasChildren(kind: Exclude<ShippingKind, 'locations'>, name: string, count: number) {
    const noun = CHILD_PLURAL[kind];
    const what = count === 1 ? noun.replace(/ies$/, 'y').replace(/s$/, '') : noun;
    return conflict(
      `${name} still has ${count} ${what}. Delete or move ${count === 1 ? 'it' : 'them'} first, then delete ${name}.`,
    );
  }

  private raceError(kind: ShippingKind, name: string, parent: PlaceRow | null, err: unknown): unknown {
    if (isUniqueViolation(err)) return this.duplicate(kind, name, parent);
    if (isForeignKeyViolation(err)) {
      const parentKind = kind === 'countries' ? 'countries' : PARENT[kind].kind;
      return badRequest(`That ${SHIPPING_KIND_SINGULAR[parentKind]} does not exist`);
    }
    return err;
  }
}
