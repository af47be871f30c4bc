import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { AppContext } from '../context';

/** Whether `accept-encoding` takes `encoding` (named, and not with `q=0`). */
function accepts(header: string | undefined, encoding: string): boolean {
  return (header ?? '').split(',').some((item) => {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    return name === encoding && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

/**
 * The HTML compressed as the browser takes it, Brotli first, else gzip, else not at all: each part
 * is flushed as it is sent, so the browser reads the head at once and the page when it is drawn.
 */
export function compressor(
  c: AppContext,
): ((text: string, last: boolean) => Promise<Uint8Array>) | undefined {
  const header = c.req.header('accept-encoding');
  const br = accepts(header, 'br');
  if (!br && !accepts(header, 'gzip')) return undefined;
  c.header('content-encoding', br ? 'br' : 'gzip');
  const stream = br
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : createGzip({ level: 6 });
  const flush = br ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const take = () => {
    const bytes = new Uint8Array(Buffer.concat(out));
    out = [];
    return bytes;
  };
  return (text, last) =>
    new Promise((resolve, reject) => {
      stream.once('error', reject);
      if (last) {
        stream.once('end', () => resolve(take()));
        stream.end(text);
      } else {
        stream.write(text);
        stream.flush(flush, () => resolve(take()));
      }
    });
}
