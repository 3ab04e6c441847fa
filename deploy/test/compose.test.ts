import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { type Component, components, readLater, requiredInContainers, variablesOf } from './config-schemas';
import { onPath, parseYaml, readRepoFile, repoPath, run, SECRET_NAME, serviceFolders, urlPassword } from './repo';

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const compose = parseYaml<ComposeFile>(readRepoFile('docker-compose.yml'));
const services = serviceFolders();
const appNames = [...services, 'gateway'];
const app = (name: string): ComposeService => {
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  return service;
};
const envOf = (name: string): Record<string, string | null> => app(name).environment ?? {};

/** Every string value in a parsed YAML tree (comments are not values). */
function stringsIn(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node && typeof node === 'object') return Object.values(node).flatMap(stringsIn);
  return [];
}

/** `${VAR}`, `${VAR:-default}` or `${VAR:?message}`: the value comes from the operator's environment. */
const INTERPOLATION = /^\$\{([A-Z][A-Z0-9_]*)(?::-[^}]*|:\?[^}]*)?\}$/;

describe('docker-compose.yml', () => {
  it('When the service folders are read, Then there are the eight services of the design', () => {
    expect(services).toEqual(['catalog', 'dealer', 'geocoding', 'identity', 'incentive', 'media', 'order', 'shipping']);
  });

  it('When parsed, Then every service, the gateway and the five servers are present', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [...appNames, 'jaeger', 'mailpit', 'minio', 'postgres', 'rabbitmq'].sort(),
    );
  });

  it('When an application is built, Then it uses the one Dockerfile with its own SERVICE arg, and every SERVICE has a folder', () => {
    for (const name of appNames) {
      expect(app(name).build).toMatchObject({
        context: '.',
        dockerfile: 'deploy/docker/Dockerfile',
        args: { SERVICE: name },
      });
      expect(app(name).image).toMatch(new RegExp(`^dealer-portal/${name}:`));
    }
    const built = Object.values(compose.services)
      .map((s) => s.build?.args?.SERVICE)
      .filter((s): s is string => Boolean(s))
      .sort();
    expect(built).toEqual([...appNames].sort());
  });

  it('When an application runs, Then compose checks its /healthz', () => {
    for (const name of appNames) {
      expect(app(name).healthcheck?.test.join(' ')).toContain('/healthz');
    }
  });

  it('When a service starts, Then PostgreSQL and RabbitMQ are already healthy', () => {
    for (const name of services) {
      expect(app(name).depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        rabbitmq: { condition: 'service_healthy' },
      });
    }
    for (const server of ['postgres', 'rabbitmq', 'minio']) {
      expect(app(server).healthcheck?.test.length).toBeGreaterThan(1);
    }
  });

  it('When a service starts, Then it gets its own database role, the broker, the public key and the trace endpoint', () => {
    for (const name of services) {
      const env = envOf(name);
      expect(env.DATABASE_URL).toMatch(
        new RegExp(`^postgres://${name}:\\$\\{[A-Z_]+:-${name}\\}@postgres:5432/portal$`),
      );
      expect(env.DATABASE_ADMIN_URL).toMatch(/^postgres:\/\/postgres:.+@postgres:5432\/portal$/);
      expect(env.AMQP_URL).toMatch(/^amqp:\/\/portal:.+@rabbitmq:5672$/);
      expect(env.JWT_PUBLIC_KEY).toMatch(/^\$\{JWT_PUBLIC_KEY:\?/);
      expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://jaeger:4318');
      expect(env.S3_ENDPOINT).toBe('http://minio:9000');
      expect(env.SMTP_HOST).toBe('mailpit');
    }
  });

  it('When tokens are signed, Then only identity holds the private key and the first admin', () => {
    for (const name of appNames) {
      const env = envOf(name);
      expect(env.JWT_PRIVATE_KEY !== undefined).toBe(name === 'identity');
      expect(env.ADMIN_PASSWORD !== undefined).toBe(name === 'identity');
    }
    expect(envOf('identity').JWT_PRIVATE_KEY).toMatch(/^\$\{JWT_PRIVATE_KEY:\?/);
  });

  it('When the gateway starts, Then it routes to all eight services after they are healthy and is published on 8080', () => {
    const env = envOf('gateway');
    for (const name of services) {
      expect(env[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:3000`);
      expect(app('gateway').depends_on?.[name]).toEqual({ condition: 'service_healthy' });
    }
    const urls = Object.keys(env).filter((key) => /^[A-Z]+_URL$/.test(key));
    expect(urls.sort()).toEqual(services.map((s) => `${s.toUpperCase()}_URL`).sort());
    expect(app('gateway').ports).toEqual(['8080:3000']);
    expect(env.WEB_DIST).toBe('/app/web/dist');
  });

  it('When a credential is configured, Then its value comes from the environment, never a literal', () => {
    const offenders: string[] = [];
    for (const [service, definition] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(definition.environment ?? {})) {
        if (value === null) continue; // passed through from the operator's shell
        const secret = SECRET_NAME.test(key) ? value : urlPassword(value);
        if (secret !== null && !INTERPOLATION.test(secret)) offenders.push(`${service}.${key}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('When compose falls back to a default, Then .env.example documents the same default', () => {
    const example = readRepoFile('deploy/docker/.env.example');
    const documented = new Map(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, key, value]) => [
        key,
        value?.replace(/^'(.*)'$/, '$1'),
      ]),
    );
    const defaults = [
      ...stringsIn(compose)
        .join('\n')
        .matchAll(/\$\{([A-Z][A-Z0-9_]*):-([^}]*)\}/g),
    ].map(([, key, value]) => ({
      key,
      value,
    }));
    expect(defaults.length).toBeGreaterThan(10);
    for (const { key, value } of defaults) {
      expect({ key, value: documented.get(key ?? '') }).toEqual({ key, value });
    }
  });
});

/** Whether compose gives the variable a value: `${VAR:?…}` counts (compose refuses to start without it). */
const provides = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value !== '' && !/^\$\{[A-Z][A-Z0-9_]*:?-\}$/.test(value);

describe('docker-compose.yml against the configuration schemas', () => {
  it.each(components)('When %s starts, Then compose gives it every variable it needs', (name: Component) => {
    const env = envOf(name);
    const missing = [...requiredInContainers(name)]
      .filter(([variable]) => !provides(env[variable]))
      .map(([variable, why]) => `${variable}: ${why}`);
    expect(missing).toEqual([]);
  });

  it.each(components)('When %s is configured, Then every variable compose sets is one it reads', (name: Component) => {
    const reads = variablesOf(name);
    const unread = Object.keys(envOf(name)).filter((variable) => !reads.has(variable) && !readLater[name]?.[variable]);
    expect(unread).toEqual([]);
  });

  it.each(components)(
    'When %s calls another service, Then its URL names that service on the port it listens on',
    (name: Component) => {
      for (const [variable, value] of Object.entries(envOf(name))) {
        const target = /^([A-Z]+)_URL$/.exec(variable)?.[1]?.toLowerCase();
        if (!target || !services.includes(target)) continue;
        expect({ variable, value }).toEqual({ variable, value: `http://${target}:${envOf(target).PORT}` });
      }
    },
  );

  it('When identity stores an SMTP password, Then its encryption key comes from the operator, with no default', () => {
    expect(envOf('identity').SETTINGS_ENCRYPTION_KEY).toMatch(/^\$\{SETTINGS_ENCRYPTION_KEY:\?.+\}$/);
    expect(readRepoFile('deploy/docker/.env.example')).toContain('SETTINGS_ENCRYPTION_KEY=$(openssl rand -base64 32)');
  });

  it('When media signs picture download links, Then its key has no default and presigned links name a host the browser reaches', () => {
    expect(envOf('media').DOWNLOAD_SIGNING_KEY).toMatch(/^\$\{DOWNLOAD_SIGNING_KEY:\?.+\}$/);
    expect(envOf('media').S3_PUBLIC_ENDPOINT).toBe(`\${S3_PUBLIC_ENDPOINT:-http://localhost:9000}`);
    expect(readRepoFile('deploy/docker/.env.example')).toContain('DOWNLOAD_SIGNING_KEY=$(openssl rand -base64 32)');
  });
});

describe('deploy/docker/generate-jwt-keys.sh', () => {
  const openssl = onPath('openssl');

  (openssl ? it : it.skip)(
    'When run, Then it prints an ES256 pair in .env form that signs and verifies (skipped without openssl)',
    () => {
      const output = run('sh', [repoPath('deploy/docker/generate-jwt-keys.sh')]);
      const lines = Object.fromEntries(
        [...output.matchAll(/^(JWT_[A-Z_]+)='([^']*)'$/gm)].map(([, key, value]) => [key, value]),
      );
      // the services turn the escaped newlines back into PEM newlines, as here
      const pem = (value: string | undefined) => (value ?? '').replace(/\\n/g, '\n');
      const privateKey = createPrivateKey(pem(lines.JWT_PRIVATE_KEY));
      const publicKey = createPublicKey(pem(lines.JWT_PUBLIC_KEY));
      expect(privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
      const data = Buffer.from('header.payload');
      const signature = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
    },
  );
});
