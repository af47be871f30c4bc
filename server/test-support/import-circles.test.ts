import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './import-graph';

const repo = resolve(import.meta.dirname, '../..');

describe('import circles', () => {
  it('server/ has none, type-only imports included', () => {
    const root = join(repo, 'server');
    expect(importCircles(importGraph(root), root)).toEqual([]);
  });

  it('src/ has none, type-only imports included', () => {
    const root = join(repo, 'src');
    expect(importCircles(importGraph(root), root)).toEqual([]);
  });

  it('finds a circle made of type imports and one through a re-export', () => {
    const root = mkdtempSync(join(tmpdir(), 'circles-'));
    try {
      mkdirSync(join(root, 'a'));
      writeFileSync(join(root, 'context.ts'), "import type { Options } from './a/unit';\n");
      writeFileSync(join(root, 'a/unit.ts'), "export type { Runtime } from '../context';\n");
      writeFileSync(join(root, 'leaf.ts'), "import type { Runtime } from './context';\n");
      writeFileSync(join(root, 'leaf.test.ts'), "import './context';\nimport './leaf';\n");
      expect(importCircles(importGraph(root), root)).toEqual([['a/unit.ts', 'context.ts']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
