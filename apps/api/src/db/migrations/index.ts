import type { Migration } from 'kysely';
import * as m001 from './001-users-sessions';
import * as m002 from './002-shipping-addresses';
import * as m003 from './003-catalogue';
import * as m004 from './004-cart-orders';
import * as m005 from './005-auth-tokens';
import * as m006 from './006-session-ids';
import * as m007 from './007-image-blobs';
import * as m008 from './008-catalogue-search';
import * as m009 from './009-product-stock';
import * as m010 from './010-order-reference';
import * as m011 from './011-order-stock';
import * as m012 from './012-payments';
import * as m013 from './013-paybill';
import * as m014 from './014-reviews';
import * as m015 from './015-account-mails';
import * as m016 from './016-product-facts';
import * as m017 from './017-product-variants';
import * as m018 from './018-returns';
import * as m019 from './019-account-activity';
import * as m020 from './020-discounts';
import * as m021 from './021-place-switches';
import * as m022 from './022-payment-ledger';
import * as m023 from './023-two-factor';
import * as m024 from './024-search-synonyms';
import * as m025 from './025-audit-log';
import * as m026 from './026-whatsapp-updates';
import * as m027 from './027-account-language-erasure';

/**
 * Every migration, in the one order every database applies them (README.md in this folder: how to add one). They
 * are bundled into the server (no files are read at run time), work on SQLite and PostgreSQL alike, and are frozen:
 * each imports only kysely and Node's own modules, never the app's code.
 */
export const migrations: Record<string, Migration> = {
  '001-users-sessions': m001,
  '002-shipping-addresses': m002,
  '003-catalogue': m003,
  '004-cart-orders': m004,
  '005-auth-tokens': m005,
  '006-session-ids': m006,
  '007-image-blobs': m007,
  '008-catalogue-search': m008,
  '009-product-stock': m009,
  '010-order-reference': m010,
  '011-order-stock': m011,
  '012-payments': m012,
  '013-paybill': m013,
  '014-reviews': m014,
  '015-account-mails': m015,
  '016-product-facts': m016,
  '017-product-variants': m017,
  '018-returns': m018,
  '019-account-activity': m019,
  '020-discounts': m020,
  '021-place-switches': m021,
  '022-payment-ledger': m022,
  '023-two-factor': m023,
  '024-search-synonyms': m024,
  '025-audit-log': m025,
  '026-whatsapp-updates': m026,
  '027-account-language-erasure': m027,
};

/**
 * The names these migrations had before they were numbered in one sequence (they were numbered in ranges per
 * feature). A database migrated then has its bookkeeping rows renamed once, at the first start of a version with
 * this table (db/migrate.ts). Never remove an entry: a shop may skip versions.
 */
export const FORMER_NAMES: Readonly<Record<string, string>> = {
  '001-users-sessions': '001-users-sessions',
  '002-shipping-addresses': '002-shipping-addresses',
  '003-catalogue': '003-catalogue',
  '004-cart-orders': '004-cart-orders',
  '010-auth-tokens': '005-auth-tokens',
  '011-session-ids': '006-session-ids',
  '012-image-blobs': '007-image-blobs',
  '020-catalogue-search': '008-catalogue-search',
  '025-product-stock': '009-product-stock',
  '031-order-reference': '010-order-reference',
  '035-order-stock': '011-order-stock',
  '040-payments': '012-payments',
  '041-paybill': '013-paybill',
  '050-reviews': '014-reviews',
};
