import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import type { Logger } from 'pino';
import { auditCsvHeader, auditCsvLine } from './audit-csv';
import { auditRowSchema, toAuditEntry } from './audit-log';
import { forgetDecisions } from '../insights/decision-rollups';
import type { ConsoleStore } from '../store/store';

export const defaultRetentionDays = 400;
const dayMs = 24 * 60 * 60 * 1000;
const batchRows = 1_000;

/** Appends lines to a file and forces them to disk before the rows they copy are deleted. */
function appendDurably(file: string, text: string): void {
  const fd = openSync(file, 'a');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Appends the rows to their day's archive file, each file synced (and the directory when new). */
function archiveRows(rows: z.infer<typeof auditRowSchema>[], archiveDir: string): void {
  mkdirSync(archiveDir, { recursive: true });
  const byDay = new Map<string, string[]>();
  for (const row of rows) {
    const day = new Date(row.at).toISOString().slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), auditCsvLine(toAuditEntry(row))]);
  }
  for (const [day, lines] of byDay) {
    const file = join(archiveDir, `audit-${day}.csv`);
    const fresh = !existsSync(file);
    appendDurably(file, (fresh ? auditCsvHeader : '') + lines.join(''));
    if (fresh) syncDir(archiveDir);
  }
}

/**
 * Moves audit rows older than `retentionDays` out of the store: each row is first appended to
 * `<archiveDir>/audit-YYYY-MM-DD.csv` (the UTC day of the row, the export's CSV format) and synced,
 * then deleted, a batch at a time with a turn of the event loop between batches. A crash between
 * the two steps archives a batch twice, never loses it. Each batch holds a lock shared by replicas,
 * so two replicas pruning at once take turns instead of archiving the same rows. Returns how many
 * rows moved.
 */
export async function archiveAndPruneAudit(
  store: ConsoleStore,
  opts: { archiveDir: string; retentionDays: number; now: number },
): Promise<number> {
  const cutoff = opts.now - opts.retentionDays * dayMs;
  let moved = 0;
  for (;;) {
    const batch = await store.exclusive('audit-retention', async (trx) => {
      const rows = z
        .array(auditRowSchema)
        .parse(
          await trx
            .selectFrom('audit')
            .selectAll()
            .where('at', '<', cutoff)
            .orderBy('id')
            .limit(batchRows)
            .execute(),
        );
      if (rows.length === 0) return 0;
      archiveRows(rows, opts.archiveDir);
      const ids = rows.map((row) => row.id);
      await forgetDecisions(trx, store.engine, ids);
      await trx.deleteFrom('audit').where('id', 'in', ids).execute();
      return rows.length;
    });
    if (batch === 0) return moved;
    moved += batch;
    await nextTurn();
  }
}

/** Runs the archive-and-prune now, logging what it did; never throws (the next run tries again). */
export async function runAuditRetention(
  store: ConsoleStore,
  opts: { dataDir: string; retentionDays: number; logger: Logger; now?: () => number },
): Promise<void> {
  const archiveDir = join(opts.dataDir, 'audit-archive');
  try {
    const moved = await archiveAndPruneAudit(store, {
      archiveDir,
      retentionDays: opts.retentionDays,
      now: (opts.now ?? Date.now)(),
    });
    opts.logger.info(
      { archived: moved, retentionDays: opts.retentionDays, archiveDir },
      'audit retention: rows past retention archived and pruned',
    );
  } catch (error) {
    opts.logger.error({ err: error, archiveDir }, 'audit retention failed; rows are kept');
  }
}

/** Once a day from now on; the timer does not keep the process alive. */
export function scheduleAuditRetention(run: () => Promise<void>): () => void {
  const timer = setInterval(() => void run(), dayMs);
  timer.unref();
  return () => clearInterval(timer);
}
