import { access, type EndpointDef } from '@portal/contracts';
import { z } from 'zod';
import { renderDocsPage } from '../src/docs-page';

const hostile: EndpointDef = {
  id: 'x.<b>',
  method: 'POST',
  path: '/api/x/{id}',
  owner: 'dealer',
  access: access.rolesOrOwnDealer('id', 'admin'),
  summary: 'Says <script>alert("x")</script> & more',
  response: z.object({}),
};

const doc = {
  info: { title: 'API </title><script>', version: '1' },
  tags: [{ name: 'dealer', description: 'Dealers & <i>friends</i>' }],
  paths: {
    '/api/x/{id}': {
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } } },
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object', description: '</pre><img src=x>' } } } },
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
    },
  },
  components: {
    schemas: { Body: { type: 'object', properties: { name: { type: 'string', description: '"quoted" <tag>' } } } },
    responses: { Unauthorized: { description: 'Missing <token>' } },
  },
};

describe('The /docs page', () => {
  const html = renderDocsPage(doc, [hostile]);

  test('When texts contain markup, Then every one is escaped', () => {
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<i>');
    expect(html).toContain('Says &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).toContain('&lt;/pre&gt;&lt;img src=x&gt;');
    expect(html).toContain('<title>API &lt;/title&gt;&lt;script&gt;</title>');
  });

  test('When schemas are references, Then they are shown inline, with roles and error answers', () => {
    expect(html).toContain('\\&quot;quoted\\&quot; &lt;tag&gt;');
    expect(html).toContain('<span class="roles">admin, dealer (own)</span>');
    expect(html).toContain('<li><b>401</b> Missing &lt;token&gt;</li>');
    expect(html).toContain('<p class="tag">Dealers &amp; &lt;i&gt;friends&lt;/i&gt;</p>');
  });
});
