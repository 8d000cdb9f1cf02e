import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';

/**
 * Scalar's self-contained browser bundle, served from our origin so the page needs no CDN and
 * the CSP's `script-src 'self'` holds. The package exports no subpath for it, so it is found
 * next to the package's main entry (dist/index.js -> dist/browser/standalone.js).
 */
function readViewerScript(): string {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return readFileSync(join(dirname(main), 'browser', 'standalone.js'), 'utf8');
}

/**
 * The standalone bundle mounts itself on `#api-reference` and reads the document from `data-url`;
 * that element has no inline code for the CSP to refuse. The configuration keeps every request on
 * our origin: no font CDN, no telemetry, none of Scalar's hosted services (client, AI agent, MCP).
 */
function referencePage(): string {
  const configuration = JSON.stringify({
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    showOperationId: true,
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>V2MOM Tracker API reference</title>
</head>
<body>
<script id="api-reference" data-url="${API_ENDPOINTS.getOpenApiDocument.path}" data-configuration="${configuration.replaceAll('"', '&quot;')}"></script>
<script src="${API_ENDPOINTS.getApiReferenceScript.path}"></script>
</body>
</html>
`;
}

/** The catalogue does not change while the process runs, so each answer is built once, on first use. */
function once<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  return () => (value ??= { built: build() }).built;
}

export function docsRoutes(router: ApiRouter): void {
  const document = once<OpenApiDocument>(() => buildOpenApiDocument());
  const page = once(referencePage);
  const script = once(readViewerScript);
  // Public and the same for everyone while the process runs: caches may keep them, checking the ETag.
  const shared = { cacheControl: 'public, no-cache' };
  route(router, API_ENDPOINTS.getOpenApiDocument, () => document(), shared);
  route(router, API_ENDPOINTS.getApiReference, () => page(), shared);
  route(router, API_ENDPOINTS.getApiReferenceScript, () => script(), shared);
}
