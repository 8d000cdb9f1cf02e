import type { OpenApiDocument } from './openapi.js';

/**
 * The OpenAPI document as one self-contained HTML page: no script (the CSP allows none
 * inline) and no CDN, only an inline stylesheet, which the CSP allows.
 */

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
const SCHEMA_REF = /"#\/components\/schemas\/(\w+)"/g;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Pretty JSON with component refs turned into in-page links. */
function schemaBlock(fragment: unknown): string {
  const html = escapeHtml(JSON.stringify(fragment, null, 2));
  return `<pre>${html.replace(/&#34;#\/components\/schemas\/(\w+)&#34;/g, '<a href="#schema-$1">"$1"</a>')}</pre>`;
}

function refName(fragment: unknown): string | null {
  const match = SCHEMA_REF.exec(JSON.stringify(fragment ?? null));
  SCHEMA_REF.lastIndex = 0;
  return match?.[1] ?? null;
}

function schemaLink(fragment: unknown): string {
  const name = refName(fragment);
  return name ? `<a href="#schema-${name}">${name}</a>` : schemaBlock(fragment);
}

type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: unknown }> }>;
};

function operationSection(path: string, method: string, operation: Operation): string {
  const parameters = (operation.parameters ?? [])
    .map((parameter) => `<li><code>${escapeHtml(parameter.name)}</code> (${parameter.in}${parameter.required ? ', required' : ''}): <code>${escapeHtml(JSON.stringify(parameter.schema))}</code></li>`)
    .join('');
  const body = operation.requestBody ? Object.values(operation.requestBody.content)[0]?.schema : undefined;
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      if (response.$ref) {
        const name = response.$ref.split('/').pop() ?? '';
        return `<li><span class="status s${status[0]}">${status}</span> <a href="#response-${name}">${name}</a></li>`;
      }
      const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
      const schema = media ? ` ${escapeHtml(contentType ?? '')}: ${schemaLink(media.schema)}` : '';
      return `<li><span class="status s${status[0]}">${status}</span>${schema}</li>`;
    })
    .join('');
  return `<section class="op" id="op-${operation.operationId}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${operation.security.length === 0 ? ' <span class="public">public</span>' : ''}</h3>
  <p>${escapeHtml(operation.summary)}${operation.description ? `<br><em>${escapeHtml(operation.description)}</em>` : ''}</p>
  ${parameters ? `<h4>Parameters</h4><ul>${parameters}</ul>` : ''}
  ${body ? `<h4>Body</h4><p>${schemaLink(body)}</p>` : ''}
  <h4>Responses</h4><ul>${responses}</ul>
</section>`;
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1f2933; background: #f7f8fa; }
main { max-width: 960px; margin: 0 auto; padding: 24px; }
nav ul { columns: 2; padding-left: 18px; }
.op { background: #fff; border: 1px solid #d9dee5; border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
.op h3 { margin: 0 0 4px; font-size: 16px; }
h4 { margin: 8px 0 2px; font-size: 13px; text-transform: uppercase; color: #52606d; }
.method { display: inline-block; min-width: 56px; text-align: center; border-radius: 4px; color: #fff; font-size: 12px; padding: 2px 6px; }
.get { background: #2f80ed; } .post { background: #27ae60; } .put { background: #f2994a; } .patch { background: #9b51e0; } .delete { background: #eb5757; }
.public { font-size: 12px; color: #27ae60; border: 1px solid #27ae60; border-radius: 4px; padding: 0 4px; }
.status { font-weight: 600; } .s2 { color: #27ae60; } .s4 { color: #eb5757; }
pre { background: #f0f2f5; padding: 8px; border-radius: 6px; overflow-x: auto; font-size: 12px; }
a { color: #2f6fdb; }
`;

export function renderReferencePage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
      .map(([method, operation]) => ({ path, method, operation: operation as unknown as Operation })),
  );
  const byTag = document.tags.map(({ name }) => ({
    name,
    operations: operations.filter(({ operation }) => operation.tags.includes(name)),
  }));
  const index = byTag
    .filter(({ operations: list }) => list.length > 0)
    .map(({ name }) => `<li><a href="#tag-${name}">${name}</a></li>`)
    .join('');
  const sections = byTag
    .filter(({ operations: list }) => list.length > 0)
    .map(({ name, operations: list }) => `<h2 id="tag-${name}">${name}</h2>${list.map(({ path, method, operation }) => operationSection(path, method, operation)).join('')}`)
    .join('');
  const errorResponses = Object.entries(document.components.responses)
    .map(([name, response]) => `<section class="op" id="response-${name}"><h3>${name}</h3><p>${escapeHtml(String(response['description']))}</p>${schemaLink((response['content'] as Record<string, { schema: unknown }>)['application/json']?.schema)}</section>`)
    .join('');
  const schemas = Object.entries(document.components.schemas)
    .map(([name, schema]) => `<section class="op" id="schema-${name}"><h3>${name}</h3>${schemaBlock(schema)}</section>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}).</p>
<nav><ul>${index}<li><a href="#errors">errors</a></li><li><a href="#schemas">schemas</a></li></ul></nav>
${sections}
<h2 id="errors">Error responses</h2>
${errorResponses}
<h2 id="schemas">Schemas</h2>
${schemas}
</main>
</body>
</html>
`;
}
