import type { CartLine } from '@urembo/contract/orders';
import { toProductDto } from '../catalogue';
import type { CartProductRow } from './repository';

/** A cart line as the API shapes it: the catalogue's Product plus `count`. */
export function toCartLine(row: CartProductRow, imageHashes: string[]): CartLine {
  return { ...toProductDto(row, imageHashes), count: row.count };
}
