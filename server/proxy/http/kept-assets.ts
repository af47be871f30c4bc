import { readFile, stat } from 'node:fs/promises';
import { getMimeType } from 'hono/utils/mime';
import type { AppContext } from '../context';

/** The copies the build writes beside a file (decision 0058), in the order they are preferred. */
const encodings = [
  ['br', '.br'],
  ['zstd', '.zst'],
  ['gzip', '.gz'],
] as const;

/** Larger files are streamed from disk on each request, as before. */
const maxKeptBytes = 2 * 1024 * 1024;

interface Copy {
  encoding: string | undefined;
  body: Uint8Array<ArrayBuffer>;
  lastModified: string;
}

interface Kept {
  type: string;
  /** Preferred first; the file itself last. */
  copies: Copy[];
}

/** A file as it is now, or undefined when it is not a file, too large, or cannot be read. */
async function readCopy(file: string, encoding: string | undefined): Promise<Copy | undefined> {
  try {
    const stats = await stat(file);
    if (!stats.isFile() || stats.size > maxKeptBytes) return undefined;
    const body = new Uint8Array(await readFile(file));
    return { encoding, body, lastModified: stats.mtime.toUTCString() };
  } catch {
    return undefined;
  }
}

/**
 * The build's hashed files (`assets/`), kept in memory once read, with their compressed copies: a
 * hashed name never changes content while the server runs, and a page's first load asks for dozens
 * of them at once, beside the HTML the server is drawing. Answers as `serveStatic` does (type, the
 * copy the browser accepts, `Vary`, length, `Last-Modified`); a range request, or a file too large
 * or missing, is left to it (undefined).
 */
export function createKeptAssets() {
  const kept = new Map<string, Promise<Kept | undefined>>();
  const load = async (file: string): Promise<Kept | undefined> => {
    const itself = await readCopy(file, undefined);
    if (!itself) return undefined;
    const copies: Copy[] = [];
    for (const [encoding, suffix] of encodings) {
      const copy = await readCopy(file + suffix, encoding);
      if (copy) copies.push(copy);
    }
    copies.push(itself);
    return { type: getMimeType(file) ?? 'application/octet-stream', copies };
  };
  return async (c: AppContext, file: string): Promise<Response | undefined> => {
    if (c.req.header('range') !== undefined) return undefined;
    let entry = kept.get(file);
    if (!entry) {
      // A file not there (yet) is looked for again next time.
      entry = load(file).then((found) => {
        if (!found) kept.delete(file);
        return found;
      });
      kept.set(file, entry);
    }
    const found = await entry;
    if (!found) return undefined;
    const accepted = new Set(
      c.req
        .header('accept-encoding')
        ?.split(',')
        .map((e) => e.trim()),
    );
    // The file itself is the last copy, so one is always found.
    const copy = found.copies.find((one) => !one.encoding || accepted.has(one.encoding));
    if (!copy) return undefined;
    c.header('content-type', found.type);
    if (copy.encoding) {
      c.header('content-encoding', copy.encoding);
      c.header('vary', 'Accept-Encoding', { append: true });
    }
    c.header('last-modified', copy.lastModified);
    c.header('content-length', String(copy.body.byteLength));
    return c.req.method === 'HEAD' ? c.body(null, 200) : c.body(copy.body, 200);
  };
}
