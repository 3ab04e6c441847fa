import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type Component, components, readLater, requiredInContainers, variablesOf } from './config-schemas';
import { exposedMetricNames, metricNamesIn } from './metric-names';
import { onPath, parseYaml, readRepoFile, repoPath, run, SECRET_NAME, serviceFolders, urlPassword } from './repo';

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  command?: string[];
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

  it('When parsed, Then every service, the gateway, the five servers, Prometheus and Grafana are present', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [...appNames, 'grafana', 'jaeger', 'mailpit', 'minio', 'postgres', 'prometheus', 'rabbitmq'].sort(),
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

  it("When identity sends mail with the saved Email Settings, Then SMTP_ALLOWED_HOSTS names compose's mail host", () => {
    const identity = envOf('identity');
    expect(identity.SMTP_ALLOWED_HOSTS?.split(',').map((host) => host.trim())).toContain(identity.SMTP_HOST);
    expect(identity.SMTP_ALLOWED_HOSTS).not.toMatch(/\/0\b|169\.254|fe80/i);
  });

  it('When identity stores an SMTP password, Then its encryption key comes from the operator, with no default', () => {
    expect(envOf('identity').SETTINGS_ENCRYPTION_KEY).toMatch(/^\$\{SETTINGS_ENCRYPTION_KEY:\?.+\}$/);
    expect(readRepoFile('deploy/docker/.env.example')).toContain('SETTINGS_ENCRYPTION_KEY=$(openssl rand -base64 32)');
  });

  it('When media signs picture download links, Then its key has no default and presigned links name a host the browser reaches', () => {
    expect(envOf('media').DOWNLOAD_SIGNING_KEY).toMatch(/^\$\{DOWNLOAD_SIGNING_KEY:\?.+\}$/);
    expect(envOf('media').S3_PUBLIC_ENDPOINT).toBe(`\${S3_PUBLIC_ENDPOINT:-http://localhost:9000}`);
    expect(readRepoFile('deploy/docker/.env.example')).toContain('DOWNLOAD_SIGNING_KEY=$(openssl rand -base64 32)');
  });

  it('When shipping signs proof-of-delivery image links, Then its key is its own and has no default', () => {
    expect(envOf('shipping').DOWNLOAD_SIGNING_KEY).toMatch(/^\$\{PROOF_LINK_SIGNING_KEY:\?.+\}$/);
    expect(readRepoFile('deploy/docker/.env.example')).toContain('PROOF_LINK_SIGNING_KEY=$(openssl rand -base64 32)');
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

interface ScrapeConfig {
  job_name: string;
  metrics_path?: string;
  honor_labels?: boolean;
  static_configs: { targets: string[]; labels?: Record<string, string> }[];
}
interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface GrafanaPanel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: { expr: string; datasource?: { uid: string } }[];
}

/** The repository folder compose mounts at `containerPath` in `service` (read-only mounts of ./deploy/...). */
function mountedFolder(service: string, containerPath: string): string {
  const mount = (app(service).volumes ?? []).find((v) => v.split(':')[1] === containerPath);
  if (!mount) throw new Error(`${service} mounts nothing at ${containerPath}`);
  const [source, , mode] = mount.split(':');
  expect({ mount, mode }).toEqual({ mount, mode: 'ro' });
  return (source ?? '').replace(/^\.\//, '');
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

describe('Prometheus and Grafana in docker-compose.yml', () => {
  const prometheusDir = mountedFolder('prometheus', '/etc/prometheus');
  const prometheus = parseYaml<{ rule_files: string[]; scrape_configs: ScrapeConfig[] }>(
    readRepoFile(prometheusDir, 'prometheus.yml'),
  );
  const portalJob = prometheus.scrape_configs.find((job) => job.job_name === 'portal');
  const alertFiles = prometheus.rule_files.map((file) => file.replace(/^\/etc\/prometheus\//, ''));
  const rules = alertFiles.flatMap(
    (file) =>
      parseYaml<{ groups: { name: string; rules: AlertRule[] }[] }>(readRepoFile(prometheusDir, file)).groups.flatMap(
        (g) => g.rules,
      ) ?? [],
  );
  const grafanaProvisioning = mountedFolder('grafana', '/etc/grafana/provisioning');
  const grafanaDashboards = mountedFolder('grafana', '/etc/grafana/dashboards');
  const dashboard = JSON.parse(readRepoFile(grafanaDashboards, 'dealer-portal.json')) as {
    uid: string;
    panels: GrafanaPanel[];
  };
  const exprs = (dashboard.panels ?? []).flatMap((p) => (p.targets ?? []).map((t) => t.expr));
  const known = exposedMetricNames();
  const runbook = readRepoFile('docs/runbook.md');
  const runbookAnchors = new Set([...runbook.matchAll(/^#+\s+(.+)$/gm)].map(([, heading]) => anchorOf(heading ?? '')));

  it('When Prometheus scrapes, Then it reads /metrics of every service on its port and of the gateway on METRICS_PORT only', () => {
    expect(portalJob?.metrics_path ?? '/metrics').toBe('/metrics');
    expect(portalJob?.honor_labels).toBe(true); // the processes label their series service="<name>" themselves
    const targets = new Map(
      (portalJob?.static_configs ?? []).flatMap((c) => c.targets.map((t) => [t, c.labels?.service] as const)),
    );
    const expected = [
      ...services.map((name) => [`${name}:${envOf(name).PORT}`, name] as const),
      [`gateway:${envOf('gateway').METRICS_PORT}`, 'gateway'] as const,
    ];
    expect([...targets.entries()].sort()).toEqual([...expected].sort());
    // the gateway's metrics port is neither its public port nor published
    expect(envOf('gateway').METRICS_PORT).toMatch(/^\d+$/);
    expect(envOf('gateway').METRICS_PORT).not.toBe(envOf('gateway').PORT);
    expect(app('gateway').ports).toEqual(['8080:3000']);
  });

  it('When the consoles are published, Then only on 127.0.0.1, and Grafana signs in with a password from the environment', () => {
    for (const name of ['prometheus', 'grafana']) {
      for (const port of app(name).ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    expect(envOf('grafana').GF_SECURITY_ADMIN_PASSWORD).toMatch(/^\$\{GRAFANA_ADMIN_PASSWORD:-.+\}$/);
    expect(envOf('grafana').GF_USERS_ALLOW_SIGN_UP).toBe('false');
    expect(app('prometheus').command).toContain('--config.file=/etc/prometheus/prometheus.yml');
  });

  it('When the alert rules are read, Then each of the runbook alerts is there, with a severity, a summary and its runbook section', () => {
    for (const file of alertFiles) expect(existsSync(repoPath(prometheusDir, file))).toBe(true);
    expect(rules.map((r) => r.alert).sort()).toEqual(
      expect.arrayContaining([
        'PortalConsumerLag',
        'PortalDeadLetters',
        'PortalHighErrorRate',
        'PortalOutboxBacklogOld',
        'PortalServiceDown',
      ]),
    );
    for (const rule of rules) {
      expect({ alert: rule.alert, severity: rule.labels?.severity }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(critical|warning)$/),
      });
      expect(rule.annotations?.summary).toBeTruthy();
      expect(rule.for).toMatch(/^\d+[smh]$/);
      const anchor = /^docs\/runbook\.md#(.+)$/.exec(rule.annotations?.runbook ?? '')?.[1];
      expect({ alert: rule.alert, anchor, inRunbook: runbookAnchors.has(anchor ?? '') }).toEqual({
        alert: rule.alert,
        anchor: rule.alert.toLowerCase(),
        inRunbook: true,
      });
    }
  });

  it('When alerts and panels name a metric, Then a service or the gateway exposes it', () => {
    const named = [...rules.map((r) => r.expr), ...exprs].flatMap((expr) =>
      metricNamesIn(expr).map((name) => ({ expr, name })),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(({ name }) => !known.has(name))).toEqual([]);
  });

  it('When Grafana starts, Then its Prometheus data source and the dashboard are provisioned', () => {
    const datasources = parseYaml<{ datasources: { uid: string; type: string; url: string }[] }>(
      readRepoFile(grafanaProvisioning, 'datasources/prometheus.yml'),
    ).datasources;
    expect(datasources).toEqual([
      expect.objectContaining({ uid: 'prometheus', type: 'prometheus', url: 'http://prometheus:9090' }),
    ]);
    const providers = parseYaml<{ providers: { type: string; options: { path: string } }[] }>(
      readRepoFile(grafanaProvisioning, 'dashboards/portal.yml'),
    ).providers;
    expect(providers.map((p) => p.options.path)).toEqual(['/etc/grafana/dashboards']);
    expect(envOf('grafana').GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH).toBe(
      '/etc/grafana/dashboards/dealer-portal.json',
    );
  });

  it('When the dashboard is read, Then it shows request rate, error rate and p95 per route, the outbox, consumer lag and dead letters', () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect({ panel: panel.title, uid: panel.datasource?.uid }).toEqual({ panel: panel.title, uid: 'prometheus' });
      expect(panel.targets?.length).toBeGreaterThan(0);
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
    }
    const shown = (pattern: RegExp) => exprs.some((e) => pattern.test(e));
    expect(shown(/rate\(http_requests_total\{[^}]*\}\[5m\]\)\)$/)).toBe(true); // request rate
    expect(shown(/status=~"5\.\."/)).toBe(true); // error rate
    expect(shown(/histogram_quantile\(0\.95, sum by \(service, route, le\)/)).toBe(true); // p95 per route
    for (const metric of [
      'outbox_pending_events',
      'outbox_oldest_pending_age_seconds',
      'event_consumer_lag_messages',
      'event_dead_letters',
    ])
      expect({ metric, shown: shown(new RegExp(`\\b${metric}\\b`)) }).toEqual({ metric, shown: true });
  });

  const promtool = onPath('promtool');
  (promtool ? it : it.skip)(
    'When promtool checks the configuration and the rules, Then both pass (skipped without promtool)',
    () => {
      run(promtool as string, ['check', 'rules', ...alertFiles.map((f) => repoPath(prometheusDir, f))]);
    },
  );
});
