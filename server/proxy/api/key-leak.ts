/**
 * Whether a text carries the API key in any form a browser could turn back into it: as is, in
 * another case, JSON-escaped (`\u0041`), percent-encoded (once or twice), or base64 (standard or
 * URL-safe, at any alignment inside a longer encoded text, the key in any case).
 */
export function carriesKey(text: string, key: string): boolean {
  if (key.length === 0 || text.length === 0) return false;
  const lowerKey = key.toLowerCase();
  const lower = text.toLowerCase();
  if (lower.includes(lowerKey)) return true;
  const unescaped = text.includes('\\') ? unescapeJson(text).toLowerCase() : lower;
  if (unescaped.includes(lowerKey)) return true;
  let decoded = unescaped;
  for (let round = 0; round < 3 && decoded.includes('%'); round++) {
    const next = decodePercent(decoded);
    if (next === decoded) break;
    decoded = next;
    if (decoded.toLowerCase().includes(lowerKey)) return true;
  }
  return base64Fragments(key).some((fragment) => text.includes(fragment));
}

const unescapeJson = (text: string) =>
  text
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\\//g, '/');

const decodePercent = (text: string) =>
  text.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const fragmentCache = new Map<string, string[]>();

/**
 * The part of the key's base64 that any base64 text holding the key must contain, for each of the
 * three byte alignments, in both alphabets, for the key as is, in lower and in upper case.
 */
function base64Fragments(key: string): string[] {
  const cached = fragmentCache.get(key);
  if (cached) return cached;
  const fragments = new Set<string>();
  for (const variant of [key, key.toLowerCase(), key.toUpperCase()]) {
    const bytes = Buffer.from(variant, 'utf8');
    for (let offset = 0; offset < 3; offset++) {
      const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
      // Characters mixing in bytes before the key (the offset) or after it (the last group) vary.
      const start = [0, 2, 3][offset] ?? 0;
      const whole = Math.floor((offset + bytes.length) / 3) * 4;
      const fragment = encoded.slice(start, whole);
      if (fragment.length < 8) continue;
      fragments.add(fragment);
      fragments.add(fragment.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  const list = [...fragments];
  if (fragmentCache.size > 100) fragmentCache.clear();
  fragmentCache.set(key, list);
  return list;
}
