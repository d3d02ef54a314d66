import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { apiDocsEndpoints } from '@urembo/contract/endpoints/api-docs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../lib/endpoint-route';
import { escapeHtml } from '../lib/html';

export const API_PREFIX = '/api/v1';

/**
 * The OpenAPI document of every /api/v1 route, built by @fastify/swagger from the routes' Zod schemas (the
 * contract's). Registered before the routes so it sees each one; everything outside /api/v1 (the web app's pages,
 * the demo's Daraja simulator, sitemaps) is left out.
 */
export const apiDocsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Urembo shop API',
          version: '1',
          description:
            'The HTTP contract of the Urembo shop. Every failure answers `{ "error": "…", "details"?: [{ "path", "message" }] }`.',
        },
        servers: [{ url: app.config.publicUrl }],
      },
      transform: (document) =>
        document.url.startsWith(`${API_PREFIX}/`)
          ? jsonSchemaTransform(document)
          : { schema: { hide: true }, url: document.url },
    });
  },
  { name: 'api-docs', dependencies: ['core'] },
);

type Operation = OpenAPIV3.OperationObject;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

function schemaText(schema: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

function operationHtml(method: string, path: string, operation: Operation): string {
  const parameters = (operation.parameters ?? []) as OpenAPIV3.ParameterObject[];
  const body = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content[
    'application/json'
  ];
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${
          p.required ? 'required' : 'optional'
        }</td><td>${schemaText(p.schema)}</td></tr>`,
    )
    .join('');
  return `<section id="${escapeHtml(`${method}-${path}`)}">
<h2><span class="m">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h2>
${rows ? `<table><tr><th>parameter</th><th>in</th><th></th><th>schema</th></tr>${rows}</table>` : ''}
${body ? `<h3>JSON body</h3>${schemaText(body.schema)}` : ''}
</section>`;
}

/** A plain reference page of the document (no script: the site's CSP stays as it is). */
export function renderApiDocsPage(document: OpenAPIV3.Document): string {
  const sections = Object.entries(document.paths)
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item?.[m]).map((m) => operationHtml(m, path, item![m] as Operation)),
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
export function apiDocsRoutes(root: FastifyInstance): FastifyPluginAsyncZod {
  return async (api) => {
    const document = () => root.swagger() as OpenAPIV3.Document;
    api.route({
      ...routeOf(apiDocsEndpoints.getOpenApiDocument),
      handler: async (_request, reply) => reply.send(document() as unknown as { openapi: string }),
    });
    api.route({
      ...routeOf(apiDocsEndpoints.getApiReference),
      handler: async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(renderApiDocsPage(document())),
    });
  };
}
