import type { Context } from 'hono';

export const maxBodyBytes = 1024 * 1024;
/** No chat operation nests JSON anywhere near this; deeper bodies only exhaust the stack of whoever reads them. */
export const maxJsonDepth = 32;

export type BodyResult =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'too-large' }
  | { kind: 'invalid-json' }
  | { kind: 'too-deep' }
  | { kind: 'untyped' };

const isJsonType = (value: string | undefined) =>
  value !== undefined && /^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(value.trim());

/**
 * Reads a request body of at most 1 MiB without trusting Content-Length, and parses it as JSON.
 * A body without a JSON content type is refused: that is what an HTML form or a `text/plain`
 * cross-site fetch would send.
 */
export async function readJsonBody(c: Context, limit = maxBodyBytes): Promise<BodyResult> {
  const cached: unknown = c.get('body');
  if (isBodyResult(cached)) return cached;
  const result = await read(c, limit);
  c.set('body', result);
  return result;
}

const isBodyResult = (value: unknown): value is BodyResult =>
  typeof value === 'object' && value !== null && 'kind' in value;

async function read(c: Context, limit: number): Promise<BodyResult> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > limit) return { kind: 'too-large' };
  const stream = c.req.raw.body;
  if (!stream) return { kind: 'empty' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { kind: 'too-large' };
    }
    chunks.push(value);
  }
  if (size === 0) return { kind: 'empty' };
  if (!isJsonType(c.req.header('content-type'))) return { kind: 'untyped' };
  try {
    const value: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)),
    );
    return nestedDeeperThan(value, maxJsonDepth) ? { kind: 'too-deep' } : { kind: 'json', value };
  } catch {
    return { kind: 'invalid-json' };
  }
}

/** Whether arrays and objects nest more than `limit` levels, walked without recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
