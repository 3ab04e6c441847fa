import { type Access, type EndpointDef, SERVICES } from '@portal/contracts';
import { escapeHtml } from '@portal/platform';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) current = isObject(current) ? current[key] : undefined;
  return current;
}

/** Inlines local `$ref`s (`#/components/...`) so each block reads on its own; cycles stop at a depth. */
function resolveRefs(doc: unknown, value: unknown, depth = 0): unknown {
  if (depth > 12) return value;
  if (Array.isArray(value)) return value.map((v) => resolveRefs(doc, v, depth + 1));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = child(
      doc,
      ...ref
        .slice(2)
        .split('/')
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')),
    );
    return target === undefined ? value : resolveRefs(doc, target, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(doc, v, depth + 1)]));
}

export function describeAccess(acc: Access): string {
  if (acc.kind === 'public') return 'public';
  if (acc.kind === 'any') return 'any signed-in user';
  return acc.roles.map((r) => (r === 'dealer' && acc.dealerOwnParam ? 'dealer (own)' : r)).join(', ');
}

function schemaBlock(title: string, schema: unknown): string {
  if (schema === undefined) return '';
  const json = JSON.stringify(schema, null, 2);
  return `<details class="schema"><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(json)}</pre></details>`;
}

function contentBlocks(doc: unknown, prefix: string, holder: unknown): string {
  const content = child(holder, 'content');
  if (!isObject(content)) return '';
  return Object.entries(content)
    .map(([mediaType, media]) => schemaBlock(`${prefix} (${mediaType})`, resolveRefs(doc, child(media, 'schema'))))
    .join('');
}

function operationBlock(doc: unknown, endpoint: EndpointDef): string {
  const operation = child(doc, 'paths', endpoint.path, endpoint.method.toLowerCase());
  const parameters = child(operation, 'parameters');
  const responses = child(operation, 'responses');
  const method = endpoint.method.toLowerCase();
  const answers = isObject(responses)
    ? Object.entries(responses).map(([status, r]) => [status, resolveRefs(doc, r)] as const)
    : [];
  const successBlocks = answers
    .filter(([status]) => status.startsWith('2'))
    .map(([status, response]) => contentBlocks(doc, `Response ${status}`, response))
    .join('');
  const errorItems = answers
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, response]) => {
      const description = child(response, 'description');
      return `<li><b>${escapeHtml(status)}</b> ${escapeHtml(typeof description === 'string' ? description : '')}</li>`;
    })
    .join('');
  return `<details class="op" id="${escapeHtml(endpoint.id)}">
<summary><span class="method ${escapeHtml(method)}">${escapeHtml(endpoint.method)}</span> <code>${escapeHtml(endpoint.path)}</code>
<span class="roles">${escapeHtml(describeAccess(endpoint.access))}</span> <span class="summary">${escapeHtml(endpoint.summary)}</span></summary>
<div class="body"><p class="id">${escapeHtml(endpoint.id)}</p>
${Array.isArray(parameters) && parameters.length ? schemaBlock('Parameters', resolveRefs(doc, parameters)) : ''}
${contentBlocks(doc, 'Request body', resolveRefs(doc, child(operation, 'requestBody')))}
${successBlocks}
${errorItems ? `<ul class="errors">${errorItems}</ul>` : ''}</div>
</details>`;
}

function tagDescription(doc: unknown, service: string): string {
  const tags = child(doc, 'tags');
  const tag = Array.isArray(tags) ? tags.find((t) => child(t, 'name') === service) : undefined;
  const description = child(tag, 'description');
  return typeof description === 'string' ? `<p class="tag">${escapeHtml(description)}</p>\n` : '';
}

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 2rem;color:#1d232a}
h1{margin-bottom:0}h2{border-bottom:1px solid #d0d7de;padding-bottom:.25rem;margin-top:2rem;text-transform:capitalize}
details.op{border:1px solid #d0d7de;border-radius:6px;margin:.4rem 0}details.op>summary{padding:.45rem .6rem;cursor:pointer}
details.op .body{padding:0 .8rem .6rem}.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;
color:#fff;font-weight:600;font-size:12px;padding:1px 6px}.get{background:#1f6feb}.post{background:#1a7f37}
.put{background:#9a6700}.delete{background:#cf222e}code{font-size:13px}.roles{background:#eaeef2;border-radius:10px;
padding:0 8px;font-size:12px;margin-left:.4rem}.summary{color:#57606a;margin-left:.4rem}.id{color:#57606a;font-size:12px}
details.schema{margin:.3rem 0}details.schema>summary{cursor:pointer;font-weight:600}
pre{background:#f6f8fa;padding:.6rem;border-radius:6px;overflow:auto;font-size:12px}nav a{margin-right:1rem}
.errors{margin:.3rem 0;padding-left:1.2rem;color:#57606a;font-size:12px}.tag{color:#57606a}`;

/**
 * The API reference as one self-contained HTML page (no script, no CDN): endpoints grouped by owning
 * service, each with method, path, who may call it, summary, and its schemas from the OpenAPI document.
 * Every inserted text is escaped.
 */
export function renderDocsPage(doc: unknown, endpoints: readonly EndpointDef[]): string {
  const title = child(doc, 'info', 'title');
  const version = child(doc, 'info', 'version');
  const heading = typeof title === 'string' ? title : 'API';
  const groups = SERVICES.map((service) => ({ service, ops: endpoints.filter((e) => e.owner === service) })).filter(
    (g) => g.ops.length,
  );
  const nav = groups.map((g) => `<a href="#service-${escapeHtml(g.service)}">${escapeHtml(g.service)}</a>`).join('');
  const sections = groups
    .map(
      (g) =>
        `<section><h2 id="service-${escapeHtml(g.service)}">${escapeHtml(g.service)}</h2>\n${tagDescription(doc, g.service)}${g.ops
          .map((e) => operationBlock(doc, e))
          .join('\n')}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(heading)}</h1><p>Version ${escapeHtml(String(version ?? ''))} · ${endpoints.length} endpoints ·
<a href="/openapi.json">openapi.json</a></p><nav>${nav}</nav>
${sections}
</body></html>`;
}
