import { allEndpoints, buildOpenApiDocument } from '@portal/contracts';

type Operation = {
  operationId: string;
  security?: unknown[];
  tags: string[];
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};

describe('The OpenAPI document', () => {
  const doc = buildOpenApiDocument({ title: 'Portal', version: '9.9.9', serverUrl: 'https://portal.example' });
  const operation = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()] as Operation | undefined;

  it('When built, Then it is OpenAPI 3.1 with the given info and server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Portal', version: '9.9.9' });
    expect(doc.servers).toEqual([{ url: 'https://portal.example' }]);
  });

  it('When serialised to JSON and back, Then nothing is lost', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('When built, Then every endpoint of the contract has its path and method, once, with its id', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(allEndpoints.length);
    for (const def of allEndpoints) {
      const op = operation(def.method, def.path);
      expect(op?.operationId).toBe(def.id);
      expect(op?.tags).toEqual([def.owner]);
      expect(op?.responses['200']).toBeDefined();
      expect(op?.responses['501']).toBeDefined();
    }
  });

  it('When an endpoint is public, Then it needs no token; otherwise the bearer JWT applies', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(operation('POST', '/api/auth/login')?.security).toEqual([]);
    const protectedOp = operation('GET', '/api/admin/users');
    expect(protectedOp?.security).toBeUndefined();
    expect(protectedOp?.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(protectedOp?.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
  });

  it('When a response or error is referenced, Then its component exists', () => {
    const refs = JSON.stringify(doc).match(/#\/components\/[\w/]+/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const [, , kind, name] = ref.split('/');
      const components = doc.components as Record<string, Record<string, unknown>>;
      expect(components[kind as string]?.[name as string]).toBeDefined();
    }
  });

  it('When an endpoint takes files, Then its body is multipart with the file fields as binary', () => {
    const body = operation('POST', '/api/admin/create-product')?.requestBody;
    const multipart = body?.content['multipart/form-data'] as {
      schema: { properties: Record<string, { format?: string }>; required: string[] };
    };
    expect(multipart.schema.properties.product_image?.format).toBe('binary');
    expect(multipart.schema.required).toEqual(expect.arrayContaining(['title', 'product_image']));
    expect(operation('POST', '/api/dealer/upload-header-image')?.requestBody?.content).toHaveProperty(
      'multipart/form-data',
    );
  });

  it('When a body is text fields only (a dealer note), Then it is documented as JSON, urlencoded and multipart; a body with numbers as JSON only', () => {
    expect(
      Object.keys(operation('POST', '/api/admin/add-dealer-note/{dealer_id}')?.requestBody?.content ?? {}),
    ).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(Object.keys(operation('POST', '/api/admin/record-payment')?.requestBody?.content ?? {})).toEqual([
      'application/json',
    ]);
  });

  it('When an endpoint has path and query parameters, Then they are listed where they belong', () => {
    expect(operation('GET', '/api/admin/top-performers')?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      'query:limit',
      'query:metric',
    ]);
    expect(operation('PUT', '/api/admin/update-order/{order_id}')?.parameters).toEqual([
      expect.objectContaining({ name: 'order_id', in: 'path', required: true }),
    ]);
  });

  it('When a JSON endpoint answers, Then the response schema carries the spec reply fields', () => {
    const ok = operation('GET', '/api/admin/all-dealers-enhanced')?.responses['200'] as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(ok.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['success', 'dealers', 'available_states']),
    );
  });
});
