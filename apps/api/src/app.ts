import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { simulatorIsMounted, type Config, type TrustProxy } from './config';
import type { DbHandle } from './db/database';
import { registerErrorHandling } from './lib/error-handler';
import { KeptAnswerLane } from './lib/kept-answer-lane';
import { registerAnswerLanguage } from './lib/request-language';
import { registerSecurityHeaders } from './lib/security-headers';
import { contractSerializerCompiler } from './lib/serialize';
import { zodValidatorCompiler } from './lib/validate';
import { clientErrorHandler, frameworkErrorHandler } from './lib/framework-errors';
import { LOG_SERIALIZERS } from './lib/log-redaction';
import { registerRequestLog, serverLogger } from './lib/logging';
import { registerMetrics } from './lib/metrics';
import { registerOriginCheck } from './lib/origin-check';
import { registerSessionLoader } from './modules/auth';
import {
  cachesPlugin,
  corePlugin,
  darajaPlugin,
  limiterPlugin,
  messagingPlugin,
} from './plugins/infrastructure';
import { API_PREFIX, apiDocsRoutes } from './plugins/api-docs';
import { servicesPlugin } from './plugins/services';
import { contextOf } from './context';
import { guardByDefinition, pageRenderers, registerApiRoutes, registerSiteRoutes } from './routes';
import { registerWebApp } from './web/static';
import { setPasswordHashCost } from './lib/passwords';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: readonly RegisteredRoute[];
  }
}

export interface AppDeps {
  config: Config;
  database: DbHandle;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Fastify's trustProxy: a hop count n trusts the n addresses nearest the server (the socket and the right-most
 * X-Forwarded-For entries its own proxies wrote), so a client-written left-most entry is never taken.
 */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The JSON body limit for ordinary calls; routes that take images raise their own. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export async function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
  setPasswordHashCost(config.passwordHashCost);
  const loggerOptions = logger ?? serverLogger(config);
  const trustProxy = trustProxyOption(config.trustProxy);
  // Visitors' reads of kept answers are answered in front of Fastify (lib/kept-answer-lane.ts).
  const keptAnswers = new KeptAnswerLane();
  const app = Fastify({
    serverFactory: keptAnswers.serverFactory,
    logger:
      loggerOptions && typeof loggerOptions === 'object'
        ? { serializers: LOG_SERIALIZERS, ...loggerOptions }
        : loggerOptions,
    // registerRequestLog writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });

  // Every route the app serves, as registered (the guard test and the API docs test read it).
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
    }
  });

  // Routes declare their params, query, body and answers with the contract's Zod schemas (lib/validate.ts,
  // lib/serialize.ts).
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler(config.nodeEnv !== 'production', app.log));

  // Only JSON bodies are accepted: anything else answers 415.
  app.removeContentTypeParser('text/plain');
  registerRequestLog(app);
  const tally = registerMetrics(app, config.metricsToken, { db: database.db, poolStats: database.poolStats });
  keptAnswers.open(app, { tally, trustProxy });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // react-hot-toast and small dynamic layouts set style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Headers no browser the shop serves still reads (decision 022): X-Frame-Options (CSP frame-ancestors above
    // replaces it), X-XSS-Protection (the auditor it switches off is gone), X-Download-Options (Internet Explorer 8),
    // X-Permitted-Cross-Domain-Policies (Flash and Acrobat), X-DNS-Prefetch-Control (the pages link to no other
    // host) and Origin-Agent-Cluster (it only stops a page from setting document.domain, which the shop never
    // does). Each is a line every answer carries and every client parses.
    xFrameOptions: false,
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Brotli's default 4 MB window costs megabytes per concurrent answer; our answers are a few KB, so a 256 KB
    // window compresses them as well and keeps 100 shoppers inside the memory budget.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
    zlibOptions: { memLevel: 7 },
  });
  await app.register(cookie, { secret: config.sessionSecret });

  registerErrorHandling(app);
  registerOriginCheck(app, config);
  registerSessionLoader(app, database.db, config);

  // Infrastructure and services: built once here, each by its plugin, handed to every feature.
  await app.register(corePlugin, { config, database });
  await app.register(cachesPlugin);
  await app.register(messagingPlugin);
  await app.register(limiterPlugin);
  await app.register(darajaPlugin);
  await app.register(servicesPlugin);
  const ctx = contextOf(app);
  await app.register(
    async (api) => {
      api.addHook('onRoute', guardByDefinition);
      registerAnswerLanguage(api);
      if (config.apiDocs) await api.register(apiDocsRoutes());
      await registerApiRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );

  // The demo's Daraja simulator and its /dev/phone page: only without Daraja credentials, never in production. It is
  // demo code (src/dev/), loaded here only then, so a real shop's process never holds it.
  if (simulatorIsMounted(config)) {
    const { darajaSimulator } = await import('./dev/daraja-simulator/daraja-simulator');
    await app.register(darajaSimulator(config, database.db));
  }

  await registerSiteRoutes(app, ctx);
  await registerWebApp(app, config, pageRenderers(ctx), ctx.caches.pages);
  return app;
}
