import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module reaches another module's data through its public functions (its index.ts), not its tables, except where
 * decision 027 ("Tables: whose they are, and who else reads them") says why. This reads every module's source for
 * the tables it queries (Kysely's selectFrom/insertInto/updateTable/deleteFrom/joins and raw SQL's from/join/update/
 * into) and fails on a table of another module that the decision does not list for it.
 */

const MODULES = path.join(__dirname, '../src/modules');

/** Each table and the module that owns it (creates it, writes it, answers for it). */
const OWNER: Record<string, string> = {
  users: 'users',
  sessions: 'auth',
  auth_tokens: 'auth',
  account_mails: 'auth',
  security_events: 'auth',
  account_notices: 'auth',
  two_factor: 'auth',
  two_factor_recovery_codes: 'auth',
  countries: 'shipping',
  counties: 'shipping',
  towns: 'shipping',
  locations: 'shipping',
  addresses: 'addresses',
  categories: 'catalogue',
  products: 'catalogue',
  product_images: 'catalogue',
  product_variants: 'catalogue',
  image_blobs: 'catalogue',
  product_search: 'catalogue',
  product_search_docs: 'catalogue',
  search_synonyms: 'catalogue',
  cart_lines: 'cart',
  orders: 'orders',
  order_items: 'orders',
  order_messages: 'orders',
  payments: 'payments',
  stk_requests: 'payments',
  mpesa_callbacks: 'payments',
  refunds: 'payments',
  reviews: 'reviews',
  returns: 'returns',
  return_items: 'returns',
  return_messages: 'returns',
  discounts: 'discounts',
  discount_uses: 'discounts',
  audit_log: 'audit',
};

/** The exceptions decision 027 explains, one line each there: `module: tables of others it may query`. */
const ALLOWED: Record<string, string[]> = {
  'account-data': [
    'account_mails',
    'account_notices',
    'addresses',
    'auth_tokens',
    'cart_lines',
    'order_items',
    'orders',
    'payments',
    'products',
    'reviews',
    'security_events',
    'sessions',
    'stk_requests',
    'two_factor',
    'two_factor_recovery_codes',
    'users',
  ],
  audit: ['users'],
  auth: ['users'],
  users: ['sessions'],
  cart: ['products', 'categories'],
  catalogue: ['cart_lines', 'discounts', 'order_items'],
  dashboard: ['orders', 'order_items', 'products'],
  orders: ['users', 'payments', 'stk_requests'],
  payments: ['orders', 'users'],
  reviews: ['users', 'products'],
  returns: ['orders', 'order_items', 'users'],
  shipping: ['addresses'],
};

const TABLES = Object.keys(OWNER).join('|');
const KYSELY = new RegExp(
  String.raw`\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'(${TABLES})\b`,
  'g',
);
const RAW_SQL = new RegExp(String.raw`\b(?:from|join|update|into)\s+(${TABLES})\b(?!\s*[:(])`, 'g');

/** The tables a source text queries. */
export function tablesIn(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  for (const match of code.matchAll(KYSELY)) found.add(match[1]!);
  // Raw SQL lives in sql`...` templates only: read those, not prose in strings.
  for (const template of code.matchAll(/sql(?:<[^`]*?>)?`([\s\S]*?)`/g)) {
    for (const match of template[1]!.matchAll(RAW_SQL)) found.add(match[1]!);
  }
  return found;
}

function foreignTables(): Record<string, string[]> {
  const seen: Record<string, Set<string>> = {};
  for (const file of readdirSync(MODULES, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const module = file.split(path.sep)[0]!;
    for (const table of tablesIn(readFileSync(path.join(MODULES, file), 'utf8'))) {
      if (OWNER[table] !== module) (seen[module] ??= new Set()).add(table);
    }
  }
  return Object.fromEntries(Object.entries(seen).map(([m, t]) => [m, [...t].sort()]));
}

describe("modules and each other's tables", () => {
  it('query another module’s tables only where the decision record says why', () => {
    const found = foreignTables();
    const unexplained = Object.entries(found).flatMap(([module, tables]) =>
      tables
        .filter((t) => !ALLOWED[module]?.includes(t))
        .map((t) => `${module} → ${t} (owned by ${OWNER[t]})`),
    );
    expect(unexplained).toEqual([]);
  });

  it('list no exception that is no longer needed', () => {
    const found = foreignTables();
    const stale = Object.entries(ALLOWED).flatMap(([module, tables]) =>
      tables.filter((t) => !found[module]?.includes(t)).map((t) => `${module} → ${t}`),
    );
    expect(stale).toEqual([]);
  });

  it('own every table of the schema, and see a query however it is written', () => {
    const schema = readFileSync(path.join(__dirname, '../src/db/schema.ts'), 'utf8');
    const body = schema.slice(schema.indexOf('export interface Database {'));
    const tables = [...body.slice(0, body.indexOf('\n}')).matchAll(/^\s+(\w+): \w+Table;/gm)].map(
      (m) => m[1]!,
    );
    expect(tables.filter((t) => t !== 'app_meta' && !(t in OWNER))).toEqual([]);
    expect(
      tablesIn(
        "db.selectFrom('orders as o').leftJoin('users', 'a', 'b'); sql`select 1 from payments p join reviews r`;" +
          "const s = 'a message from products';",
      ),
    ).toEqual(new Set(['orders', 'users', 'payments', 'reviews']));
  });
});
