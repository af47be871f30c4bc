import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { UpstreamAnswer } from '../deps';

/**
 * A JSON value with every value replaced by its type: `"string"`, `"number"`, `"boolean"`, `null`;
 * arrays hold their distinct item shapes, objects their keys (sorted) with shapes.
 */
export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | null
  | Shape[]
  | { [key: string]: Shape }
  /** Whole bodies only: not JSON, or nothing at all. */
  | '<not json>'
  | '<empty>';

const shapeSchema: z.ZodType<Shape> = z.lazy(() =>
  z.union([
    z.enum(['string', 'number', 'boolean', '<not json>', '<empty>']),
    z.null(),
    z.array(shapeSchema),
    z.record(z.string(), shapeSchema),
  ]),
);

const recordingSchema = z.object({
  operation: z.string(),
  shapes: z.array(
    z.object({ status: z.number().int(), count: z.number().int(), shape: shapeSchema }),
  ),
});
export type Recording = z.infer<typeof recordingSchema>;

/** Distinct shapes kept per operation; past it, answers are still counted under the last entry. */
const maxShapesPerOperation = 200;

/** Free-form JSON whose keys are the app's own data (metadata keys may be e-mail addresses, say). */
const freeJsonKeys = new Set(['metadata', 'settings', 'customData', 'interactiveData', 'extras']);

/** The keys of free-form JSON are masked as `<key>`, its values kept as shapes. */
function freeJsonShape(value: unknown): Shape {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return shapeOf(value);
  const distinct = new Map<string, Shape>();
  for (const item of Object.values(value)) {
    const shape = freeJsonShape(item);
    distinct.set(stableKey(shape), shape);
  }
  return distinct.size === 0 ? {} : { '<key>': [...distinct.values()] };
}

/** The shape of a parsed JSON value. */
export function shapeOf(value: unknown): Shape {
  if (value === null) return null;
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) {
    const distinct = new Map<string, Shape>();
    for (const item of value) {
      const shape = shapeOf(item);
      distinct.set(stableKey(shape), shape);
    }
    return [...distinct.values()];
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(
      entries.map(([key, item]) => [
        key,
        freeJsonKeys.has(key) ? freeJsonShape(item) : shapeOf(item),
      ]),
    );
  }
  return null;
}

/** One string per shape, the same for equal shapes (keys are already sorted by shapeOf). */
const stableKey = (shape: Shape) => JSON.stringify(shape);

/** `GET /roles/{role}/permissions` → `GET_roles_{role}_permissions.json`. */
export function recordingFileName(operation: string): string {
  const safe = operation
    .replace(/[\s/]+/g, '_')
    .replace(/[^A-Za-z0-9_{}.-]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return `${safe || 'operation'}.json`;
}

function bodyShape(body: Uint8Array): Shape {
  if (body.byteLength === 0) return '<empty>';
  try {
    return shapeOf(JSON.parse(Buffer.from(body).toString('utf8')));
  } catch {
    return '<not json>';
  }
}

export interface ShapeRecorder {
  /** Only queues the answer: it never makes the response wait. */
  observe: (answer: UpstreamAnswer) => void;
  /** Resolves once every answer observed so far is on disk. */
  flush(): Promise<void>;
}

interface OperationState {
  recording: Recording;
  index: Map<string, Recording['shapes'][number]>;
  loaded: boolean;
  dirty: boolean;
  writing: Promise<void> | undefined;
}

/**
 * Records the SHAPE of every upstream answer, per operation, into `<dir>/<operation>.json`: the
 * distinct shapes seen with status and count, merged with the file's earlier content, for fixtures.
 * No value of an answer is written: only keys and JSON types. The observer only queues the answer;
 * parsing and writing (temp file + rename) happen on a later turn of the event loop.
 */
export function createShapeRecorder(opts: { dir: string; logger?: Logger }): ShapeRecorder {
  const states = new Map<string, OperationState>();
  const queue: UpstreamAnswer[] = [];
  let scheduled = false;
  let drained: Promise<void> = Promise.resolve();

  const stateOf = (operation: string): OperationState => {
    let state = states.get(operation);
    if (!state) {
      state = {
        recording: { operation, shapes: [] },
        index: new Map(),
        loaded: false,
        dirty: false,
        writing: undefined,
      };
      states.set(operation, state);
    }
    return state;
  };

  const add = (state: OperationState, status: number, shape: Shape, count: number) => {
    const key = `${status} ${stableKey(shape)}`;
    let entry = state.index.get(key);
    if (!entry) {
      if (state.recording.shapes.length >= maxShapesPerOperation) {
        entry = state.recording.shapes.at(-1);
        if (entry) entry.count += count;
        return;
      }
      entry = { status, count: 0, shape };
      state.index.set(key, entry);
      state.recording.shapes.push(entry);
    }
    entry.count += count;
  };

  const load = async (state: OperationState, file: string) => {
    if (state.loaded) return;
    state.loaded = true;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const earlier = recordingSchema.safeParse(json);
    if (!earlier.success) {
      opts.logger?.warn({ file }, 'shape recording unreadable; starting it afresh');
      return;
    }
    const mine = state.recording.shapes.splice(0);
    state.index.clear();
    for (const entry of [...earlier.data.shapes, ...mine])
      add(state, entry.status, entry.shape, entry.count);
  };

  const write = async (state: OperationState) => {
    const file = join(opts.dir, recordingFileName(state.recording.operation));
    await load(state, file);
    while (state.dirty) {
      state.dirty = false;
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, `${JSON.stringify(state.recording, null, 2)}\n`);
      await rename(temp, file);
    }
  };

  const drain = async () => {
    scheduled = false;
    const touched = new Set<OperationState>();
    for (const answer of queue.splice(0)) {
      const state = stateOf(answer.operation);
      add(state, answer.status, bodyShape(answer.body), 1);
      state.dirty = true;
      touched.add(state);
    }
    await Promise.all(
      [...touched].map((state) => {
        state.writing ??= write(state)
          .catch((error: unknown) =>
            opts.logger?.error(
              { err: error, operation: state.recording.operation },
              'shape recording not written',
            ),
          )
          .finally(() => {
            state.writing = undefined;
          });
        return state.writing;
      }),
    );
  };

  const observe = (answer: UpstreamAnswer): void => {
    queue.push(answer);
    if (scheduled) return;
    scheduled = true;
    drained = new Promise<void>((resolve) => setImmediate(() => void drain().then(resolve)));
  };

  const flush = async () => {
    await drained;
    await Promise.all([...states.values()].flatMap((s) => s.writing ?? []));
  };

  return { observe, flush };
}
