import type { QueryClient } from '@tanstack/react-query';
import { sessionFromPage } from '@/api/auth';
import { sessionQueries } from '@/api/queries/session';

/**
 * What the app knows of the session at boot: the one the console server wrote into the HTML, or,
 * when the page does not say, the session request, started now while the route's chunks download.
 */
export function startSession(client: QueryClient, doc: Document = document): void {
  const onPage = sessionFromPage(doc);
  const current = sessionQueries.current();
  void client.prefetchQuery(onPage ? { ...current, queryFn: () => onPage } : current);
}
