import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { changePasswordPage, pageFor, shellPages, signInPage } from '../../../src/config/pages';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
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

/** The module of the signed-in shell's route (src/app/router.tsx loads it lazily). */
const shellModule = 'src/app/layout/app-layout.tsx';

/**
 * `<link rel="modulepreload">` tags for the page a path renders (from Vite's build manifest), so the
 * page's chunks (the shell's too, for a page inside it, and the session schema the entry asks for at
 * once) download beside the entry instead of after it has run. No manifest, no tags.
 */
export function createPagePreloads(staticDir: string): (pathname: string) => string {
  const manifest = readManifest(staticDir);
  if (!manifest) return () => '';
  const entry = staticClosure(manifest, 'index.html');
  // The session schema the entry loads at once to read the session the HTML carries.
  const sessionChunk = manifest['index.html']?.dynamicImports?.find(
    (key) => manifest[key]?.name === 'session',
  );
  const boot = sessionChunk ? staticClosure(manifest, sessionChunk) : new Set<string>();
  // The signed-in shell (app bar, navigation) is a lazy route of its own, loaded with every page in it.
  const shell = staticClosure(manifest, shellModule);
  const tags = new Map<string, string>();
  const pages = [
    ...[signInPage, changePasswordPage].map(({ page }) => ({ page, inShell: false })),
    ...shellPages.map(({ page }) => ({ page, inShell: true })),
  ];
  for (const { page, inShell } of pages) {
    const pageKeys = staticClosure(manifest, `src/app/routes/${page}.tsx`);
    const files = [...new Set([...pageKeys, ...(inShell ? shell : []), ...boot])]
      .filter((key) => !entry.has(key))
      .flatMap((key) => manifest[key]?.file ?? []);
    tags.set(
      page,
      files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''),
    );
  }
  return (pathname) => tags.get(pageFor(pathname)) ?? '';
}
