/**
 * The web client has no import cycles: the modules' imports (type-only ones included) form a graph without
 * loops. A cycle makes load order matter, ties modules into one chunk, and hides which one depends on which.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/**
 * The relative modules `source` imports: static imports and re-exports, type-only ones included (a cycle of
 * types still ties the modules together, and tools such as madge count it).
 */
export function moduleImports(source: string): string[] {
  const statement =
    /(?:^|\n)\s*(?:import|export)\s+[^'";]*?\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  return [...source.matchAll(statement)]
    .map(([, from, bare]) => from ?? bare ?? '')
    .filter((specifier) => specifier.startsWith('.'));
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('Import cycles in the web client', () => {
  test('When a module imports one that imports it back, Then the walk reports that cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(moduleImports("import type { A } from './a';\nimport './b.css';\nexport { c } from '../c';")).toEqual([
      './a',
      './b.css',
      '../c',
    ]);
  });

  test('When every module of web/src is walked, Then no runtime import cycle exists', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const imports = moduleImports(readFileSync(file, 'utf8'))
        .map((specifier) => resolve(file, specifier))
        .filter((target): target is string => target !== undefined);
      graph.set(file, imports);
    }
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => path.relative(SRC, file)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});
