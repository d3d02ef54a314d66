import { dehydrate, hydrate, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/lib/query-client';
import { answersAsOfNow } from '../src/lib/ssr-state';

/** A page the server rendered ten minutes ago and still keeps (nothing it shows has changed since). */
function keptPageState() {
  const server = new QueryClient();
  server.setQueryData(['featured'], ['Vitamin C Serum'], { updatedAt: Date.now() - 10 * 60_000 });
  server
    .getQueryCache()
    .build(server, { queryKey: ['broken'] })
    .setState({
      status: 'error',
      error: new Error('no answer'),
      errorUpdatedAt: Date.now() - 10 * 60_000,
    });
  return JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: () => true })));
}

function Featured({ queryFn }: { queryFn: () => Promise<string[]> }) {
  const { data } = useQuery({ queryKey: ['featured'], queryFn });
  return <p>{data?.join(', ')}</p>;
}

describe('a kept server-rendered page', () => {
  it('is not fetched again as soon as it hydrates', async () => {
    const client = createQueryClient();
    hydrate(client, answersAsOfNow(keptPageState()));
    const queryFn = vi.fn(async () => ['Vitamin C Serum']);
    render(
      <QueryClientProvider client={client}>
        <Featured queryFn={queryFn} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Vitamin C Serum')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryFn).not.toHaveBeenCalled();
    expect(client.getQueryState(['featured'])!.dataUpdatedAt).toBeGreaterThan(Date.now() - 1000);
  });

  it('dates only answers, never a failure', () => {
    const state = answersAsOfNow(keptPageState(), 1234);
    const byKey = Object.fromEntries(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state]));
    expect(byKey['["featured"]']!.dataUpdatedAt).toBe(1234);
    expect(byKey['["broken"]']!.status).toBe('error');
    expect(byKey['["broken"]']!.dataUpdatedAt).not.toBe(1234);
  });
});
