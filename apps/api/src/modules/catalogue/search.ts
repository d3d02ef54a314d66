import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../../db/database';
import { toCount } from '../../db/sql-values';
import { KISWAHILI_SEARCH_WORDS } from '@urembo/contract/search-words';
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
  return [...new Set(words(term).map((w) => w.slice(0, MAX_TOKEN_LENGTH)))].slice(0, MAX_TOKENS);
}

function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The shortest word a typo is forgiven in ("seurm" finds serums; "sirum" is not "serum"'s only reading at 4). */
export const TYPO_MIN_LENGTH = 5;
/** At most this many spellings are tried for one mistyped word. */
const MAX_FIXES = 4;

/**
 * What search knows besides the index: the words of active products' names, tags and brands and of category names
 * (to correct a typo against), and the synonyms (Kiswahili words and the admin's), word → the words it also finds.
 * Built from the database once and kept in the catalogue cache until products or synonyms change.
 */
export class Lexicon {
  /** Known words, sorted (a binary search tells whether a typed word starts any of them). */
  private readonly sorted: string[];
  private readonly known: Set<string>;
  /** Each known word with one letter left out → the words it came from: a typo is found by lookups, not a scan. */
  private readonly deletes = new Map<string, string[]>();

  constructor(
    vocabulary: Iterable<string>,
    private readonly synonyms: ReadonlyMap<string, readonly string[]>,
  ) {
    this.known = new Set([...vocabulary].filter((w) => w.length >= TYPO_MIN_LENGTH - 1));
    this.sorted = [...this.known].sort();
    for (const word of this.known) {
      for (const d of oneLetterOut(word)) {
        const from = this.deletes.get(d);
        if (from) from.push(word);
        else this.deletes.set(d, [word]);
      }
    }
  }

  /** The words a typed word also finds: its synonyms. */
  synonymsOf(token: string): readonly string[] {
    return this.synonyms.get(token) ?? [];
  }

  /**
   * Known words one slip away from a typed word of 5 letters or more that starts no known word: a letter left out,
   * one too many, one wrong, or two swapped ("seurm" → serum, "lipstik" → lipstick). Empty when it is known.
   */
  fixesOf(token: string): string[] {
    if (token.length < TYPO_MIN_LENGTH || /^\p{N}+$/u.test(token) || this.startsAWord(token)) return [];
    const found = new Set<string>(this.deletes.get(token) ?? []);
    for (const d of oneLetterOut(token)) {
      if (this.known.has(d)) found.add(d);
      for (const word of this.deletes.get(d) ?? []) found.add(word);
    }
    found.delete(token);
    return [...found]
      .sort(
        (x, y) => Math.abs(x.length - token.length) - Math.abs(y.length - token.length) || x.localeCompare(y),
      )
      .slice(0, MAX_FIXES);
  }

  private startsAWord(token: string): boolean {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < token) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.sorted.length && this.sorted[lo]!.startsWith(token);
  }
}

function oneLetterOut(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i += 1) out.add(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** The lexicon from the database: one query for the words, one for the admin's synonyms. */
export async function loadLexicon(db: Db): Promise<Lexicon> {
  const [products, categories, kept] = await Promise.all([
    db.selectFrom('products').select(['name', 'tags', 'brand']).where('status', '=', 'active').execute(),
    db.selectFrom('categories').select('name').execute(),
    db.selectFrom('search_synonyms').select(['word', 'means']).execute(),
  ]);
  const vocabulary = new Set<string>();
  for (const p of products) for (const w of words(`${p.name} ${p.tags} ${p.brand ?? ''}`)) vocabulary.add(w);
  for (const c of categories) for (const w of words(c.name)) vocabulary.add(w);
  const synonyms = new Map<string, string[]>();
  const add = (word: string, means: readonly string[]) =>
    synonyms.set(
      word,
      [...new Set([...(synonyms.get(word) ?? []), ...means])].filter((m) => m !== word),
    );
  for (const [word, means] of Object.entries(KISWAHILI_SEARCH_WORDS)) add(word, means);
  for (const row of kept) add(row.word, parseMeans(row.means));
  return new Lexicon(vocabulary, synonyms);
}

/** The stored JSON list of a synonym's words (an unreadable one means nothing rather than failing every search). */
export function parseMeans(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

export interface SearchPage {
  rows: ProductRow[];
  total: number;
}

type Mode = 'all' | 'any';
/** Each typed word with the words it also finds (its synonyms, and spellings when it looks mistyped). */
type Groups = string[][];

/**
 * Full-text search over active products' name, tags, category name and description, with prefix matching ("ser"
 * finds "serum"), ranked by relevance with name matches first. SQLite uses the FTS5 table of migration 008,
 * PostgreSQL the weighted tsvector column; both get the same tokens, each quoted as a literal prefix.
 *
 * Each typed word also finds its synonyms ("mafuta" finds oils). Every word must match; when that finds nothing, a
 * mistyped word of 5 letters or more also finds the known words one slip away ("seurm" finds serums); when that
 * still finds nothing and the term has several words, any word may match (so "shea butter for dry skin" still finds
 * shea butter).
 */
export async function searchProducts(
  db: Db,
  term: string,
  paging: Paging,
  lexicon: () => Promise<Lexicon>,
): Promise<SearchPage> {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return { rows: [], total: 0 };
  const known = await lexicon();
  const engine = dialectOf(db as Kysely<unknown>) === 'postgres' ? postgres : sqlite;
  let groups: Groups = tokens.map((t) => [t, ...known.synonymsOf(t)]);
  let mode: Mode = 'all';
  let total = await engine.count(db, groups, mode);
  if (total === 0) {
    const fixed = groups.map((group) => [...group, ...known.fixesOf(group[0]!)]);
    if (fixed.some((group, i) => group.length > groups[i]!.length)) {
      groups = fixed;
      total = await engine.count(db, groups, mode);
    }
  }
  if (total === 0 && tokens.length > 1) {
    mode = 'any';
    total = await engine.count(db, groups, mode);
  }
  if (total === 0) return { rows: [], total: 0 };
  const rows = await engine.page(db, groups, mode, paging);
  return { rows, total };
}

interface Engine {
  count(db: Db, groups: Groups, mode: Mode): Promise<number>;
  page(db: Db, groups: Groups, mode: Mode, paging: Paging): Promise<ProductRow[]>;
}

/** One query of words: each group's words joined by `or`, the groups by `and` (all) or `or` (any). */
function joinGroups(
  groups: Groups,
  mode: Mode,
  quote: (word: string) => string,
  and: string,
  or: string,
): string {
  const parts = groups.map((g) => (g.length === 1 ? quote(g[0]!) : `(${g.map(quote).join(or)})`));
  return parts.join(mode === 'all' ? and : or);
}

/* SQLite FTS5: each word becomes the quoted prefix "word"* (a word holds only letters and digits). */

function ftsQuery(groups: Groups, mode: Mode): string {
  return joinGroups(groups, mode, (t) => `"${t.replace(/"/g, '')}"*`, ' AND ', ' OR ');
}

const sqlite: Engine = {
  async count(db, groups, mode) {
    const result = await sql<{ n: number }>`
      select count(*) as n
      from product_search
      join product_search_docs d on d.doc_id = product_search.rowid
      join products p on p.id = d.product_id
      where product_search match ${ftsQuery(groups, mode)} and p.status = 'active'
    `.execute(db);
    return toCount(result.rows[0]?.n);
  },
  async page(db, groups, mode, paging) {
    const match = ftsQuery(groups, mode);
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

/* PostgreSQL: each word becomes the quoted prefix 'word':* for to_tsquery('simple', ...). */

function tsQuery(groups: Groups, mode: Mode): RawBuilder<unknown> {
  const text = joinGroups(groups, mode, (t) => `'${t.replace(/['\\]/g, '')}':*`, ' & ', ' | ');
  return sql`to_tsquery('simple', ${text})`;
}

const postgres: Engine = {
  async count(db, groups, mode) {
    const result = await sql<{ n: number }>`
      select count(*) as n from products p
      where p.search_vector @@ ${tsQuery(groups, mode)} and p.status = 'active'
    `.execute(db);
    return toCount(result.rows[0]?.n);
  },
  async page(db, groups, mode, paging) {
    const query = tsQuery(groups, mode);
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
