import { reactionRecordSchema } from '@/api/schemas/reaction';
import { z } from '@/api/zod';
import { sessionSlot } from '@/utils/session-slot';
import type { ExportPosition } from './reaction-export';

/** A reaction export kept in the tab after every page, so a reload can resume it from its cursor. */
export interface StoredExport {
  messageId: string;
  /** The one reaction exported, or undefined for all of them. */
  reaction: string | undefined;
  /** How many records had been read. */
  loaded: number;
  /** The records and the cursor to go on from, or null when there were too many to keep. */
  position: ExportPosition | null;
  /** Unix milliseconds. */
  startedAt: number;
}

/**
 * Records kept in the tab up to about this many characters of JSON (about 2 MB; browsers give a site
 * 5 MB or more of sessionStorage). Past it only the count is kept, and the export must start again.
 */
export const exportKeepLimit = 1_000_000;

const storedExportSchema = z.object({
  version: z.literal(1),
  messageId: z.string().min(1).max(100),
  reaction: z.string().min(1).max(100).nullable(),
  loaded: z.number().int().nonnegative(),
  after: z.string().min(1).max(100).nullable(),
  records: z.array(reactionRecordSchema).nullable(),
  startedAt: z.number().int().nonnegative(),
});
type Stored = z.input<typeof storedExportSchema>;

export function encodeExport(value: StoredExport): Stored {
  const records = value.position?.records ?? null;
  const keep = records !== null && JSON.stringify(records).length <= exportKeepLimit;
  return {
    version: 1,
    messageId: value.messageId,
    reaction: value.reaction ?? null,
    loaded: value.loaded,
    after: keep ? (value.position?.after ?? null) : null,
    records: keep ? records : null,
    startedAt: value.startedAt,
  };
}

/** The export, or undefined for anything that is not a consistent export of this version. */
export function decodeExport(stored: unknown): StoredExport | undefined {
  const parsed = storedExportSchema.safeParse(stored);
  if (!parsed.success) return undefined;
  const { messageId, reaction, loaded, after, records, startedAt } = parsed.data;
  // Kept records must be all of them, with the cursor to go on from (a finished export is not kept).
  if (records !== null && (records.length !== loaded || after === null)) return undefined;
  return {
    messageId,
    reaction: reaction ?? undefined,
    loaded,
    position: records === null || after === null ? null : { records, after },
    startedAt,
  };
}

export const exportSlot = sessionSlot<StoredExport>('chat-console:reaction-export', {
  encode: encodeExport,
  decode: decodeExport,
});

/** Keeps the export; when the tab refuses the records (quota), keeps at least that it was interrupted. */
export function saveExport(value: StoredExport): void {
  if (!exportSlot.write(value)) exportSlot.write({ ...value, position: null });
}
