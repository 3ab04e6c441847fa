import { readdirSync } from 'node:fs';
import { components, variablesOf } from './config-schemas';
import { readRepoFile, repoPath } from './repo';

/** Variables the one-machine launcher reads itself (`env.NAME` in deploy/local/src). */
const launcherVariables = new Set(
  readdirSync(repoPath('deploy/local/src'))
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...readRepoFile('deploy/local/src', file).matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)])
    .map(([, name]) => name as string),
);

const docs = readRepoFile('docs/configuration.md');

/** Variables named in the first column of the tables of docs/configuration.md. */
const documented = new Set(
  docs
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map(([, name]) => name as string),
    ),
);

describe('docs/configuration.md', () => {
  it('When the launcher is read, Then the variables it reads itself are found (DATA_DIR, EMBEDDED_PG_PORT, …)', () => {
    expect([...launcherVariables]).toEqual(expect.arrayContaining(['DATA_DIR', 'EMBEDDED_PG_PORT', 'DATABASE_URL']));
  });

  it.each(components)('When %s reads a variable, Then the docs list it', (name) => {
    const missing = [...variablesOf(name).keys()].filter((variable) => !documented.has(variable));
    expect(missing).toEqual([]);
  });

  it('When the launcher reads a variable, Then the docs list it', () => {
    expect([...launcherVariables].filter((variable) => !documented.has(variable))).toEqual([]);
  });

  it('When the docs list a variable, Then some process reads it', () => {
    const read = new Set([...launcherVariables, ...components.flatMap((name) => [...variablesOf(name).keys()])]);
    expect([...documented].filter((variable) => !read.has(variable))).toEqual([]);
  });
});
