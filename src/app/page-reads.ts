import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { makeFormattersAhead } from '@/components/use-formatters-ahead';
import { readsBlockId } from '@/config/page-blocks';

/**
 * Starts the query cache with the answers of the page's first reads that the console server wrote
 * into the HTML with the page it drew (src/app/first-paint.tsx): the page renders with its data at
 * once, and the route's own first reads find them fresh instead of asking again. A block that does
 * not parse is ignored, and the page reads as usual. The date formatters its first render will use
 * are made meanwhile, in tasks of their own.
 */
export function startFromPageReads(client: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(readsBlockId)?.textContent;
  if (!text) return;
  try {
    hydrate(client, JSON.parse(text) as DehydratedState);
    makeFormattersAhead();
  } catch {
    // Read again by the page.
  }
}
