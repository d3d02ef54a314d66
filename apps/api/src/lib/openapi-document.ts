import type { Endpoint, ErrorStatus } from '@urembo/contract/endpoint';
import { apiErrorSchema } from '@urembo/contract/common';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';

/*
 * The OpenAPI document, built from the endpoints' definitions in packages/contract (and from nothing else): every
 * operation's parameters, request body and answers (successes from the definition, failures in the shared
 * `{ error }` form: the definition's own plus those every endpoint of its kind can give), who may call it (a
 * security requirement from its `access`), the headers it reads and sets. A new definition is documented by itself;
 * the tests lint this document and check every answer the API gives in them against it.
 */

export const API_PREFIX = '/api/v1';

export interface OpenApiGroup {
  /** The feature (the document's tag). */
  readonly group: string;
  readonly endpoint: Endpoint;
}

export interface OpenApiTag {
  readonly name: string;
  readonly description?: string;
}

export interface OpenApiOptions {
  /** The session cookie's name (the security schemes'). */
  readonly sessionCookie: string;
}

/** The two security schemes: the same session cookie, of any account or of a shop admin. */
export const SECURITY_SCHEMES = { customer: 'session', admin: 'adminSession' } as const;

/** Each error status's name in components/responses and what it means, in general. */
export const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The input is not valid (the message says what to fix)' },
  401: { name: 'Unauthorized', description: 'Not signed in, or the credentials are wrong' },
  403: { name: 'Forbidden', description: 'Signed in, but not allowed to do this (or a cross-site write)' },
  404: { name: 'NotFound', description: 'Not found (or not the caller’s to see)' },
  409: { name: 'Conflict', description: 'Not possible in the current state (the message says why)' },
  413: { name: 'PayloadTooLarge', description: 'The request body is too large' },
  415: { name: 'UnsupportedMediaType', description: 'The request body is not JSON' },
  429: { name: 'TooManyRequests', description: 'Too many attempts: try again after Retry-After seconds' },
  500: { name: 'InternalError', description: 'Something went wrong on the server (nothing of it is shown)' },
  502: { name: 'BadGateway', description: 'A service the shop relies on (M-Pesa, SMS) refused the request' },
  503: {
    name: 'ServiceUnavailable',
    description:
      'The shop or a service it relies on does not answer now: try again after Retry-After seconds',
  },
};

const RETRY_AFTER: OpenAPIV3.HeaderObject = {
  description: 'Seconds to wait before trying again',
  schema: { type: 'integer' },
};

/** Methods whose body the server reads as JSON (a malformed, too large or non-JSON one fails before the handler). */
const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/**
 * The statuses an endpoint can fail with in the shared `{ error }` form: its definition's `errors`, and those every
 * endpoint of its kind gives (the same rules as EndpointSpec.errors says).
 */
export function errorStatusesOf(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers) statuses.add(400);
  if (BODY_METHODS.has(endpoint.method)) {
    for (const status of [400, 403, 413, 415] as const) statuses.add(status);
  }
  if (endpoint.access !== 'public') statuses.add(401);
  if (endpoint.access === 'admin') statuses.add(403);
  statuses.add(500);
  statuses.add(503);
  // An answer of another shape the definition gives for a status (Daraja's 400, the health check's 503) wins.
  return [...statuses].filter((status) => !(status in endpoint.responses)).sort((a, b) => a - b);
}

type Io = 'input' | 'output';

/** A zod schema as an OpenAPI 3.0 schema object, as it is read (`input`) or as it is answered (`output`). */
export function schemaOf(schema: z.ZodType, io: Io): OpenAPIV3.SchemaObject {
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const node = ctx.jsonSchema as Record<string, unknown>;
      // A date is answered as its ISO text.
      if (ctx.zodSchema._zod.def.type === 'date' && io === 'output') {
        node.type = 'string';
        node.format = 'date-time';
      }
      // In OpenAPI 3.0 `nullable` does not widen an `enum`: null must be one of its values.
      if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) {
        node.enum = [...node.enum, null];
      }
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return json as OpenAPIV3.SchemaObject;
}

/** `idempotency-key` → `Idempotency-Key`. */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** One parameter per property of an object schema, `in` the path, query or headers. */
function parametersOf(
  schema: z.ZodObject | undefined,
  where: 'path' | 'query' | 'header',
): OpenAPIV3.ParameterObject[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input');
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as OpenAPIV3.SchemaObject;
    return {
      name: where === 'header' ? headerName(name) : name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

/** `/order/:id/cancel` → `/order/{id}/cancel` (after the server's /api/v1). */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function securityOf(endpoint: Endpoint): OpenAPIV3.SecurityRequirementObject[] {
  if (endpoint.access === 'admin') return [{ [SECURITY_SCHEMES.admin]: [] }];
  if (endpoint.access === 'customer') return [{ [SECURITY_SCHEMES.customer]: [] }];
  // A public route that reads the session when one is sent: anonymous, or signed in.
  if (endpoint.readsSession) return [{}, { [SECURITY_SCHEMES.customer]: [] }];
  return [];
}

const WHO: Record<Endpoint['access'], string> = {
  public: 'Anyone may call it.',
  customer: 'A signed-in account (a customer or an admin).',
  admin: 'A shop admin.',
};

const SUCCESS: Record<string, string> = { '200': 'Done', '201': 'Created' };

function successOf(endpoint: Endpoint, status: string): OpenAPIV3.ResponseObject {
  const answer = endpoint.responses[Number(status) as keyof Endpoint['responses']]!;
  const headers: Record<string, OpenAPIV3.HeaderObject> = {};
  const ok = status.startsWith('2');
  if (ok && endpoint.etag) {
    headers.ETag = {
      description: 'Send it back as If-None-Match to get 304 while it holds',
      schema: { type: 'string' },
    };
  }
  if (ok && endpoint.sessionCookie) {
    headers['Set-Cookie'] = {
      description:
        endpoint.sessionCookie === 'sets'
          ? 'The session cookie (HttpOnly, SameSite=Lax)'
          : 'Clears the session cookie',
      schema: { type: 'string' },
    };
  }
  if (status === '503') headers['Retry-After'] = RETRY_AFTER;
  const withHeaders = Object.keys(headers).length > 0 ? { headers } : {};
  if ('contentType' in answer) {
    return {
      description: answer.description,
      ...withHeaders,
      ...(answer.contentType
        ? { content: { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } } }
        : {}),
    };
  }
  const schema = schemaOf(answer, 'output');
  return {
    description: schema.description ?? SUCCESS[status] ?? 'Refused',
    ...withHeaders,
    content: { 'application/json': { schema } },
  };
}

function operationOf(group: string, endpoint: Endpoint): OpenAPIV3.OperationObject {
  const parameters = [
    ...parametersOf(endpoint.params, 'path'),
    ...parametersOf(endpoint.query, 'query'),
    ...parametersOf(endpoint.headers, 'header'),
  ];
  if (endpoint.etag) {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of an earlier answer: 304 without a body while it still holds',
      schema: { type: 'string' },
    });
  }
  const responses: OpenAPIV3.ResponsesObject = {};
  for (const status of Object.keys(endpoint.responses).sort())
    responses[status] = successOf(endpoint, status);
  if (endpoint.etag) responses['304'] = { description: 'Not modified: the ETag sent still holds' };
  for (const status of errorStatusesOf(endpoint)) {
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  const operation: OpenAPIV3.OperationObject = {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: [endpoint.description, WHO[endpoint.access]].filter(Boolean).join('\n\n'),
    tags: [group],
    security: securityOf(endpoint),
    ...(parameters.length > 0 ? { parameters } : {}),
    responses,
  };
  if (endpoint.body) {
    const accepts = !z.safeParse(endpoint.body, undefined).error;
    operation.requestBody = {
      required: !accepts,
      content: { 'application/json': { schema: schemaOf(endpoint.body, 'input') } },
    };
  }
  return operation;
}

/** The whole OpenAPI 3.0 document of the endpoints (every /api/v1 endpoint: @urembo/contract/api ENDPOINTS). */
export function buildOpenApiDocument(
  endpoints: readonly OpenApiGroup[],
  groups: readonly OpenApiTag[],
  options: OpenApiOptions,
): OpenAPIV3.Document {
  const paths: OpenAPIV3.PathsObject = {};
  for (const { group, endpoint } of endpoints) {
    const path = openApiPath(endpoint.path);
    const item = (paths[path] ??= {});
    const method = endpoint.method.toLowerCase() as OpenAPIV3.HttpMethods;
    if (item[method]) throw new Error(`${endpoint.method} ${path} is defined twice`);
    item[method] = operationOf(group, endpoint);
  }
  const responses: Record<string, OpenAPIV3.ResponseObject> = {};
  for (const { name, description } of Object.values(ERROR_RESPONSES)) {
    responses[name] = {
      description,
      ...(name === 'TooManyRequests' || name === 'ServiceUnavailable'
        ? { headers: { 'Retry-After': RETRY_AFTER } }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const used = new Set(endpoints.map((e) => e.group));
  const tags = groups.filter((g) => used.has(g.name)).map((g) => ({ ...g }));
  const cookie = options.sessionCookie;
  return {
    openapi: '3.0.3',
    info: {
      title: 'Urembo shop API',
      version: '1',
      description:
        'The HTTP API of the Urembo shop: the storefront, the admin and M-Pesa callbacks. JSON in and out; every ' +
        'failure answers `{ "error": "…", "details"?: [{ "path", "message" }] }` (the Error schema). A signed-in ' +
        `caller sends the \`${cookie}\` cookie that signing in sets; a write whose Origin names another site is ` +
        'refused (403).',
    },
    // Relative: the API is where this document is served from, under /api/v1.
    servers: [{ url: API_PREFIX, description: 'This shop' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEMES.customer]: {
          type: 'apiKey',
          in: 'cookie',
          name: cookie,
          description: 'The session cookie of any signed-in account (set by signing up or in).',
        },
        [SECURITY_SCHEMES.admin]: {
          type: 'apiKey',
          in: 'cookie',
          name: cookie,
          description:
            'The session cookie of a shop admin. Signed out → 401; a customer’s session → 403 "Only shop admins can do that".',
        },
      },
      schemas: { Error: schemaOf(apiErrorSchema, 'output') },
      responses,
    },
  };
}
