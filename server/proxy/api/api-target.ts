/**
 * Parsing of the raw request target of `/api/...` calls, before any routing. Anything that another
 * parser could read differently (dot segments in any encoding, encoded separators, double encoding,
 * non-canonical escapes, control characters) is refused rather than repaired.
 */
export const maxTargetLength = 2048;

export type ApiTarget = {
  ok: true;
  /** Decoded path segments after `/api`. */
  segments: string[];
  /** Decoded query parameters, in order. */
  query: [string, string][];
};
export type ApiTargetError = { ok: false; status: 400 | 404; reason: string };

const fail = (reason: string): ApiTargetError => ({ ok: false, status: 400, reason });

// RFC 3986 unreserved characters: a canonical client never percent-encodes them.
const unreserved = /[A-Za-z0-9._~-]/;
const escape = /%([0-9A-Fa-f]{2})/g;
const dotLike = /^\.{1,2}(;.*)?$/;
const forbiddenQueryNames = new Set(['apikey', 'api_key', 'appid', 'onbehalfof', 'key', 'secret']);
const queryName = /^[A-Za-z][A-Za-z0-9_]{0,63}(\[\])?$/;

function checkEscapes(raw: string): string | undefined {
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return 'malformed-escape';
  for (const [, hex] of raw.matchAll(escape)) {
    const code = parseInt(hex ?? '', 16);
    if (code === 0x2f || code === 0x5c) return 'encoded-separator';
    if (code < 0x20 || code === 0x7f) return 'control-character';
    if (unreserved.test(String.fromCharCode(code))) return 'non-canonical-escape';
  }
  return undefined;
}

function decode(raw: string, plusIsSpace: boolean): string | undefined {
  try {
    return decodeURIComponent(plusIsSpace ? raw.replace(/\+/g, ' ') : raw);
  } catch {
    return undefined; // invalid or overlong UTF-8
  }
}

function parseSegment(raw: string): string | ApiTargetError {
  if (raw === '') return fail('empty-segment');
  const escapeProblem = checkEscapes(raw);
  if (escapeProblem) return fail(escapeProblem);
  const decoded = decode(raw, false);
  if (decoded === undefined) return fail('invalid-utf8');
  if (dotLike.test(decoded)) return fail('dot-segment');
  if (/[/\\]/.test(decoded)) return fail('separator');
  if (/\p{Cc}/u.test(decoded)) return fail('control-character');
  if (/%[0-9A-Fa-f]{2}/.test(decoded)) return fail('double-encoding');
  return decoded;
}

function parseQuery(raw: string): [string, string][] | ApiTargetError {
  const out: [string, string][] = [];
  if (raw === '') return out;
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    if (/%(?![0-9A-Fa-f]{2})/.test(rawValue)) return fail('malformed-escape');
    const name = decode(rawName, true);
    const value = decode(rawValue, true);
    if (name === undefined || value === undefined) return fail('invalid-utf8');
    if (!queryName.test(name)) return fail('query-name');
    if (forbiddenQueryNames.has(name.toLowerCase())) return fail('query-credential');
    if (/\p{Cc}/u.test(value)) return fail('control-character');
    out.push([name, value]);
  }
  return out;
}

/** Parses a raw origin-form target such as `/api/messages/42/reactions/%F0%9F%91%8D?limit=10`. */
export function parseApiTarget(rawTarget: string): ApiTarget | ApiTargetError {
  if (rawTarget.length > maxTargetLength) return fail('too-long');
  if (!rawTarget.startsWith('/')) return fail('not-origin-form');
  // Printable ASCII only: raw spaces, controls and unescaped non-ASCII bytes have no canonical reading.
  if (!/^[\x21-\x7e]*$/.test(rawTarget)) return fail('raw-character');
  if (rawTarget.includes('#')) return fail('fragment');
  const queryAt = rawTarget.indexOf('?');
  const path = queryAt === -1 ? rawTarget : rawTarget.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : rawTarget.slice(queryAt + 1);
  if (path.includes('\\')) return fail('backslash');
  if (path.includes('//')) return fail('empty-segment');
  if (!path.startsWith('/api/')) return { ok: false, status: 404, reason: 'not-api' };
  const segments: string[] = [];
  for (const raw of path.slice('/api/'.length).split('/')) {
    const parsed = parseSegment(raw);
    if (typeof parsed !== 'string') return parsed;
    segments.push(parsed);
  }
  const query = parseQuery(rawQuery);
  if (!Array.isArray(query)) return query;
  return { ok: true, segments, query };
}

/** The canonical form forwarded upstream: each segment encoded exactly once. */
export const canonicalPath = (segments: readonly string[]) =>
  '/' + segments.map((segment) => encodeURIComponent(segment)).join('/');
