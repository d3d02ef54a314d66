import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { catalogueRoutes } from '@urembo/contract/routes/catalogue';
import { KISWAHILI_SEARCH_WORDS, searchSynonymBodySchema } from '@urembo/contract/search-words';
import { call, errorMessage } from '../../../lib/api-client';

const synonymKeys = { all: ['search-synonyms'] as const };

/**
 * The search synonyms the admin keeps (typing a word also searches for the words it means), beside the Kiswahili
 * words search always knows.
 */
export function SearchSynonyms() {
  const id = useId();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: synonymKeys.all,
    queryFn: ({ signal }) => call(catalogueRoutes.listSearchSynonyms, { signal }),
    select: (body) => body.data,
  });
  const refresh = () => client.invalidateQueries({ queryKey: synonymKeys.all });
  const create = useMutation({
    mutationFn: (body: { word: string; means: string[] }) =>
      call(catalogueRoutes.createSearchSynonym, { body }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (synonymId: string) =>
      call(catalogueRoutes.deleteSearchSynonym, { params: { id: synonymId } }),
    onSettled: refresh,
  });
  const [word, setWord] = useState('');
  const [means, setMeans] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = searchSynonymBodySchema.safeParse({
      word,
      means: means
        .split(/[,\s]+/)
        .map((m) => m.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the words');
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`Searching "${parsed.data.word}" now finds ${parsed.data.means.join(', ')}`);
        setWord('');
        setMeans('');
      },
      onError: (err) => setError(errorMessage(err, 'Failed to add the synonym')),
    });
  }

  return (
    <section className="card mt-6 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-display text-lg font-semibold text-brand-800">
        Search synonyms
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Typing a word also finds the words it means. Search already knows{' '}
        {Object.entries(KISWAHILI_SEARCH_WORDS)
          .map(([w, m]) => `${w} (${m.join(', ')})`)
          .join('; ')}
        , and forgives one slip in a word of 5 letters or more.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-word`} className="mb-1 block text-sm font-medium text-stone-700">
            Word
          </label>
          <input
            id={`${id}-word`}
            className="input"
            value={word}
            autoComplete="off"
            placeholder="losheni"
            onChange={(e) => setWord(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-means`} className="mb-1 block text-sm font-medium text-stone-700">
            Also finds (words, separated by commas)
          </label>
          <input
            id={`${id}-means`}
            className="input"
            value={means}
            autoComplete="off"
            placeholder="lotion, cream"
            onChange={(e) => setMeans(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add synonym'}
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {list.isError ? (
        <p className="mt-4 text-sm text-red-700">{errorMessage(list.error, 'Failed to load synonyms')}</p>
      ) : list.data && list.data.length > 0 ? (
        <ul className="mt-4 divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200">
          {list.data.map((synonym) => (
            <li key={synonym._id} className="flex flex-wrap items-center gap-2 px-4 py-2.5 text-sm">
              <span className="font-semibold text-ink">{synonym.word}</span>
              <span aria-hidden="true" className="text-stone-600">
                →
              </span>
              <span className="min-w-0 flex-1 break-words text-stone-700">{synonym.means.join(', ')}</span>
              <button
                type="button"
                className="btn-ghost px-3 py-1.5 text-red-700"
                aria-label={`Delete the synonym ${synonym.word}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(synonym._id, {
                    onSuccess: (body) => toast.success(body.message),
                    onError: (err) => toast.error(errorMessage(err, 'Failed to delete')),
                  })
                }
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      ) : list.data ? (
        <p className="mt-4 text-sm text-stone-600">No synonyms of your own yet.</p>
      ) : null}
    </section>
  );
}
