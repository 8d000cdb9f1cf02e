import express, { type Router } from 'express';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { renderReferencePage } from './reference-page.js';

let built: { document: OpenApiDocument; page: string } | undefined;

/** The catalogue does not change while the process runs, so both are built once, on first use. */
function docs() {
  if (!built) {
    const document = buildOpenApiDocument();
    built = { document, page: renderReferencePage(document) };
  }
  return built;
}

/** Public: GET /api/openapi.json and its readable reference page GET /api/docs. */
export function docsRoutes(): Router {
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(docs().document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(docs().page);
  });
  return router;
}
