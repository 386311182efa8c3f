import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { repoRoot } from '../harness/harnessPaths';

// No module of src/ may reach itself through its imports, type-only imports included: a cycle ties features
// together so that none can be read, tested or moved alone.

/** Module graph: file -> the files of the same set it imports (resolved the way the compiler resolves them). */
export function importGraph(files: readonly string[], readSource: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const options: ts.CompilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Node10,
    resolveJsonModule: true,
    allowJs: false,
  };
  const host: ts.ModuleResolutionHost = {
    fileExists: (f) => known.has(f) || ts.sys.fileExists(f),
    readFile: (f) => ts.sys.readFile(f),
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = ts
      .preProcessFile(readSource(file), true, true)
      .importedFiles.map((f) => ts.resolveModuleName(f.fileName, file, options, host).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one module, or one module importing itself (Tarjan). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f).split('\\').join('/'));
}

describe('import cycles', () => {
  describe('the detector', () => {
    const sources: Record<string, string> = {
      '/p/a.ts': "import { b } from './b';",
      '/p/b.ts': "import type { C } from './c';",
      '/p/c.ts': "export * from './a';",
      '/p/d.ts': "import { a } from './a';",
      '/p/e.ts': "import { e } from './e';",
      '/p/f.ts': "const g = () => import('./g');",
      '/p/g.ts': "// import { f } from './f';",
    };
    const graph = importGraph(Object.keys(sources), (f) => sources[f]);

    it('finds a cycle through value, type-only and re-export imports', () => {
      assert.deepEqual(importCycles(graph)[0], ['/p/a.ts', '/p/b.ts', '/p/c.ts']);
    });
    it('finds a module that imports itself, and nothing else', () => {
      assert.deepEqual(importCycles(graph).slice(1), [['/p/e.ts']]);
    });
  });

  it('no module under src/ reaches itself through its imports', () => {
    const files = typeScriptFiles(join(repoRoot, 'src'));
    const cycles = importCycles(importGraph(files, (f) => readFileSync(f, 'utf8')));
    assert.deepEqual(
      cycles.map((cycle) => cycle.map((f) => relative(repoRoot, f))),
      [],
    );
  });
});
