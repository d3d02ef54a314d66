import type { Endpoint } from '@urembo/contract/endpoint';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's definition this route was mounted from (routeOf). */
    endpoint?: Endpoint;
  }
}

type Prop<E, K extends string> = E extends { readonly [P in K]: infer V } ? V : undefined;

/** The JSON answers of a definition, for Fastify's response schemas (the serializer checks each answer). */
type JsonResponses<Rs> = { [S in keyof Rs as Rs[S] extends z.ZodType ? S : never]: Rs[S] };

export interface RouteOfOptions {
  /**
   * The handler reads the body itself instead of Fastify validating it against the definition's schema: a body
   * whose schema depends on a path parameter, or a callback kept as the raw text it arrived as.
   */
  readonly bodyInHandler?: true;
}

type RouteSchema<E, O extends RouteOfOptions> = {
  params: Prop<E, 'params'>;
  querystring: Prop<E, 'query'>;
  body: O extends { bodyInHandler: true } ? undefined : Prop<E, 'body'>;
  response: JsonResponses<Prop<E, 'responses'>>;
};

/**
 * A Fastify route's method, URL and schemas from the endpoint's definition in packages/contract: spread it into
 * `app.route({ ...routeOf(endpoints.getProduct), handler })`, and the handler's params, query, body and answer are
 * typed by the contract (fastify-type-provider-zod). The route remembers its definition (`config.endpoint`): the
 * API's wiring guards it by its `access` (routes.ts) and the OpenAPI document describes it.
 */
export function routeOf<const E extends Endpoint, const O extends RouteOfOptions = Record<never, never>>(
  endpoint: E,
  options?: O,
) {
  const schema: Record<string, unknown> = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body && !options?.bodyInHandler) schema.body = endpoint.body;
  const response: Record<string, z.ZodType> = {};
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    if (answer && !('contentType' in answer)) response[status] = answer;
  }
  if (Object.keys(response).length > 0) schema.response = response;
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as RouteSchema<E, O>,
    config: { endpoint: endpoint as Endpoint },
  };
}
