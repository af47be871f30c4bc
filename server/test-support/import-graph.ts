import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Product source files under `dir` (tests left out: they may import what they like). */
function productFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return productFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) => existsSync(file));
}

/**
 * Which files each file imports, relative imports only, type-only imports included: a circle of
 * types still ties units together so that none can be read or moved alone.
 */
export function importGraph(root: string): Map<string, string[]> {
  const files = new Set(productFiles(root));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const target = fileName.startsWith('.') ? resolveImport(file, fileName) : undefined;
      return target && files.has(target) ? [target] : [];
    });
    graph.set(file, targets);
  }
  return graph;
}

/** The import circles of `graph`: each a set of files that reach one another (Tarjan's algorithm). */
export function importCircles(graph: Map<string, string[]>, root: string): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const members: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) {
        onStack.delete(member);
        members.push(member);
      }
    } while (member !== undefined && member !== file);
    if (members.length > 1 || graph.get(file)?.includes(file)) {
      circles.push(members.map((m) => relative(root, m)).sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
