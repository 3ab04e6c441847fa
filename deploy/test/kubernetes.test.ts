import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Component, components, readLater, requiredInContainers, variablesOf } from './config-schemas';
import { filesUnder, onPath, parseYaml, parseYamlDocuments, readRepoFile, repoPath, run, serviceFolders } from './repo';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
}
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string } }[];
  securityContext?: {
    runAsNonRoot?: boolean;
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
  };
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
  containers: Container[];
  volumes?: { name: string; emptyDir?: object }[];
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    replicas?: number;
    selector?: Record<string, string> & { matchLabels?: Record<string, string> };
    template?: { metadata: { labels: Record<string, string> }; spec: PodSpec };
    ports?: { port: number; targetPort: string | number }[];
  };
}
interface Kustomization {
  resources?: string[];
  patches?: { path?: string }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  secretGenerator?: object[];
}

const k8sDir = 'deploy/k8s';
const manifestsIn = (file: string) => parseYamlDocuments<Manifest>(readRepoFile(file), file).filter(Boolean);
const yamlFiles = filesUnder(k8sDir, ['.yaml', '.yml']);
const kustomizationFiles = yamlFiles.filter((f) => f.endsWith('kustomization.yaml'));
const manifestFiles = yamlFiles.filter((f) => !f.endsWith('kustomization.yaml'));
const allManifests = manifestFiles.flatMap((file) => manifestsIn(file).map((manifest) => ({ file, manifest })));
const workloads = allManifests.filter(({ manifest }) => ['Deployment', 'StatefulSet'].includes(manifest.kind));
const appNames = [...serviceFolders(), 'gateway'];

const baseDeployment = (name: string): Manifest => {
  const found = manifestsIn(`${k8sDir}/base/${name}.yaml`).find((m) => m.kind === 'Deployment');
  if (!found) throw new Error(`deploy/k8s/base/${name}.yaml has no Deployment`);
  return found;
};
const podOf = (m: Manifest): PodSpec => {
  const pod = m.spec?.template?.spec;
  if (!pod) throw new Error(`${m.kind} ${m.metadata.name} has no pod template`);
  return pod;
};
const mainContainer = (m: Manifest): Container => {
  const container = podOf(m).containers[0];
  if (!container) throw new Error(`${m.metadata.name} has no container`);
  return container;
};
/** Secret keys the manifests read, with whether the pod starts without them. */
const secretRefs = (manifests: Manifest[]) =>
  manifests
    .filter((m) => m.spec?.template)
    .flatMap((m) => podOf(m).containers.flatMap((c) => c.env ?? []))
    .flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef] : []));

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('When every YAML file is parsed, Then each is valid and names its kind', () => {
    expect(manifestFiles.length).toBeGreaterThan(12);
    for (const { file, manifest } of allManifests) {
      expect({ file, kind: typeof manifest.kind, name: typeof manifest.metadata?.name }).toEqual({
        file,
        kind: 'string',
        name: 'string',
      });
    }
  });

  it.each(kustomizationFiles)(
    'When %s is built, Then it lists every file of its folder and each listed file exists',
    (file) => {
      const dir = dirname(file);
      const kustomization = parseYaml<Kustomization>(readRepoFile(file));
      const listed = [
        ...(kustomization.resources ?? []),
        ...(kustomization.patches ?? []).flatMap((p) => (p.path ? [p.path] : [])),
      ];
      for (const entry of listed)
        expect({ entry, exists: existsSync(repoPath(dir, entry)) }).toEqual({ entry, exists: true });
      const local = readdirSync(repoPath(dir)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
      expect(local.filter((f) => !listed.includes(f))).toEqual([]);
      expect(kustomization.secretGenerator).toBeUndefined();
    },
  );

  it('When the base is read, Then it runs every service and the gateway from dealer-portal/<name> images', () => {
    const resources = parseYaml<Kustomization>(readRepoFile(`${k8sDir}/base/kustomization.yaml`)).resources ?? [];
    for (const name of appNames) {
      expect(resources).toContain(`${name}.yaml`);
      expect(mainContainer(baseDeployment(name)).image).toBe(`dealer-portal/${name}`);
    }
    expect(baseDeployment('gateway').spec?.replicas).toBe(2);
  });

  it.each(appNames)(
    'When %s runs, Then it is non-root, read-only, without capabilities and writes only to /tmp',
    (name) => {
      const deployment = baseDeployment(name);
      const pod = podOf(deployment);
      const container = mainContainer(deployment);
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 1000,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      const tmp = container.volumeMounts?.find((v) => v.mountPath === '/tmp');
      expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
    },
  );

  it.each(appNames)(
    'When %s runs, Then readiness asks /readyz, liveness /healthz, on port 3000, within its resources',
    (name) => {
      const container = mainContainer(baseDeployment(name));
      // the gateway also listens on its metrics port (METRICS_PORT), for Prometheus only
      expect(container.ports).toEqual([
        { name: 'http', containerPort: 3000 },
        ...(name === 'gateway' ? [{ name: 'metrics', containerPort: 9464 }] : []),
      ]);
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      for (const kind of ['requests', 'limits'] as const) {
        expect(Object.keys(container.resources?.[kind] ?? {}).sort()).toEqual(['cpu', 'memory']);
      }
    },
  );

  it.each(appNames)(
    'When %s is configured, Then settings come from portal-config and credentials from portal-secrets',
    (name) => {
      const container = mainContainer(baseDeployment(name));
      expect(container.envFrom).toEqual([{ configMapRef: { name: 'portal-config' } }]);
      const env = new Map((container.env ?? []).map((e) => [e.name, e]));
      for (const variable of env.values()) {
        if (variable.value !== undefined)
          expect({ [variable.name]: variable.value }).toEqual({ OTEL_SERVICE_NAME: name });
        else expect(variable.valueFrom?.secretKeyRef?.name).toBe('portal-secrets');
      }
      expect(env.has('JWT_PUBLIC_KEY')).toBe(true);
      expect(env.has('JWT_PRIVATE_KEY')).toBe(name === 'identity');
      expect(env.has('DATABASE_URL')).toBe(name !== 'gateway');
      expect(env.has('AMQP_URL')).toBe(name !== 'gateway');
      if (name !== 'gateway')
        expect(env.get('DATABASE_URL')?.valueFrom?.secretKeyRef?.key).toBe(`${name}-database-url`);
    },
  );

  it('When the gateway routes, Then portal-config points it at each service by its Service name', () => {
    const config = manifestsIn(`${k8sDir}/base/configmap.yaml`).find((m) => m.kind === 'ConfigMap');
    expect(config?.metadata.name).toBe('portal-config');
    for (const name of serviceFolders())
      expect(config?.data?.[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:3000`);
    const credentials = Object.keys(config?.data ?? {}).filter((k) =>
      /PASSWORD|SECRET|_KEY$|DATABASE_URL|AMQP_URL/.test(k),
    );
    expect(credentials).toEqual([]);
  });

  it.each(workloads.map((w) => [`${w.file} ${w.manifest.metadata.name}`, w.manifest] as const))(
    'When %s runs, Then a Service selects its pods on a port the container exposes, and it is probed, bounded and unprivileged',
    (_label, workload) => {
      const labels = workload.spec?.template?.metadata.labels ?? {};
      const pod = podOf(workload);
      const containerPorts = pod.containers.flatMap((c) => c.ports ?? []);
      const services = allManifests
        .map(({ manifest }) => manifest)
        .filter(
          (m) => m.kind === 'Service' && Object.entries(m.spec?.selector ?? {}).every(([k, v]) => labels[k] === v),
        );
      expect(services.map((s) => s.metadata.name)).toEqual([workload.metadata.name]);
      for (const port of services[0]?.spec?.ports ?? []) {
        expect(containerPorts.some((p) => p.name === port.targetPort || p.containerPort === port.targetPort)).toBe(
          true,
        );
      }
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      for (const container of pod.containers) {
        expect(container.readinessProbe).toBeDefined();
        expect(container.livenessProbe).toBeDefined();
        expect(container.resources?.requests).toBeDefined();
        expect(container.resources?.limits).toBeDefined();
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        for (const variable of container.env ?? []) {
          if (/PASSWORD|_PASS$|SECRET|_KEY$|_URL$|ROOT_USER/.test(variable.name) && variable.value !== undefined) {
            throw new Error(`${workload.metadata.name}: ${variable.name} is a literal, use a secretKeyRef`);
          }
        }
      }
    },
  );

  it('When the manifests are committed, Then no Secret carries data', () => {
    const secrets = allManifests.filter(({ manifest }) => manifest.kind === 'Secret');
    for (const { manifest } of secrets) expect({ data: manifest.data, stringData: manifest.stringData }).toEqual({});
  });

  it('When the ingress is read, Then it sends traffic to the gateway Service', () => {
    const ingress = manifestsIn(`${k8sDir}/base/ingress.yaml`).find((m) => m.kind === 'Ingress');
    expect(JSON.stringify(ingress)).toContain('"service":{"name":"gateway","port":{"name":"http"}}');
  });

  it('When the local Secret is created, Then the script provides every key a required secretKeyRef reads, and the docs name them all', () => {
    const script = readRepoFile(`${k8sDir}/create-local-secret.sh`);
    const docs = readRepoFile('docs/compose-and-kubernetes.md');
    const refs = secretRefs(allManifests.map(({ manifest }) => manifest));
    for (const ref of refs) {
      expect(ref.name).toBe('portal-secrets');
      const generated =
        script.includes(`${ref.key}=`) || (ref.key.endsWith('-database-url') && script.includes('-database-url='));
      if (!ref.optional) expect({ key: ref.key, generated }).toEqual({ key: ref.key, generated: true });
      expect({ key: ref.key, documented: docs.includes(ref.key) }).toEqual({ key: ref.key, documented: true });
    }
  });

  it('When the production overlay is read, Then every image is tagged from the registry', () => {
    const images =
      parseYaml<Kustomization>(readRepoFile(`${k8sDir}/overlays/production/kustomization.yaml`)).images ?? [];
    expect(images.map((i) => i.name).sort()).toEqual(appNames.map((n) => `dealer-portal/${n}`).sort());
    for (const image of images) expect(image.newTag).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('Kubernetes manifests against the configuration schemas', () => {
  const configMapData = (file: string) =>
    manifestsIn(file).find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'portal-config')?.data ?? {};
  const portalConfig = configMapData(`${k8sDir}/base/configmap.yaml`);
  /** What a base container gets: portal-config through envFrom, and its own env (an optional secretKeyRef may be absent). */
  const given = (name: Component) => {
    const container = mainContainer(baseDeployment(name));
    const fromConfig = container.envFrom?.some((e) => e.configMapRef?.name === 'portal-config') ? portalConfig : {};
    const own = (container.env ?? []).filter(
      (e) => e.value !== undefined || e.valueFrom?.secretKeyRef?.optional !== true,
    );
    return new Set([...Object.keys(fromConfig), ...own.map((e) => e.name)]);
  };

  it.each(components)('When %s starts, Then its pod is given every variable it needs', (name: Component) => {
    const provided = given(name);
    const missing = [...requiredInContainers(name)]
      .filter(([variable]) => !provided.has(variable))
      .map(([variable, why]) => `${variable}: ${why}`);
    expect(missing).toEqual([]);
  });

  it.each(components)(
    'When %s is configured, Then every variable of its own env is one it reads',
    (name: Component) => {
      const reads = variablesOf(name);
      const unread = (mainContainer(baseDeployment(name)).env ?? [])
        .map((e) => e.name)
        .filter((variable) => !reads.has(variable) && !readLater[name]?.[variable]);
      expect(unread).toEqual([]);
    },
  );

  it('When portal-config is read (base and overlay patches), Then each of its keys is read by a component that loads it', () => {
    const loaders = components.filter((name) =>
      mainContainer(baseDeployment(name)).envFrom?.some((e) => e.configMapRef?.name === 'portal-config'),
    );
    const files = manifestFiles.filter((file) => manifestsIn(file).some((m) => m.metadata.name === 'portal-config'));
    expect(files).toContain(`${k8sDir}/base/configmap.yaml`);
    for (const file of files) {
      const unread = Object.keys(configMapData(file)).filter(
        (variable) => !loaders.some((name) => variablesOf(name).has(variable) || readLater[name]?.[variable]),
      );
      expect({ file, unread }).toEqual({ file, unread: [] });
    }
  });

  it("When identity sends mail with the saved Email Settings, Then SMTP_ALLOWED_HOSTS names the base's mail host and production names none", () => {
    expect(String(portalConfig.SMTP_ALLOWED_HOSTS).split(',')).toContain(portalConfig.SMTP_HOST);
    const production = configMapData(`${k8sDir}/overlays/production/config-patch.yaml`);
    expect(production.SMTP_ALLOWED_HOSTS).toBe('');
  });

  it('When identity stores an SMTP password, Then its encryption key comes from portal-secrets and the pod does not start without it', () => {
    const env = mainContainer(baseDeployment('identity')).env ?? [];
    expect(env.find((e) => e.name === 'SETTINGS_ENCRYPTION_KEY')?.valueFrom?.secretKeyRef).toEqual({
      name: 'portal-secrets',
      key: 'settings-encryption-key',
    });
    expect(readRepoFile(`${k8sDir}/create-local-secret.sh`)).toContain(
      'settings-encryption-key="$(openssl rand -base64 32)"',
    );
  });

  it('When media signs download links, Then its key comes from portal-secrets and the local secret script makes one', () => {
    const env = mainContainer(baseDeployment('media')).env ?? [];
    expect(env.find((e) => e.name === 'DOWNLOAD_SIGNING_KEY')?.valueFrom?.secretKeyRef).toEqual({
      name: 'portal-secrets',
      key: 'download-signing-key',
    });
    expect(readRepoFile(`${k8sDir}/create-local-secret.sh`)).toContain(
      'download-signing-key="$(openssl rand -base64 32)"',
    );
  });

  it('When shipping signs proof image links, Then its own key comes from portal-secrets, for the service and its migration', () => {
    const env = mainContainer(baseDeployment('shipping')).env ?? [];
    expect(env.find((e) => e.name === 'DOWNLOAD_SIGNING_KEY')?.valueFrom?.secretKeyRef).toEqual({
      name: 'portal-secrets',
      key: 'proof-link-signing-key',
    });
    expect(readRepoFile(`${k8sDir}/create-local-secret.sh`)).toContain(
      'proof-link-signing-key="$(openssl rand -base64 32)"',
    );
  });
});

describe('kubectl kustomize', () => {
  const kubectl = onPath('kubectl');
  const targets = ['base', 'overlays/development', 'overlays/production'];

  if (!kubectl) {
    it.skip('skipped: kubectl is not on PATH, so the kustomizations are checked only statically above', () =>
      undefined);
    return;
  }

  it.each(targets)(
    'When %s is built, Then kustomize renders every Deployment into the dealer-portal namespace',
    (target) => {
      const rendered = parseYamlDocuments<Manifest & { metadata: { namespace?: string } }>(
        run(kubectl, ['kustomize', join(repoPath(k8sDir), target)]),
        target,
      );
      const deployments = rendered.filter((m) => m.kind === 'Deployment');
      for (const name of appNames) expect(deployments.map((d) => d.metadata.name)).toContain(name);
      for (const m of rendered.filter((r) => r.kind !== 'Namespace'))
        expect(m.metadata.namespace).toBe('dealer-portal');
      if (target !== 'base') {
        for (const d of deployments.filter((x) => appNames.includes(x.metadata.name))) {
          expect(mainContainer(d).image).toMatch(/dealer-portal\/[a-z]+:[\w.]+$/);
        }
      }
    },
  );
});

/** Every object of `target` as kustomize renders it, or null without kubectl. */
function rendered(target: string): Manifest[] | null {
  const kubectl = onPath('kubectl');
  if (!kubectl) return null;
  return parseYamlDocuments<Manifest>(run(kubectl, ['kustomize', join(repoPath(k8sDir), target)]), target).filter(
    Boolean,
  );
}

/** The objects validated against the Kubernetes schemas by deploy/test/k8s-schemas.mjs (kubernetes-models). */
function schemaErrors(objects: unknown[]): { index: number; kind: string; name: string; errors: string[] }[] {
  const output = execFileSync(process.execPath, [repoPath('deploy/test/k8s-schemas.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
    cwd: repoPath(),
  });
  return JSON.parse(output);
}

describe('Kubernetes manifests against the Kubernetes API schemas', () => {
  it('When every committed manifest is validated, Then each matches the schema of its apiVersion and kind', () => {
    const objects = allManifests.map(({ manifest }) => manifest);
    const results = schemaErrors(objects);
    expect(results).toHaveLength(objects.length);
    const kinds = new Set(results.map((r) => r.kind));
    for (const kind of ['Deployment', 'StatefulSet', 'Service', 'Job', 'NetworkPolicy', 'HorizontalPodAutoscaler'])
      expect(kinds).toContain(kind);
    expect(kinds).toContain('PodDisruptionBudget');
    const failures = results
      .filter((r) => r.errors.length)
      .map((r) => ({ file: allManifests[r.index]?.file, kind: r.kind, name: r.name, errors: r.errors }));
    expect(failures).toEqual([]);
  });

  it('When a manifest breaks its schema, Then the validation says so (the check can fail)', () => {
    const broken = [
      {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'x' },
        spec: { minReplicas: 2 },
      },
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: { name: 'x' },
        spec: { policyTypes: ['In'] },
      },
    ];
    expect(schemaErrors(broken).map((r) => r.errors.length > 0)).toEqual([true, true]);
  });

  (onPath('kubectl') ? it.each : it.skip.each)(['base', 'overlays/development', 'overlays/production'])(
    'When %s is rendered by kustomize, Then every object it applies matches its schema (skipped without kubectl)',
    (target) => {
      const objects = rendered(target) ?? [];
      expect(objects.length).toBeGreaterThan(20);
      const failures = schemaErrors(objects).filter((r) => r.errors.length);
      expect(failures).toEqual([]);
    },
  );
});

interface PolicyPeer {
  podSelector?: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; values: string[] }[] };
  namespaceSelector?: { matchLabels?: Record<string, string> };
}
interface NetworkPolicy {
  metadata: { name: string };
  spec: {
    podSelector: { matchLabels?: Record<string, string> };
    policyTypes: string[];
    ingress?: { from?: PolicyPeer[]; ports?: { port: string | number }[] }[];
  };
}

describe('NetworkPolicies', () => {
  const policiesIn = (file: string) =>
    parseYamlDocuments<NetworkPolicy & { kind: string }>(readRepoFile(file), file).filter(
      (m) => m?.kind === 'NetworkPolicy',
    );
  const base = policiesIn(`${k8sDir}/base/network-policies.yaml`);
  const development = policiesIn(`${k8sDir}/overlays/development/network-policies.yaml`);
  const policyOf = (policies: NetworkPolicy[], app: string) => {
    const found = policies.filter((p) => p.spec.podSelector.matchLabels?.app === app);
    expect(found).toHaveLength(1);
    return found[0] as NetworkPolicy;
  };
  /** The apps a peer admits (by `app` label in this namespace); 'outside:<ns>' or 'prometheus' otherwise. */
  const peersOf = (policy: NetworkPolicy, port: string) =>
    (policy.spec.ingress ?? [])
      .filter((rule) => (rule.ports ?? []).some((p) => p.port === port))
      .flatMap((rule) => rule.from ?? [])
      .flatMap((peer): string[] => {
        const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
        if (peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'prometheus' && namespace === 'monitoring')
          return ['prometheus'];
        if (namespace) return [`outside:${namespace}`];
        if (peer.podSelector?.matchLabels?.app) return [peer.podSelector.matchLabels.app];
        if (peer.podSelector?.matchLabels?.['app.kubernetes.io/component'])
          return [`component:${peer.podSelector.matchLabels['app.kubernetes.io/component']}`];
        return (peer.podSelector?.matchExpressions ?? []).flatMap((e) => (e.key === 'app' ? e.values : []));
      })
      .sort();
  const services = serviceFolders();

  it('When nothing else allows it, Then no pod of the namespace accepts a connection', () => {
    const deny = base.find((p) => p.metadata.name === 'default-deny-ingress');
    expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    for (const policy of [...base, ...development]) expect(policy.spec.policyTypes).toEqual(['Ingress']);
  });

  it('When traffic comes from outside the namespace, Then only the gateway takes it, from the ingress controller', () => {
    const outside = [...base, ...development].flatMap((policy) =>
      (policy.spec.ingress ?? []).flatMap((rule) =>
        (rule.from ?? [])
          .filter((peer) => peer.namespaceSelector)
          .map((peer) => ({
            policy: policy.metadata.name,
            prometheusOnly: peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'prometheus',
          })),
      ),
    );
    expect(outside.filter((o) => !o.prometheusOnly).map((o) => o.policy)).toEqual(['gateway']);
    const gateway = policyOf(base, 'gateway');
    expect(peersOf(gateway, 'http')).toEqual(['outside:ingress-nginx']);
    expect(peersOf(gateway, 'metrics')).toEqual(['prometheus']);
    // the Ingress sends everything to the gateway's http port; its Service does not even name the metrics port
    const gatewayService = manifestsIn(`${k8sDir}/base/gateway.yaml`).find((m) => m.kind === 'Service');
    expect(gatewayService?.spec?.ports?.map((p) => p.targetPort)).toEqual(['http']);
  });

  it.each(serviceFolders())(
    'When %s is called, Then only the gateway, Prometheus and the services that call it get through',
    (name) => {
      // every service calls identity (sessions, logins, mail); identity asks dealer, order and incentive for its reports' figures
      const reportSources = ['dealer', 'order', 'incentive'];
      const callers =
        name === 'identity'
          ? services.filter((s) => s !== 'identity')
          : reportSources.includes(name)
            ? ['identity']
            : [];
      expect(peersOf(policyOf(base, name), 'http')).toEqual(['gateway', 'prometheus', ...callers].sort());
    },
  );

  it('When the in-cluster servers are reached, Then the database and the broker admit only the services (and the migration jobs)', () => {
    expect(peersOf(policyOf(development, 'postgres'), 'postgres')).toEqual(['component:migration', ...services].sort());
    expect(peersOf(policyOf(development, 'rabbitmq'), 'amqp')).toEqual([...services].sort());
    expect(peersOf(policyOf(development, 'minio'), 's3')).toEqual([...services].sort());
    // every server of the overlay is covered
    const servers = filesUnder(`${k8sDir}/overlays/development`, ['.yaml'])
      .flatMap((file) => manifestsIn(file))
      .filter((m) => m.kind === 'StatefulSet' || m.kind === 'Deployment')
      .map((m) => m.metadata.name)
      .sort();
    expect(development.map((p) => p.spec.podSelector.matchLabels?.app).sort()).toEqual(servers);
  });

  it('When a policy names a port, Then the pods it selects have a container port of that name', () => {
    const podsByApp = new Map(
      workloads.map(({ manifest }) => [manifest.spec?.template?.metadata.labels.app, podOf(manifest)] as const),
    );
    for (const policy of [...base, ...development]) {
      const app = policy.spec.podSelector.matchLabels?.app;
      if (!app) continue;
      const names = (podsByApp.get(app)?.containers ?? []).flatMap((c) => (c.ports ?? []).map((p) => p.name));
      for (const rule of policy.spec.ingress ?? [])
        for (const { port } of rule.ports ?? [])
          expect({ app, port, known: names.includes(String(port)) }).toEqual({
            app,
            port,
            known: true,
          });
    }
  });
});

describe('Migrations once per release (base/migrations.yaml)', () => {
  const jobs = manifestsIn(`${k8sDir}/base/migrations.yaml`).filter((m) => m.kind === 'Job');
  const portalConfig =
    manifestsIn(`${k8sDir}/base/configmap.yaml`).find((m) => m.metadata.name === 'portal-config')?.data ?? {};

  it('When the service pods start, Then they do not migrate: portal-config says DB_MIGRATE_ON_START=false', () => {
    expect(portalConfig.DB_MIGRATE_ON_START).toBe('false');
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(serviceFolders().map((s) => `migrate-${s}`));
  });

  it.each(serviceFolders())(
    'When the %s release is applied, Then its Job runs the same image with the same settings and MIGRATE_ONLY=true, and is removed after it finished',
    (name) => {
      const job = jobs.find((j) => j.metadata.name === `migrate-${name}`) as Manifest & {
        spec: {
          ttlSecondsAfterFinished?: number;
          backoffLimit?: number;
          template: { spec: { restartPolicy: string } };
        };
      };
      const container = mainContainer(job);
      const deployment = mainContainer(baseDeployment(name));
      expect(container.image).toBe(deployment.image);
      expect(container.envFrom).toEqual(deployment.envFrom);
      expect(container.env).toEqual([{ name: 'MIGRATE_ONLY', value: 'true' }, ...(deployment.env ?? [])]);
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(podOf(job).securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(Object.keys(container.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(job.spec.template.spec.restartPolicy).toBe('OnFailure');
      expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
      // the job's process reads every variable it needs (the service's configuration schema)
      const given = new Set([
        ...Object.keys(portalConfig),
        ...(container.env ?? [])
          .filter((e) => e.value !== undefined || !e.valueFrom?.secretKeyRef?.optional)
          .map((e) => e.name),
      ]);
      const required = [...variablesOf(name as Component)].filter(([, v]) => v.required).map(([variable]) => variable);
      expect(required.filter((variable) => !given.has(variable))).toEqual([]);
      expect(variablesOf(name as Component).has('MIGRATE_ONLY')).toBe(true);
    },
  );
});

describe('Production overlay: autoscaling and disruption budgets', () => {
  const dir = `${k8sDir}/overlays/production`;
  const kustomization = parseYaml<Kustomization & { replicas?: { name: string; count: number }[] }>(
    readRepoFile(`${dir}/kustomization.yaml`),
  );
  const replicasOf = (name: string) => kustomization.replicas?.find((r) => r.name === name)?.count ?? 0;
  const hpas = manifestsIn(`${dir}/horizontal-pod-autoscalers.yaml`) as unknown as {
    kind: string;
    metadata: { name: string };
    spec: {
      scaleTargetRef: { apiVersion: string; kind: string; name: string };
      minReplicas: number;
      maxReplicas: number;
      metrics: { resource?: { name: string; target: { averageUtilization?: number } } }[];
    };
  }[];
  const pdbs = manifestsIn(`${dir}/pod-disruption-budgets.yaml`) as unknown as {
    metadata: { name: string };
    spec: { minAvailable?: number; selector: { matchLabels: Record<string, string> } };
  }[];

  it('When load grows, Then the gateway, order, dealer and geocoding scale with their CPU, never below their replicas', () => {
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['dealer', 'gateway', 'geocoding', 'order']);
    for (const hpa of hpas) {
      const name = hpa.spec.scaleTargetRef.name;
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBe(replicasOf(name));
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      // utilization is measured against the request: the container must declare one
      expect(mainContainer(baseDeployment(name)).resources?.requests?.cpu).toBeDefined();
      expect(hpa.spec.metrics.map((m) => m.resource?.name)).toEqual(['cpu']);
    }
  });

  it('When nodes are drained, Then every part keeps a pod: a budget per Deployment, below its replica count', () => {
    expect(pdbs.map((p) => p.metadata.name).sort()).toEqual([...appNames].sort());
    for (const pdb of pdbs) {
      const name = pdb.metadata.name;
      expect(pdb.spec.selector.matchLabels).toEqual(baseDeployment(name).spec?.template?.metadata.labels);
      expect(pdb.spec.minAvailable).toBeLessThan(replicasOf(name));
    }
  });

  it('When Prometheus discovers pods by annotation, Then each names a port its container listens on', () => {
    for (const name of appNames) {
      const template = baseDeployment(name).spec?.template as { metadata: { annotations?: Record<string, string> } };
      const annotations = template.metadata.annotations ?? {};
      expect(annotations['prometheus.io/scrape']).toBe('true');
      expect(annotations['prometheus.io/path']).toBe('/metrics');
      const ports = (mainContainer(baseDeployment(name)).ports ?? []).map((p) => String(p.containerPort));
      expect(ports).toContain(annotations['prometheus.io/port']);
    }
    const config = manifestsIn(`${k8sDir}/base/configmap.yaml`).find((m) => m.kind === 'ConfigMap')?.data ?? {};
    const metricsPort = mainContainer(baseDeployment('gateway')).ports?.find((p) => p.name === 'metrics');
    expect(config.METRICS_PORT).toBe(String(metricsPort?.containerPort));
  });
});
