import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../../db/database';
import { toCount } from '../../db/sql-values';
import { PRODUCT_COLUMNS, type Db, type Paging, type ProductRow } from './repository';

const COLUMNS = sql.raw(PRODUCT_COLUMNS.map((c) => `p.${c}`).join(', '));

const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 40;

/**
 * The words of a search term: runs of letters and digits, lower-cased, at most 8 of 40 characters each.
 * Everything else (quotes, operators, brackets, `--`, `<script>`) is a separator, so whatever a visitor types is
 * searched for literally and can never become query syntax.
 */
export function searchTokens(term: string): string[] {
  const words =
    term
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TOKEN_LENGTH)))].slice(0, MAX_TOKENS);
}

export interface SearchPage {
  rows: ProductRow[];
  total: number;
}

type Mode = 'all' | 'any';

/**
 * Full-text search over active products' name, tags, category name and description, with prefix matching ("ser"
 * finds "serum"), ranked by relevance with name matches first. SQLite uses the FTS5 table of migration 008,
 * PostgreSQL the weighted tsvector column; both get the same tokens, each quoted as a literal prefix.
 *
 * Every word must match; when that finds nothing and the term has several words, any word may match (so
 * "shea butter for dry skin" still finds shea butter).
 */
export async function searchProducts(db: Db, term: string, paging: Paging): Promise<SearchPage> {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return { rows: [], total: 0 };
  const engine = dialectOf(db as Kysely<unknown>) === 'postgres' ? postgres : sqlite;
  const count = (mode: Mode) => engine.count(db, tokens, mode);
  let mode: Mode = 'all';
  let total = await count(mode);
  if (total === 0 && tokens.length > 1) {
    mode = 'any';
    total = await count(mode);
  }
  if (total === 0) return { rows: [], total: 0 };
  const rows = await engine.page(db, tokens, mode, paging);
  return { rows, total };
}

interface Engine {
  count(db: Db, tokens: string[], mode: Mode): Promise<number>;
  page(db: Db, tokens: string[], mode: Mode, paging: Paging): Promise<ProductRow[]>;
}

/* SQLite FTS5: each token becomes the quoted prefix "token"* (a token holds only letters and digits). */

function ftsQuery(tokens: string[], mode: Mode): string {
  return tokens.map((t) => `"${t.replace(/"/g, '')}"*`).join(mode === 'all' ? ' AND ' : ' OR ');
}

const sqlite: Engine = {
  async count(db, tokens, mode) {
    const result = await sql<{ n: number }>`
      select count(*) as n
      from product_search
      join product_search_docs d on d.doc_id = product_search.rowid
      join products p on p.id = d.product_id
      where product_search match ${ftsQuery(tokens, mode)} and p.status = 'active'
    `.execute(db);
    return toCount(result.rows[0]?.n);
  },
  async page(db, tokens, mode, paging) {
    const match = ftsQuery(tokens, mode);
    const result = await sql<ProductRow>`
      select ${COLUMNS}, c.name as category_name
      from product_search
      join product_search_docs d on d.doc_id = product_search.rowid
      join products p on p.id = d.product_id
      left join categories c on c.id = p.category_id
      where product_search match ${match} and p.status = 'active'
      order by
        case when product_search.rowid in (
          select rowid from product_search where product_search match ${`name : (${match})`}
        ) then 0 else 1 end,
        bm25(product_search, 10.0, 5.0, 3.0, 1.0),
        p.created_at desc
      limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}
    `.execute(db);
    return result.rows;
  },
};

/* PostgreSQL: each token becomes the quoted prefix 'token':* for to_tsquery('simple', ...). */

function tsQuery(tokens: string[], mode: Mode): RawBuilder<unknown> {
  const text = tokens.map((t) => `'${t.replace(/['\\]/g, '')}':*`).join(mode === 'all' ? ' & ' : ' | ');
  return sql`to_tsquery('simple', ${text})`;
}

const postgres: Engine = {
  async count(db, tokens, mode) {
    const result = await sql<{ n: number }>`
      select count(*) as n from products p
      where p.search_vector @@ ${tsQuery(tokens, mode)} and p.status = 'active'
    `.execute(db);
    return toCount(result.rows[0]?.n);
  },
  async page(db, tokens, mode, paging) {
    const query = tsQuery(tokens, mode);
    const result = await sql<ProductRow>`
      select ${COLUMNS}, c.name as category_name
      from products p
      left join categories c on c.id = p.category_id
      cross join lateral (select ${query} as q) query
      where p.search_vector @@ query.q and p.status = 'active'
      order by
        (ts_filter(p.search_vector, '{a}') @@ query.q) desc,
        ts_rank(p.search_vector, query.q) desc,
        p.created_at desc
      limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}
    `.execute(db);
    return result.rows;
  },
};
