import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** Shared by the deployment tests: where the repository is and how its files read. */
export const repoRoot = join(__dirname, '..', '..');

export function repoPath(...parts: string[]): string {
  return join(repoRoot, ...parts);
}

export function readRepoFile(...parts: string[]): string {
  return readFileSync(repoPath(...parts), 'utf8');
}

/** The service processes: folders of services/ that have an entry point (platform is a library). */
export function serviceFolders(): string[] {
  return readdirSync(repoPath('services'))
    .filter((name) => existsSync(repoPath('services', name, 'src', 'main.ts')))
    .sort();
}

/** One YAML document; merge keys (`<<: *anchor`) resolved as Compose resolves them. */
export function parseYaml<T>(text: string): T {
  return parse(text, { merge: true }) as T;
}

/** Every document of a multi-document YAML file; throws on the first syntax error. */
export function parseYamlDocuments<T>(text: string, file: string): T[] {
  return parseAllDocuments(text, { merge: true }).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as T;
  });
}

/** Files under `dir` (relative to the repository) whose names end with one of `extensions`. */
export function filesUnder(dir: string, extensions: string[]): string[] {
  const found: string[] = [];
  const walk = (abs: string) => {
    for (const name of readdirSync(abs)) {
      const path = join(abs, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (extensions.some((ext) => name.endsWith(ext))) found.push(relative(repoRoot, path));
    }
  };
  walk(repoPath(dir));
  return found.sort();
}

/** The absolute path of `command` on PATH, or null. */
export function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

/** Names of settings that hold credentials: they must never carry a literal value in a committed file. */
export const SECRET_NAME =
  /(PASSWORD|_PASS|SECRET|SECRET_KEY|ACCESS_KEY|PRIVATE_KEY|PUBLIC_KEY|API_KEY|ENCRYPTION_KEY|TOKEN)$/;

/** The password part of a URL such as postgres://user:password@host/db, or null when it carries none. */
export function urlPassword(value: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:([^@\s]+)@/i.exec(value);
  return match?.[1] ?? null;
}
