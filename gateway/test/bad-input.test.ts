/**
 * Bad input across every write endpoint of identity and dealer, through the real gateway to the real
 * services (items 10 and 13). The cases are generated from the contract: for each write endpoint, each string
 * field of its body (and each element of a string list) and each path parameter gets a NUL and a lone
 * surrogate, the other fields carrying plausible values. Every answer must be a 4xx with a detail, never 5xx.
 */
import { type EndpointDef, endpointsByService, UNSTORABLE_TEXT } from '@portal/contracts';
import type { RunningGateway } from '@portal/gateway';
import { bearer, type TestServices } from '@portal/platform/testing';
import request from 'supertest';
import type { z } from 'zod';
import { IMAGES } from '../../services/platform/test/storage/image-fixtures';
import { ADMIN, type PortalBehindGateway, startPortalBehindGateway } from './support/portal';

const DEALER_ID = 'D2345678A';
const BAD = { NUL: 'Ridge\u0000Blinds', 'lone surrogate': 'Ridge \ud800 Blinds' } as const;

/** Plausible values by field name, so that the field under test is the one thing wrong with the request. */
let emails = 0;
function sample(field: string): unknown {
  if (/email|recipient/.test(field)) return `bad.input.${++emails}@example.com`;
  if (/password/.test(field)) return 'a long enough password 1';
  const known: Record<string, unknown> = {
    full_name: 'Jane Ridge',
    business_name: 'Ridge Blinds',
    company_name: 'Blind Co',
    business_type: 'Manufacturer',
    phone: '(555) 010-2000',
    address: '12 Oak Road',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    zone: 'Midwest Zone',
    website: 'example.com',
    custom_website_url: 'https://example.com',
    description: 'Hand-built hunting blinds',
    note_text: 'Called about the spring order',
    notes: 'Looks good',
    role: 'delivery',
    action: 'approve',
    dealer_id: DEALER_ID,
    dealer_ids: [DEALER_ID],
    token: 'x'.repeat(43),
    system_timezone: 'America/Chicago',
    smtp_server: 'smtp.example.com',
    smtp_port: 587,
    smtp_username: 'mailer',
    sender_name: 'Blind Co',
    specialties: ['Ground blinds'],
    zones: ['Midwest Zone'],
    dealers: [{ email: 'row@example.com', business_name: 'Row Blinds' }],
  };
  return known[field];
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/default/nullable/pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType && ['optional', 'default', 'nullable', 'prefault', 'catch', 'readonly'].includes(def.type))
    return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

/** Each top-level field of an object body that holds text: `string` or a list of strings. */
function textFields(body: z.ZodType | undefined): { field: string; list: boolean }[] {
  if (!body) return [];
  const def = defOf(unwrap(body));
  if (def.type !== 'object' || !def.shape) return [];
  const fields: { field: string; list: boolean }[] = [];
  for (const [field, schema] of Object.entries(def.shape)) {
    const inner = defOf(unwrap(schema));
    if (inner.type === 'string') fields.push({ field, list: false });
    else if (inner.type === 'array' && inner.element && defOf(unwrap(inner.element)).type === 'string')
      fields.push({ field, list: true });
  }
  return fields;
}

function baseBody(body: z.ZodType | undefined): Record<string, unknown> {
  const def = body ? defOf(unwrap(body)) : undefined;
  const values: Record<string, unknown> = {};
  for (const field of Object.keys(def?.shape ?? {})) {
    const value = sample(field);
    if (value !== undefined) values[field] = value;
  }
  return values;
}

interface Case {
  name: string;
  endpoint: EndpointDef;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** the field holding the bad text */
  field: string;
}

function paramNames(endpoint: EndpointDef): string[] {
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

const writeEndpoints = [
  ...Object.values(endpointsByService.identity),
  ...Object.values(endpointsByService.dealer),
].filter((e: EndpointDef) => e.method !== 'GET') as EndpointDef[];

const cases: Case[] = writeEndpoints.flatMap((endpoint) => {
  const params = Object.fromEntries(
    paramNames(endpoint).map((name) => [name, name === 'email' ? 'a@example.com' : DEALER_ID]),
  );
  return Object.entries(BAD).flatMap(([kind, bad]) => [
    ...textFields(endpoint.body).map(({ field, list }) => ({
      name: `${endpoint.id} ${field} with a ${kind}`,
      endpoint,
      params,
      body: { ...baseBody(endpoint.body), [field]: list ? [bad] : bad },
      field,
    })),
    ...paramNames(endpoint).map((name) => ({
      name: `${endpoint.id} path ${name} with a ${kind}`,
      endpoint,
      params: { ...params, [name]: bad },
      body: baseBody(endpoint.body),
      field: name,
    })),
  ]);
});

let running: PortalBehindGateway;
let portal: TestServices;
let gateway: RunningGateway;

beforeAll(async () => {
  running = await startPortalBehindGateway('gateway_bad_input');
  ({ portal, gateway } = running);
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

function tokenFor(endpoint: EndpointDef): string | undefined {
  if (endpoint.access.kind === 'public') return undefined;
  if (endpoint.access.kind === 'roles' && !endpoint.access.roles.includes('admin'))
    return portal.tokenFor({ role: 'dealer', dealerId: DEALER_ID });
  return portal.tokenFor({ role: 'admin' });
}

/**
 * A path with its parameters percent-encoded; a lone surrogate (which UTF-8 cannot encode, so encodeURIComponent
 * refuses it) is sent as the bytes a careless client would produce for it (ED A0 80, its CESU-8 form).
 */
function pathOf(c: Case): string {
  return c.endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = c.params[name] ?? '';
    return value.replace(/[\s\S]/g, (ch) => {
      const code = ch.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdfff)
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      return encodeURIComponent(ch);
    });
  });
}

function send(c: Case) {
  const path = pathOf(c);
  const method = c.endpoint.method.toLowerCase() as 'post' | 'put' | 'delete';
  let req = request(gateway.server)[method](path);
  const token = tokenFor(c.endpoint);
  if (token) req = req.set(bearer(token));
  if (!c.endpoint.files?.length) return req.send(c.body);
  for (const [field, value] of Object.entries(c.body))
    for (const item of Array.isArray(value) ? value : [value]) req = req.field(field, String(item));
  const file = c.endpoint.files[0];
  return file ? req.attach(file.field, IMAGES.png, 'header.png') : req;
}

test('The cases cover every write endpoint of identity and dealer that takes text', () => {
  const covered = new Set(cases.map((c) => c.endpoint.id));
  const withText = writeEndpoints.filter((e) => textFields(e.body).length || paramNames(e).length);
  expect(withText.length).toBeGreaterThan(20);
  expect([...covered].sort()).toEqual(withText.map((e) => e.id).sort());
});

test.each(cases.map((c) => [c.name, c] as const))(
  'When %s is sent, Then 4xx with a detail (never 5xx)',
  async (_name, c) => {
    const res = await send(c);
    expect({
      status: res.status < 400 || res.status >= 500 ? res.status : '4xx',
      detail: typeof res.body.detail,
    }).toEqual({
      status: '4xx',
      detail: 'string',
    });
  },
);

test('When a JSON body field holds a NUL, Then the detail names that field (the contract text type or the router refuses it)', async () => {
  const res = await request(gateway.server)
    .post(`/api/admin/add-dealer-note/${DEALER_ID}`)
    .set(bearer(portal.tokenFor({ role: 'admin' })))
    .send({ note_text: BAD.NUL });
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe(`note_text: ${UNSTORABLE_TEXT}`);
});

describe('A dealer note sent as the spec sends it (item 13)', () => {
  let dealerId: string;
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await portal.signIn(ADMIN.email, ADMIN.password);
    const created = await request(gateway.server).post('/api/admin/create-dealer').set(bearer(adminToken)).send({
      business_name: 'Form Blinds',
      full_name: 'Fern Form',
      email: 'fern@example.com',
      phone: '(555) 010-3000',
      address: '1 Form Road',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      zone: 'Midwest Zone',
    });
    expect(created.status).toBe(200);
    dealerId = created.body.dealer_id;
  });

  test.each([
    ['multipart/form-data', (r: request.Test) => r.field('note_text', 'Sent as a multipart form')],
    ['urlencoded', (r: request.Test) => r.type('form').send({ note_text: 'Sent as a multipart form' })],
  ])('When note_text comes %s through the gateway, Then the note is added', async (_kind, withBody) => {
    const res = await withBody(
      request(gateway.server).post(`/api/admin/add-dealer-note/${dealerId}`).set(bearer(adminToken)),
    );
    expect(res.status).toBe(200);
    expect(res.body.note.note_text).toBe('Sent as a multipart form');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
