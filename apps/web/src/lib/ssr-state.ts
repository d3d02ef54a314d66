import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` holding the server render's query answers (dehydrated). */
export const SSR_STATE_ID = 'urembo-state';

/**
 * A server-rendered page's answers, dated now. The server keeps a rendered page for minutes and renews it on
 * every change it shows (a price, stock, a review), so its answers are as current as a fetch would be; dated as
 * rendered, every answer older than the queries' staleTime was fetched again right after hydration, on every visit
 * to a kept page.
 */
export function answersAsOfNow(state: DehydratedState, now = Date.now()): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'success' ? { ...query, state: { ...query.state, dataUpdatedAt: now } } : query,
    ),
  };
}
