import { isRateLimited, rateLimitMaxRetries, retryWaitSeconds } from '@/api/retry-policy';
import { csvCell } from '@/api/csv';
import { abortableSleep } from '@/utils/abortable-sleep';

/** One CSV row: the cells as text, before quoting. */
export type CsvRow = string[];

/** One page of an export: its rows, and the cursor of the next page (undefined after the last). */
export interface ExportPage {
  rows: CsvRow[];
  next: string | undefined;
}

/**
 * Something the console exports to CSV by following the service's cursor: the reactions of a message,
 * the messages a search found. Each source says how to read a page; the export itself is one mechanism.
 */
export interface ExportSource {
  /** "all reactions", "the messages found". */
  what: string;
  /** The records' noun, singular and plural: "reaction", "reactions". */
  noun: readonly [string, string];
  header: readonly string[];
  fileName: string;
  readPage: (after: string | undefined, signal: AbortSignal) => Promise<ExportPage>;
}

/** Where an export stands: the rows read so far and the cursor of the next page. */
export interface ExportPosition {
  rows: CsvRow[];
  /** The cursor of the next page; undefined before the first page. */
  after: string | undefined;
}

/**
 * Reads every page of `source` by following its cursor, from `from` when an export is resumed.
 * `onPage` gets the position after each page. A 429 waits as the console's retry policy says
 * (`onWait` shows it) and asks for the same page again, keeping what was read; `signal` cancels
 * between pages, during one or during a wait.
 */
export async function collectPages(
  source: Pick<ExportSource, 'readPage'>,
  options: {
    signal: AbortSignal;
    from?: ExportPosition | undefined;
    onPage: (position: ExportPosition) => void;
    onWait?: ((seconds: number | undefined) => void) | undefined;
    sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  },
): Promise<CsvRow[]> {
  const { signal, sleep = abortableSleep } = options;
  const rows = [...(options.from?.rows ?? [])];
  let after = options.from?.after;
  let rateLimited = 0;
  for (;;) {
    signal.throwIfAborted();
    let page;
    try {
      page = await source.readPage(after, signal);
    } catch (error) {
      if (!isRateLimited(error) || rateLimited >= rateLimitMaxRetries) throw error;
      rateLimited += 1;
      options.onWait?.(retryWaitSeconds(error));
      await sleep(retryWaitSeconds(error) * 1000, signal);
      options.onWait?.(undefined);
      continue;
    }
    rateLimited = 0;
    rows.push(...page.rows);
    after = page.next;
    options.onPage({ rows: [...rows], after });
    if (after === undefined) return rows;
  }
}

/** The rows as CSV with a header row, CRLF line ends and UTF-8 text (emoji kept as they are). */
export function toCsv(header: readonly string[], rows: readonly CsvRow[]): string {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** Unix seconds as an ISO 8601 time; empty when there is none. */
export const isoCell = (seconds: number | undefined) =>
  seconds === undefined ? '' : new Date(seconds * 1000).toISOString();
