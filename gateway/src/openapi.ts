import { allEndpoints, buildOpenApiDocument } from '@portal/contracts';
import { Router } from 'express';
import { renderDocsPage } from './docs-page';

/** GET /openapi.json and GET /docs, both generated from the contract once, when the gateway starts. */
export function apiDocsRoutes(): Router {
  const document = buildOpenApiDocument();
  const json = JSON.stringify(document);
  const html = renderDocsPage(document, allEndpoints);
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(html);
  });
  return router;
}
