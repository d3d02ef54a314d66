import type { Kysely } from 'kysely';
import type { SearchSynonym } from '@urembo/contract/search-words';
import type { Database, SearchSynonymsTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso } from '../../db/sql-values';
import type { CatalogueChange } from '../../lib/catalogue-changes';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { changeOf, recordAudit } from '../audit';
import { parseMeans } from './search';

export interface SynonymDeps {
  db: Kysely<Database>;
  /** A synonym changes what searches find: every kept search answer goes. */
  changed: (change: CatalogueChange) => Promise<void>;
}

function toDto(row: Pick<SearchSynonymsTable, 'id' | 'word' | 'means'>): SearchSynonym {
  return { _id: row.id, word: row.word, means: parseMeans(row.means) };
}

const taken = (word: string) => conflict(`There is already a synonym for "${word}": change that one instead`);

/** The search synonyms admins keep (typing `word` also searches for each of `means`). */
export class SearchSynonyms {
  constructor(private readonly deps: SynonymDeps) {}

  async list(): Promise<SearchSynonym[]> {
    const rows = await this.deps.db
      .selectFrom('search_synonyms')
      .select(['id', 'word', 'means'])
      .orderBy('word')
      .execute();
    return rows.map(toDto);
  }

  async create(input: { word: string; means: string[] }, adminId: string): Promise<SearchSynonym> {
    const row = {
      id: newId(),
      word: input.word,
      means: JSON.stringify(unique(input.means, input.word)),
      created_at: nowIso(),
      updated_at: nowIso(),
    };
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await trx.insertInto('search_synonyms').values(row).execute();
        await recordAudit(trx, {
          adminId,
          action: 'create',
          entity: 'setting',
          entityId: row.id,
          summary: `Search synonym "${row.word}" means ${parseMeans(row.means).join(', ')}`,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw taken(input.word);
      throw err;
    }
    await this.deps.changed({ kind: 'everything' });
    return toDto(row);
  }

  async update(
    id: string,
    input: { word?: string | undefined; means?: string[] | undefined },
    adminId: string,
  ) {
    const current = await this.find(id);
    if (input.word === undefined && input.means === undefined) {
      throw badRequest('Nothing to change: send a new word or the words it means');
    }
    const word = input.word ?? current.word;
    const means = JSON.stringify(unique(input.means ?? parseMeans(current.means), word));
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('search_synonyms')
          .set({ word, means, updated_at: nowIso() })
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, {
          adminId,
          action: 'update',
          entity: 'setting',
          entityId: id,
          summary: `Search synonym: ${
            changeOf('Word', current.word, word) ??
            changeOf('Means', parseMeans(current.means).join(', '), parseMeans(means).join(', ')) ??
            'No change'
          }`,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw taken(word);
      throw err;
    }
    await this.deps.changed({ kind: 'everything' });
    return toDto({ id, word, means });
  }

  async remove(id: string, adminId: string): Promise<string> {
    const current = await this.find(id);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('search_synonyms').where('id', '=', id).execute();
      await recordAudit(trx, {
        adminId,
        action: 'delete',
        entity: 'setting',
        entityId: id,
        summary: `Search synonym "${current.word}" deleted`,
      });
    });
    await this.deps.changed({ kind: 'everything' });
    return `Synonym for "${current.word}" deleted`;
  }

  private async find(id: string) {
    const row =
      id.length <= 64
        ? await this.deps.db
            .selectFrom('search_synonyms')
            .select(['id', 'word', 'means'])
            .where('id', '=', id)
            .executeTakeFirst()
        : undefined;
    if (!row) throw notFound('That synonym does not exist');
    return row;
  }
}

/** The words without repeats and without the word itself (a word always finds itself). */
function unique(means: string[], word: string): string[] {
  const kept = [...new Set(means)].filter((m) => m !== word);
  if (kept.length === 0) throw badRequest('Give at least one word other than the word itself');
  return kept;
}
