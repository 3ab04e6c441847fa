// Validates Kubernetes objects against the Kubernetes API's OpenAPI schemas (the `kubernetes-models` package:
// validators generated from the Kubernetes OpenAPI document; types, required fields, enums and formats).
// Run by kubernetes.test.ts as a separate Node process (the package is ESM only):
//   node deploy/test/k8s-schemas.mjs < objects.json   ->   [{ index, kind, name, errors: [...] }] on stdout
import { readFileSync } from 'node:fs';

const objects = JSON.parse(readFileSync(0, 'utf8'));

/** kubernetes-models/<group>/<version>/<Kind>: `apps/v1` -> apps/v1, `v1` -> v1. */
async function modelOf(apiVersion, kind) {
  try {
    const module = await import(`kubernetes-models/${apiVersion}/${kind}`);
    return module[kind];
  } catch {
    return undefined;
  }
}

const results = [];
for (const [index, object] of objects.entries()) {
  const kind = object?.kind;
  const name = object?.metadata?.name;
  const Model = await modelOf(object?.apiVersion, kind);
  if (!Model) {
    results.push({ index, kind, name, errors: [`no schema for ${object?.apiVersion} ${kind}`] });
    continue;
  }
  try {
    new Model(object).validate();
    results.push({ index, kind, name, errors: [] });
  } catch (err) {
    results.push({ index, kind, name, errors: [String(err?.message ?? err)] });
  }
}
process.stdout.write(JSON.stringify(results));
