/**
 * The tests are type-checked against the sources Jest runs them with: tsconfig.test.json (run by `make typecheck`
 * and `make test`) holds every test file outside web/ (web/tsconfig.node.json holds web/test), its `paths` resolve
 * each workspace import to the file jest.config.js's moduleNameMapper maps it to, and so a change to the contract
 * breaks the compile of a test whose data no longer fits it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SERVICES } from '@portal/contracts';
import ts from 'typescript';
import { repoPath, repoRoot } from './repo';

const jestConfig = require('../../jest.config.js') as {
  projects: { displayName: string; moduleNameMapper: Record<string, string> }[];
};

function parsedConfig(file: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    repoPath(file),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${file} could not be read`);
  return parsed;
}

const testConfig = parsedConfig('tsconfig.test.json');

/** The test files under `dir` (absolute paths), as Jest finds them: not in node_modules or builds. */
function testFiles(dir: string): string[] {
  return readdirSync(repoPath(dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/[/\\](node_modules|dist)[/\\]/.test(file));
}

describe('tsconfig.test.json', () => {
  it('When the tests are type-checked, Then every test file of the tree is in a checked program', () => {
    const allTests = ['contracts', 'services', 'gateway', 'deploy', 'scripts', 'web'].flatMap(testFiles);
    const webChecked = new Set(parsedConfig('web/tsconfig.node.json').fileNames);
    const checked = new Set(testConfig.fileNames);
    const unchecked = allTests.filter((file) => !checked.has(file) && !webChecked.has(file));
    expect(unchecked.map((file) => path.relative(repoRoot, file))).toEqual([]);
    expect(allTests.length).toBeGreaterThan(150);
  });

  it("When a test imports a workspace package, Then tsc resolves it to the file Jest's moduleNameMapper loads", () => {
    const names = [
      '@portal/contracts',
      '@portal/contracts/values',
      '@portal/platform',
      '@portal/platform/testing',
      '@portal/platform/testing/smtp-receiver',
      '@portal/gateway',
      ...SERVICES.map((service) => `@portal/${service}`),
    ];
    const importer = repoPath('deploy/test/test-types.test.ts');
    for (const project of jestConfig.projects) {
      const resolved = names.map((name) => {
        const byTsc = ts.resolveModuleName(name, importer, testConfig.options, ts.sys).resolvedModule?.resolvedFileName;
        return { name, jest: jestTarget(project.moduleNameMapper, name), tsc: byTsc && path.relative(repoRoot, byTsc) };
      });
      expect({ project: project.displayName, resolved }).toEqual({
        project: project.displayName,
        resolved: resolved.map(({ name, jest }) => ({ name, jest, tsc: jest })),
      });
    }
    // and nothing is mapped for tsc that Jest would not map
    const pathNames = Object.keys(testConfig.options.paths ?? {}).map((key) => key.replace('*', 'testing'));
    expect(pathNames.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('When a field the contract requires is added, Then a test that builds that answer no longer compiles', () => {
    // a test's fixture of a picture, as the fake media handler of the platform's bad-input test builds it
    const fixture = repoPath('deploy/test/__contract_drift_fixture__.ts');
    const fixtureText = `import type { Picture } from '@portal/contracts';
export const uploaded: Picture = {
  picture_id: 'p-1',
  title: 'Blind at dawn',
  description: null,
  category: null,
  file_url: '/files/p-1.webp',
  file_size: 1024,
  created_at: '2026-01-01T00:00:00.000Z',
  thumbnail_url: '/files/p-1-320.webp',
  preview_url: '/files/p-1.webp',
};
`;
    const contractFile = repoPath('contracts/src/entities/media.ts');
    const contract = ts.sys.readFile(contractFile) ?? '';
    const declaration = 'export const Picture = z.object({';
    expect(contract).toContain(declaration);
    const changedContract = contract.replace(declaration, `${declaration}\n  alt_text: z.string(),`);

    // the fixture needs no global types: leaving out node's and jest's keeps the two compiles to a few seconds
    const options = { ...testConfig.options, types: [] };
    let previous: ts.Program | undefined;
    const errorsInFixture = (mediaContract: string) => {
      const host = ts.createCompilerHost(options);
      const textOf = (file: string) =>
        file === fixture ? fixtureText : file === contractFile ? mediaContract : undefined;
      const { fileExists, readFile, getSourceFile } = host;
      host.fileExists = (file) => textOf(file) !== undefined || fileExists.call(host, file);
      host.readFile = (file) => textOf(file) ?? readFile.call(host, file);
      host.getSourceFile = (file, languageVersion, ...rest) => {
        const text = textOf(file);
        return text === undefined
          ? getSourceFile.call(host, file, languageVersion, ...rest)
          : ts.createSourceFile(file, text, languageVersion);
      };
      previous = ts.createProgram({ rootNames: [fixture], options, host, oldProgram: previous });
      return ts
        .getPreEmitDiagnostics(previous, previous.getSourceFile(fixture))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };

    expect(errorsInFixture(contract)).toEqual([]);
    expect(errorsInFixture(changedContract).join('\n')).toMatch(/Property 'alt_text' is missing/);
  });
});

/** The file Jest loads for `name`: the first moduleNameMapper entry that matches, resolved like Node. */
function jestTarget(mapper: Record<string, string>, name: string): string | undefined {
  for (const [pattern, target] of Object.entries(mapper)) {
    const match = new RegExp(pattern).exec(name);
    if (!match) continue;
    const mapped = target
      .replace('<rootDir>', repoRoot)
      .replace(/\$(\d)/g, (_, group: string) => match[Number(group)] ?? '');
    const file = [`${mapped}.ts`, `${mapped}.tsx`, path.join(mapped, 'index.ts')].find((candidate) =>
      ts.sys.fileExists(candidate),
    );
    return file && path.relative(repoRoot, file);
  }
  return undefined;
}
