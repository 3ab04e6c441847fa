import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRepoFile, repoPath, run, serviceFolders } from './repo';

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile as instructions: comments dropped, `\` continuations joined. */
function instructions(text: string): Instruction[] {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const all = instructions(readRepoFile('deploy/docker/Dockerfile'));
const lastFrom = all.map((i) => i.keyword).lastIndexOf('FROM');
const runtime = all.slice(lastFrom);
const build = all.slice(0, lastFrom);
const args = (keyword: string, stage = runtime) => stage.filter((i) => i.keyword === keyword).map((i) => i.args);
const cmd = JSON.parse(args('CMD')[0] ?? '[]') as string[];

describe('deploy/docker/Dockerfile', () => {
  it('When an image is built, Then both stages start from a pinned Node 20 slim image', () => {
    const image = /^ARG NODE_IMAGE=(\S+)$/m.exec(readRepoFile('deploy/docker/Dockerfile'))?.[1];
    expect(image).toMatch(/^node:20\.\d+\.\d+-bookworm-slim$/);
    const froms = args('FROM', all);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Dockerfile variables, not a JS template
    expect(froms).toEqual(['${NODE_IMAGE} AS build', '${NODE_IMAGE} AS runtime']);
  });

  it('When the build stage runs, Then it installs the locked dependencies and builds SERVICE and its dependencies with turbo', () => {
    const runs = args('RUN', build).join('\n');
    expect(runs).toMatch(/npm ci --no-audit --no-fund(\s|$)/);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Dockerfile variables, not a JS template
    expect(runs).toContain('npx turbo run build --filter="@portal/${SERVICE}..."');
    expect(runs).toContain('--filter=@portal/web');
  });

  it('When the container runs, Then it holds production dependencies only and runs as the non-root node user', () => {
    expect(args('RUN').join('\n')).toContain('npm ci --no-audit --no-fund --omit=dev');
    const users = args('USER');
    expect(users).toEqual(['node']);
    const userAt = runtime.findIndex((i) => i.keyword === 'USER');
    const cmdAt = runtime.findIndex((i) => i.keyword === 'CMD');
    expect(userAt).toBeLessThan(cmdAt);
  });

  it('When the container runs, Then it listens on 3000 in production mode and Docker checks /healthz', () => {
    expect(args('EXPOSE')).toEqual(['3000']);
    const env = args('ENV').join(' ');
    expect(env).toContain('NODE_ENV=production');
    expect(env).toContain('PORT=3000');
    expect(env).toContain('WEB_DIST=/app/web/dist');
    expect(args('HEALTHCHECK').join(' ')).toContain('/healthz');
  });

  describe('When the container starts', () => {
    let fakeBin: string;
    beforeAll(() => {
      // a stand-in `node` that prints its arguments, so the real CMD can run here
      fakeBin = mkdtempSync(join(tmpdir(), 'portal-cmd-'));
      writeFileSync(join(fakeBin, 'node'), '#!/bin/sh\necho "$@"\n');
      chmodSync(join(fakeBin, 'node'), 0o755);
    });
    afterAll(() => rmSync(fakeBin, { recursive: true, force: true }));

    it.each([...serviceFolders(), 'gateway'])(
      'with SERVICE=%s, Then node loads OpenTelemetry first and runs the built main of that workspace',
      (service) => {
        const [command = '', ...rest] = cmd;
        const printed = run(command, rest, { env: { PATH: `${fakeBin}:/usr/bin:/bin`, SERVICE: service } }).trim();
        const folder = service === 'gateway' ? 'gateway' : `services/${service}`;
        expect(printed).toBe(`--require @portal/platform/register ${folder}/dist/main.js`);
        expect(existsSync(repoPath(folder, 'src', 'main.ts'))).toBe(true);
      },
    );
  });

  it('When the build context is sent, Then installed and built files, local data and git stay out', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/.data', '.git', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});
