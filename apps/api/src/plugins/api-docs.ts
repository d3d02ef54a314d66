import type { OpenAPIV3 } from 'openapi-types';
import { API_TAGS, ENDPOINTS } from '@urembo/contract/api';
import { apiDocsEndpoints } from '@urembo/contract/endpoints/api-docs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../lib/endpoint-route';
import { escapeHtml } from '../lib/html';
import { API_PREFIX, buildOpenApiDocument } from '../lib/openapi-document';
import { SESSION_COOKIE } from '../modules/auth';

export { API_PREFIX };

/** The OpenAPI document of every /api/v1 endpoint, from the contract's definitions (lib/openapi-document.ts). */
export function apiDocument(): OpenAPIV3.Document {
  return buildOpenApiDocument(ENDPOINTS, API_TAGS, { sessionCookie: SESSION_COOKIE });
}

type Operation = OpenAPIV3.OperationObject;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

function schemaText(schema: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

/** A response's own object, or the shared one it refers to. */
function responseOf(
  document: OpenAPIV3.Document,
  response: OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject,
) {
  if (!('$ref' in response)) return response;
  return document.components!.responses![response.$ref.split('/').pop()!] as OpenAPIV3.ResponseObject;
}

function operationHtml(
  document: OpenAPIV3.Document,
  method: string,
  path: string,
  operation: Operation,
): string {
  const parameters = (operation.parameters ?? []) as OpenAPIV3.ParameterObject[];
  const body = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content[
    'application/json'
  ];
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${
          p.required ? 'required' : 'optional'
        }</td><td>${escapeHtml(p.description ?? '')}${schemaText(p.schema)}</td></tr>`,
    )
    .join('');
  const answers = Object.entries(operation.responses)
    .map(([status, response]) => {
      const { description, content } = responseOf(document, response);
      const json = content?.['application/json']?.schema;
      const shown = json && !('$ref' in json) ? schemaText(json) : '';
      return `<li><b>${escapeHtml(status)}</b> ${escapeHtml(description)}${shown}</li>`;
    })
    .join('');
  return `<section id="${escapeHtml(operation.operationId ?? `${method}-${path}`)}">
<h2><span class="m">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(API_PREFIX + path)}</code></h2>
<p><b>${escapeHtml(operation.summary ?? '')}</b></p>
${(operation.description ?? '')
  .split('\n\n')
  .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
  .join('\n')}
${rows ? `<table><tr><th>parameter</th><th>in</th><th></th><th>schema</th></tr>${rows}</table>` : ''}
${body ? `<h3>JSON body</h3>${schemaText(body.schema)}` : ''}
<h3>Answers</h3><ul>${answers}</ul>
</section>`;
}

/** A plain reference page of the document (no script: the site's CSP stays as it is). */
export function renderApiDocsPage(document: OpenAPIV3.Document): string {
  const sections = Object.entries(document.paths)
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item?.[m]).map((m) => operationHtml(document, m, path, item![m] as Operation)),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#2b1a21}
section{border-top:1px solid #eadde2;padding:.5rem 0}.m{display:inline-block;min-width:4.5rem;color:#a3385f}
pre{background:#faf5f7;padding:.5rem;overflow:auto;font-size:.8rem}table{border-collapse:collapse;width:100%}
td,th{text-align:left;vertical-align:top;padding:.25rem .5rem}h2{font-size:1rem}h3{font-size:.9rem}</style>
</head><body><h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description ?? '')} Machine-readable: <a href="${API_PREFIX}/openapi.json">${API_PREFIX}/openapi.json</a>.</p>
${sections}
</body></html>`;
}

/** GET /api/v1/openapi.json and GET /api/v1/docs (only when API_DOCS is on: see config.ts). */
export function apiDocsRoutes(): FastifyPluginAsyncZod {
  return async (api) => {
    let built: { document: OpenAPIV3.Document; page: string } | undefined;
    const docs = () => {
      if (!built) {
        const document = apiDocument();
        built = { document, page: renderApiDocsPage(document) };
      }
      return built;
    };
    api.route({
      ...routeOf(apiDocsEndpoints.getOpenApiDocument),
      handler: async (_request, reply) => reply.send(docs().document as unknown as { openapi: string }),
    });
    api.route({
      ...routeOf(apiDocsEndpoints.getApiReference),
      handler: async (_request, reply) => reply.type('text/html; charset=utf-8').send(docs().page),
    });
  };
}
