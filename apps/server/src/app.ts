import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE } from '@starhold/contract';
import serverPackage from '../package.json' with { type: 'json' };
import type { AppContext, AppInstance } from './context.js';
import { DomainError, errorBody } from './errors.js';
import { errorHandler } from './http/error-handler.js';
import { createSerializerCompiler } from './http/serializer.js';
import { mutationGuard } from './http/guards.js';
import {
  apiSecurityHeaders,
  applyHeaders,
  docsContentSecurityPolicy,
  headersHook,
  pageSecurityHeaders,
} from './http/security-headers.js';
import { isApiRequest, isPageRequest, webAppFileDirectories, webAppStaticOptions } from './http/web-app.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { ACCESS_COOKIE, authRoutes, createAuthService } from './modules/auth/index.js';
import { commandantsRoutes } from './modules/commandants/index.js';
import { fleetsRoutes } from './modules/fleets/index.js';
import { goalsRoutes } from './modules/goals/index.js';
import { constructionsRoutes } from './modules/constructions/index.js';
import { emailsRoutes } from './modules/emails/index.js';
import { createInProcessBus, eventsRoutes, type StreamRegistry } from './modules/events/index.js';
import { healthRoutes, readyRoutes, type SchedulerProgress } from './modules/health/index.js';
import { listsRoutes } from './modules/lists/index.js';
import { meRoutes } from './modules/me/index.js';
import { installMetrics } from './modules/metrics/index.js';
import type { LogRestartStats, PoolStats } from './db/database.js';
import type { GroupCommitStats } from './db/sqlite-group-commit.js';
import { planetsRoutes } from './modules/planets/index.js';
import { createSystemsService, systemsRoutes } from './modules/systems/index.js';
import { searchRoutes } from './modules/search/index.js';

export const API_PREFIX = '/api/v1';
export const VERSION: string = serverPackage.version;

export interface AppDeps extends AppContext {
  /** Largest accepted request body in bytes (413 beyond). */
  bodyLimit?: number;
  /** Requests per address and window over the whole server (429 beyond). */
  rateLimit?: { max: number; windowMs: number };
  /** Interval of the event streams' heartbeat and session re-check (tests shorten it). */
  eventsHeartbeatMs?: number;
  /** This process's scheduler, for GET /ready (main.ts); absent: no scheduler here. */
  schedulerProgress?: SchedulerProgress;
  /** The PostgreSQL pool's use, for /metrics. */
  poolStats?: () => PoolStats;
  /** SQLite's write groups, for /metrics. */
  writeGroups?: () => GroupCommitStats;
  logRestarts?: () => LogRestartStats;
}

/** The error catalogue in the OpenAPI document: one stable code per key. */
function errorCatalogueDescription(): string {
  const rows = Object.entries(ERROR_CATALOGUE).map(
    ([key, entry]) => `| ${entry.code} | ${entry.status} | ${key} | ${entry.en} |`,
  );
  return [
    'Success bodies are `{ data }`; errors are `{ message, code, i18n_comment }` (plus `fields` on validation errors).',
    '',
    '| code | status | i18n_comment | message |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

const DEFAULT_BODY_LIMIT = 32 * 1024;
const DEFAULT_RATE_LIMIT = { max: 600, windowMs: 60_000 };

function readPage(webDist: string): string | undefined {
  try {
    return readFileSync(join(webDist, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
}

export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const { config } = deps;
  const events = deps.events ?? createInProcessBus();
  const ctx: AppContext = {
    config,
    db: deps.db,
    dialect: deps.dialect,
    clock: deps.clock,
    random: deps.random,
    events,
  };
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: deps.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: config.verifyResponses ?? false }));
  app.setErrorHandler(errorHandler);
  app.decorateRequest('auth', null);
  // Before every route, so that its onResponse hook counts them all (decision 222).
  if (config.metricsToken !== undefined) {
    installMetrics(app, {
      token: config.metricsToken,
      ctx,
      poolStats: deps.poolStats,
      writeGroups: deps.writeGroups,
      logRestarts: deps.logRestarts,
    });
  }

  // Calls without payload (refresh, logout, cancel) send the JSON header with an empty body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  const hasWeb = existsSync(config.webDist);
  const pageHtml = hasWeb ? readPage(config.webDist) : undefined;
  const pageHeaders = pageSecurityHeaders({
    secure: config.cookieSecure,
    ...(pageHtml === undefined ? {} : { pageHtml }),
  });
  const apiHeaders = apiSecurityHeaders({ secure: config.cookieSecure });
  const setPageHeaders = headersHook(pageHeaders);
  const setApiHeaders = headersHook(apiHeaders);
  // Each route gets its header list when it is registered, so no request decides which applies:
  // the API's scope and the docs' scope have their own hooks (below), every other route (the web
  // app's files) gets the page's as a route hook.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [setPageHeaders] : [setPageHeaders, ...[own].flat()];
  });

  const rate = deps.rateLimit ?? DEFAULT_RATE_LIMIT;
  await app.register(rateLimit, {
    // Not on every route: the API scope and the docs install it as their first hook (below), so a
    // request is limited by the route it matched, never by a prefix test of the URL as sent (the
    // router decodes `/%61pi/v1/me` to the API route), and before the session check of a route.
    // The web app's own files (a first visit loads dozens of chunks and pictures) are not API calls.
    global: false,
    max: rate.max,
    timeWindow: rate.windowMs,
    errorResponseBuilder: () => new DomainError('TOO_MANY_REQUESTS'),
  });
  const limitRate = app.rateLimit();
  await app.register(cookie);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Starhold API', version: VERSION, description: errorCatalogueDescription() },
      servers: [],
      components: {
        securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    docs.addHook('onRequest', setPageHeaders);
    docs.addHook('onRequest', limitRate);
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: docsContentSecurityPolicy,
    });
  });

  const auth = createAuthService(ctx);
  const systems = createSystemsService(ctx);
  let streams: StreamRegistry | undefined;
  // Open event streams never end by themselves: end them before the server waits for connections.
  app.addHook('preClose', (done) => {
    streams?.closeAll();
    done();
  });

  await app.register(
    async (api) => {
      const scope = api.withTypeProvider<ZodTypeProvider>();
      scope.addHook('onRequest', setApiHeaders);
      scope.addHook('onRequest', limitRate);
      scope.addHook('onRequest', mutationGuard(config.allowedOrigins));
      healthRoutes(scope, VERSION);
      readyRoutes(scope, ctx, deps.schedulerProgress);
      listsRoutes(scope);
      authRoutes(scope, ctx, auth);

      await scope.register((protectedApi, _options, registered) => {
        const session = protectedApi.withTypeProvider<ZodTypeProvider>();
        session.addHook('onRequest', async (request) => {
          request.auth = await auth.authenticate(request.cookies[ACCESS_COOKIE]);
        });
        meRoutes(session, ctx);
        planetsRoutes(session, ctx);
        constructionsRoutes(session, ctx);
        systemsRoutes(session, systems);
        emailsRoutes(session, ctx);
        accountsRoutes(session, ctx);
        searchRoutes(session, ctx);
        commandantsRoutes(session, ctx);
        fleetsRoutes(session, ctx);
        goalsRoutes(session, ctx);
        adminRoutes(session, ctx);
        streams = eventsRoutes(session, events, {
          ...(deps.eventsHeartbeatMs !== undefined ? { heartbeatMs: deps.eventsHeartbeatMs } : {}),
          maxPerAccount: config.eventStreamsPerAccount,
          maxPerAddress: config.eventStreamsPerAddress,
          // Expiry ends an open stream within one heartbeat; revocation and suspension at once (decision 243).
          stillValid: async (request) => {
            try {
              await auth.authenticate(request.cookies[ACCESS_COOKIE]);
              return true;
            } catch {
              return false;
            }
          },
        });
        registered();
      });
    },
    { prefix: API_PREFIX },
  );

  const webFileDirectories = hasWeb ? webAppFileDirectories(config.webDist) : new Set<string>();
  if (hasWeb) {
    await app.register(fastifyStatic, webAppStaticOptions(config.webDist));
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request.url)) {
      // An unknown API path may have reached the web app's wildcard route first, which set the page's.
      for (const [name] of pageHeaders) reply.removeHeader(name);
      applyHeaders(reply, apiHeaders);
    } else {
      applyHeaders(reply, pageHeaders);
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && isRead && isPageRequest(request.url, webFileDirectories)) {
      // Client-side routes (/systems/12, /profile) all boot from the same page (no-cache, compressed).
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(errorBody('NOT_FOUND'));
  });

  return app;
}
