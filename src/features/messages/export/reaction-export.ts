import { listReactions, reactionPageLimit } from '@/api/reactions';
import { isRateLimited, rateLimitMaxRetries, retryWaitSeconds } from '@/api/retry-policy';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { csvCell } from '@/api/csv';
import { abortableSleep } from '@/utils/abortable-sleep';

/** Where an export stands: the records read so far and the cursor of the next page. */
export interface ExportPosition {
  records: ReactionRecord[];
  /** `meta.next.id` of the last page read; undefined before the first page. */
  after: string | undefined;
}

/**
 * Reads every reaction record of a message (or of one reaction) by following the service's cursor,
 * one page of 100 at a time, from `from` when an export is resumed. `onPage` gets the position after
 * each page. A 429 waits as the console's retry policy says (`onWait` shows it) and asks for the same
 * page again, keeping what was read; `signal` cancels between pages, during one or during a wait.
 */
export async function collectReactions(options: {
  messageId: string;
  reaction?: string | undefined;
  signal: AbortSignal;
  from?: ExportPosition | undefined;
  onPage: (position: ExportPosition) => void;
  onWait?: ((seconds: number | undefined) => void) | undefined;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}): Promise<ReactionRecord[]> {
  const { signal, sleep = abortableSleep } = options;
  const records = [...(options.from?.records ?? [])];
  let after = options.from?.after;
  let rateLimited = 0;
  for (;;) {
    signal.throwIfAborted();
    let page;
    try {
      page = await listReactions(options.messageId, { reaction: options.reaction, after }, signal);
    } catch (error) {
      if (!isRateLimited(error) || rateLimited >= rateLimitMaxRetries) throw error;
      rateLimited += 1;
      options.onWait?.(retryWaitSeconds(error));
      await sleep(retryWaitSeconds(error) * 1000, signal);
      options.onWait?.(undefined);
      continue;
    }
    rateLimited = 0;
    records.push(...page.data);
    after =
      page.meta.next && page.data.length + page.unsupported.length >= reactionPageLimit
        ? page.meta.next.id
        : undefined;
    options.onPage({ records: [...records], after });
    if (after === undefined) return records;
  }
}

const columns = [
  'id',
  'messageId',
  'reaction',
  'uid',
  'name',
  'reactedAt',
  'reactedAtUnix',
  'lastActiveAt',
] as const;

const iso = (seconds: number | undefined) =>
  seconds === undefined ? '' : new Date(seconds * 1000).toISOString();

/** The records as CSV with a header row, CRLF line ends and UTF-8 text (emoji kept as they are). */
export function reactionsToCsv(records: readonly ReactionRecord[]): string {
  const lines = [columns.join(',')];
  for (const record of records) {
    const row = [
      record.id,
      record.messageId,
      record.reaction,
      record.uid,
      record.reactedBy.name,
      iso(record.reactedAt),
      record.reactedAt,
      iso(record.reactedBy.lastActiveAt),
    ];
    lines.push(row.map(csvCell).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/** A file name that is safe everywhere: emoji and symbols become their code points (`1f44d-1f3fd`). */
export function exportFileName(messageId: string, reaction: string | undefined): string {
  if (reaction === undefined) return `message-${messageId}-reactions.csv`;
  const parts: string[] = [];
  let word = '';
  for (const char of reaction) {
    if (/[\w-]/.test(char)) {
      word += char;
      continue;
    }
    if (word) parts.push(word);
    word = '';
    parts.push((char.codePointAt(0) ?? 0).toString(16));
  }
  if (word) parts.push(word);
  return `message-${messageId}-reactions-${parts.join('-').slice(0, 80)}.csv`;
}
