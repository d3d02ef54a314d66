import type { Migration } from 'kysely';
import * as m001 from './001-users-sessions';
import * as m002 from './002-shipping-addresses';
import * as m003 from './003-catalogue';
import * as m004 from './004-cart-orders';
import * as m010 from './010-auth-tokens';
import * as m011 from './011-session-ids';
import * as m012 from './012-image-blobs';
import * as m020 from './020-catalogue-search';
import * as m031 from './031-order-reference';
import * as m025 from './025-product-stock';
import * as m035 from './035-order-stock';
import * as m040 from './040-payments';
import * as m041 from './041-paybill';
import * as m050 from './050-reviews';

/**
 * Every migration, in order. They are bundled into the server (no files are read at run time) and must work on
 * SQLite and PostgreSQL alike; a dialect-specific step checks `dialectOf(db)`.
 *
 * Numbering: 001-009 core tables; 010-019 accounts; 020-029 catalogue; 030-039 cart and orders;
 * 040-049 payments; 050-059 reviews.
 */
export const migrations: Record<string, Migration> = {
  '001-users-sessions': m001,
  '002-shipping-addresses': m002,
  '003-catalogue': m003,
  '004-cart-orders': m004,
  '010-auth-tokens': m010,
  '011-session-ids': m011,
  '012-image-blobs': m012,
  '020-catalogue-search': m020,
  '031-order-reference': m031,
  '025-product-stock': m025,
  '035-order-stock': m035,
  '040-payments': m040,
  '041-paybill': m041,
  '050-reviews': m050,
};
