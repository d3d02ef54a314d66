import { z } from 'zod';

/**
 * Kiswahili beauty words search always knows, each with the English words it also searches for. Admins add more
 * (in either language) as search synonyms.
 */
export const KISWAHILI_SEARCH_WORDS: Readonly<Record<string, readonly string[]>> = {
  mafuta: ['oil'],
  nywele: ['hair'],
  ngozi: ['skin'],
  sabuni: ['soap'],
  manukato: ['perfume', 'fragrance'],
  midomo: ['lips', 'lip'],
  uso: ['face'],
  kucha: ['nails', 'nail'],
  macho: ['eyes', 'eye'],
};

/** A word search takes apart like the search itself: letters and digits only, lower-cased, 2 to 40 characters. */
const searchWord = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .toLowerCase()
    .min(2, `${label} must be at least 2 characters`)
    .max(40, `${label} must be at most 40 characters`)
    .regex(/^[\p{L}\p{N}]+$/u, `${label} must be one word of letters and digits`);

export const SEARCH_SYNONYM_MAX_MEANS = 10;

/** An admin-kept synonym: typing `word` also searches for each of `means`. */
export const searchSynonymSchema = z.object({
  _id: z.string(),
  word: z.string(),
  means: z.array(z.string()),
});
export type SearchSynonym = z.infer<typeof searchSynonymSchema>;

/** POST /search/synonyms. */
export const searchSynonymBodySchema = z.object({
  word: searchWord('Word'),
  means: z
    .array(searchWord('Each word it means'), { error: 'means must be a list of words' })
    .min(1, 'Give at least one word it means')
    .max(SEARCH_SYNONYM_MAX_MEANS, `At most ${SEARCH_SYNONYM_MAX_MEANS} words`),
});
export type SearchSynonymBody = z.input<typeof searchSynonymBodySchema>;

/** PUT /search/synonyms/{id}: either field. */
export const searchSynonymUpdateSchema = searchSynonymBodySchema.partial();
