import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { changePasswordPage, pageFor, shellPages, signInPage } from '../../../src/config/pages';

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

function readManifest(staticDir: string): Manifest | undefined {
  try {
    const parsed = manifestSchema.safeParse(
      JSON.parse(readFileSync(join(staticDir, '.vite', 'manifest.json'), 'utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The manifest keys a chunk needs before it can run: itself and its static imports, recursively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const sessionPreload = '<link rel="preload" href="/auth/me" as="fetch" crossorigin>';

/**
 * `<link rel="modulepreload">` tags for the page a path renders (from Vite's build manifest), so the
 * page's chunks download beside the entry instead of after it has run, and a preload of the session
 * check for pages in the shell. No manifest, no tags.
 */
export function createPagePreloads(staticDir: string): (pathname: string) => string {
  const manifest = readManifest(staticDir);
  if (!manifest) return () => '';
  const entry = staticClosure(manifest, 'index.html');
  const tags = new Map<string, string>();
  for (const { page } of [signInPage, changePasswordPage, ...shellPages]) {
    const files = [...staticClosure(manifest, `src/app/routes/${page}.tsx`)]
      .filter((key) => !entry.has(key))
      .flatMap((key) => manifest[key]?.file ?? []);
    const modules = files
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    // Pages in the shell ask who is signed in first: that request starts with the HTML, too.
    tags.set(page, page === signInPage.page ? modules : `${sessionPreload}${modules}`);
  }
  return (pathname) => tags.get(pageFor(pathname)) ?? '';
}
