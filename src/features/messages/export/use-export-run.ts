import { useEffect, useRef, useState } from 'react';
import { downloadBlob } from '@/utils/download';
import { exportSlot, saveExport, type ExportSubject, type StoredExport } from './export-store';
import { collectPages, toCsv, type ExportPosition, type ExportSource } from './paged-export';

export type ExportState =
  | { kind: 'offer' }
  | { kind: 'running'; loaded: number; waitingSeconds: number | undefined }
  | { kind: 'failed'; loaded: number; error: unknown };

/** One run of the export: from the start, or on from a kept position. */
interface Attempt {
  n: number;
  from: ExportPosition | undefined;
}

/**
 * The reading behind the export dialog: starts at once (or offers `interrupted` first), keeps the
 * position in the tab after every page, and downloads the CSV at the end, then calls `onDone` with
 * the number of records. `run(from)` starts again or goes on; `stop()` aborts and forgets the kept
 * position.
 */
export function useExportRun({
  source,
  subject,
  interrupted,
  onDone,
}: {
  source: ExportSource;
  subject: ExportSubject;
  interrupted: StoredExport | undefined;
  onDone: (records: number) => void;
}) {
  const [state, setState] = useState<ExportState>(
    interrupted ? { kind: 'offer' } : { kind: 'running', loaded: 0, waitingSeconds: undefined },
  );
  const [attempt, setAttempt] = useState<Attempt | null>(
    interrupted ? null : { n: 0, from: undefined },
  );
  const position = useRef<ExportPosition | undefined>(undefined);
  /** Unix milliseconds; 0 until the first run starts. */
  const startedAt = useRef(interrupted?.startedAt ?? 0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!attempt) return;
    if (startedAt.current === 0) startedAt.current = Date.now();
    const abort = new AbortController();
    controller.current = abort;
    collectPages(source, {
      signal: abort.signal,
      from: attempt.from,
      onPage: (at) => {
        position.current = at;
        const loaded = at.rows.length;
        saveExport({ subject, loaded, position: at, startedAt: startedAt.current });
        setState({ kind: 'running', loaded, waitingSeconds: undefined });
      },
      onWait: (waitingSeconds) =>
        setState((previous) =>
          previous.kind === 'running' ? { ...previous, waitingSeconds } : previous,
        ),
    })
      .then((rows) => {
        exportSlot.clear();
        // A UTF-8 byte order mark lets spreadsheet programs read the emoji correctly.
        downloadBlob(
          new Blob(['\uFEFF', toCsv(source.header, rows)], { type: 'text/csv;charset=utf-8' }),
          source.fileName,
        );
        onDone(rows.length);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setState((previous) => ({
          kind: 'failed',
          loaded: previous.kind === 'offer' ? 0 : previous.loaded,
          error,
        }));
      });
    return () => abort.abort();
    // The source, subject and `onDone` are fixed for the dialog's lifetime; only a new attempt
    // (Retry, Resume, Start again) starts reading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const run = (from: ExportPosition | undefined) => {
    position.current = from;
    if (!from) startedAt.current = Date.now();
    setState({ kind: 'running', loaded: from?.rows.length ?? 0, waitingSeconds: undefined });
    setAttempt((previous) => ({ n: (previous?.n ?? 0) + 1, from }));
  };
  const stop = () => {
    controller.current?.abort();
    exportSlot.clear();
  };
  return { state, run, stop, retry: () => run(position.current) };
}
