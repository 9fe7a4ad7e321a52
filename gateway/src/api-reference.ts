import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { type Router } from 'express';
import { SERVICE_CONTRACTS, buildOpenApiDocument } from '@crucible/proto';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The page loads everything from our own origin: the CSP allows same-origin scripts only, so the start-up code is a file too. */
const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Crucible API reference</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/start.js"></script>
</body>
</html>
`;

const startScript = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: '#swagger-ui', deepLinking: true });\n`;

/**
 * The OpenAPI 3.1 document of every service's contract, built once at start-up, and a reference page
 * for people (Swagger UI from npm, served from our origin; no CDN). Both are public, like the API's shape.
 */
export function serveApiReference(router: Router): void {
  const document = buildOpenApiDocument(SERVICE_CONTRACTS, { title: 'Crucible API', version: '0.1.0' });
  router.get(OPENAPI_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(document);
  });
  router.get(API_DOCS_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(docsPage);
  });
  router.get(`${API_DOCS_PATH}/start.js`, (_req, res) => {
    res.type('text/javascript').send(startScript);
  });
  router.use(API_DOCS_PATH, express.static(swaggerUiDir, { index: false, maxAge: '1d' }));
}
