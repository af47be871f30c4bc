import { z } from '@/api/zod';
import { sessionSlot } from '@/utils/session-slot';
import type { ExportPosition } from './paged-export';

/** What an export reads: the reactions of a message (or of one reaction), or a message search. */
export type ExportSubject =
  | { kind: 'reactions'; messageId: string; reaction: string | undefined }
  /** `search`: the Messages page's URL query that stands for the search. */
  | { kind: 'messages'; search: string };

/** An export kept in the tab after every page, so a reload can resume it from its cursor. */
export interface StoredExport {
  subject: ExportSubject;
  /** How many records had been read. */
  loaded: number;
  /** The rows and the cursor to go on from, or null when there were too many to keep. */
  position: ExportPosition | null;
  /** Unix milliseconds. */
  startedAt: number;
}

/**
 * Rows kept in the tab up to about this many characters of JSON (about 2 MB; browsers give a site
 * 5 MB or more of sessionStorage). Past it only the count is kept, and the export must start again.
 */
export const exportKeepLimit = 1_000_000;

const subjectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reactions'),
    messageId: z.string().min(1).max(100),
    reaction: z.string().min(1).max(100).nullable(),
  }),
  z.object({ kind: z.literal('messages'), search: z.string().max(4000) }),
]);

const storedExportSchema = z.object({
  version: z.literal(2),
  subject: subjectSchema,
  loaded: z.number().int().nonnegative(),
  after: z.string().min(1).max(200).nullable(),
  rows: z.array(z.array(z.string())).nullable(),
  startedAt: z.number().int().nonnegative(),
});
type Stored = z.input<typeof storedExportSchema>;

export function encodeExport(value: StoredExport): Stored {
  const rows = value.position?.rows ?? null;
  const keep = rows !== null && JSON.stringify(rows).length <= exportKeepLimit;
  const { subject } = value;
  return {
    version: 2,
    subject:
      subject.kind === 'reactions' ? { ...subject, reaction: subject.reaction ?? null } : subject,
    loaded: value.loaded,
    after: keep ? (value.position?.after ?? null) : null,
    rows: keep ? rows : null,
    startedAt: value.startedAt,
  };
}

/** The export, or undefined for anything that is not a consistent export of this version. */
export function decodeExport(stored: unknown): StoredExport | undefined {
  const parsed = storedExportSchema.safeParse(stored);
  if (!parsed.success) return undefined;
  const { subject, loaded, after, rows, startedAt } = parsed.data;
  // Kept rows must be all of them, of one width, with the cursor to go on from (a finished export is not kept).
  if (rows !== null && (rows.length !== loaded || after === null)) return undefined;
  if (rows !== null && rows.some((row) => row.length !== rows[0]?.length)) return undefined;
  return {
    subject:
      subject.kind === 'reactions'
        ? { ...subject, reaction: subject.reaction ?? undefined }
        : subject,
    loaded,
    position: rows === null || after === null ? null : { rows, after },
    startedAt,
  };
}

/** One export per tab, whatever it reads: starting another replaces it. */
export const exportSlot = sessionSlot<StoredExport>('chat-console:export', {
  encode: encodeExport,
  decode: decodeExport,
});

/** Keeps the export; when the tab refuses the rows (quota), keeps at least that it was interrupted. */
export function saveExport(value: StoredExport): void {
  if (!exportSlot.write(value)) exportSlot.write({ ...value, position: null });
}

/** The export this tab kept of `subject`, if any. */
export function interruptedExport(
  matches: (subject: ExportSubject) => boolean,
): StoredExport | undefined {
  const stored = exportSlot.read();
  return stored && matches(stored.subject) ? stored : undefined;
}
