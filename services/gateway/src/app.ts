import { randomUUID } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySession from '@fastify/session'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readableIssueMessage } from '@reelmates/contracts/readableIssues'
import { accountRoutes } from './account/routes'
import { catalogRoutes } from './catalog/routes'
import { catalogCacheRoutes } from './catalog/cacheRoutes'
import { healthRoute } from './http/healthRoute'
import { friendsRoutes } from './friends/routes'
import { registerCompression } from './http/compression'
import { emailTemplateRoutes } from './admin/emailTemplateRoutes'
import { testDigestRoutes } from './admin/testDigestRoutes'
import { schedulerFailureRoutes } from './admin/schedulerFailureRoutes'
import { feedApiRoutes } from './feed/routes'
import { registerCsrf } from './http/csrf'
import { campaignReportRoutes } from './campaigns/campaignReportRoutes'
import { campaignRoutes } from './campaigns/campaignRoutes'
import { sendHistoryRoutes } from './campaigns/sendHistoryRoutes'
import { unsubscribeRoutes } from './campaigns/unsubscribeRoutes'
import { frameworkErrors, registerErrorHandling } from './http/errors'
import { registerTypedText } from './http/typedText'
import { documentingRefusals } from './http/documentedRefusals'
import { registerReadYourWrites } from './http/readYourWrites'
import { registerRequestLog } from './http/requestLog'
import { registerIdempotency } from './http/idempotency'
import { waitAndTryAgain } from './http/memberRateLimit'
import { normaliseRequestTarget } from './http/requestTarget'
import { registerSecurityHeaders, securityHeaders } from './http/securityHeaders'
import { registerSessionRenewal, sessionLife } from './http/sessionRenewal'
import { rememberingSigner } from './http/sessionSigner'
import { requireAdmin } from './http/auth'
import type { Platform } from './platform'
import { registerOpenPages } from './web/openPages'
import { registerStaticWeb } from './web/staticWeb'
import { providerPageExists } from './web/providerPages'
import { titlePageExists } from './web/titlePages'
import { memberPageExists, newsCategoryPageExists } from './web/memberPages'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { blogQueries } from '@reelmates/projections/blog/blogQueries'
import { libraryRoutes } from './library/libraryRoutes'
import { watchedRoutes } from './library/watchedRoutes'
import { watchlistRoutes } from './library/watchlistRoutes'
import { recommendationRoutes } from './recommendations/recommendationRoutes'
import { recommendationLinkRoutes } from './recommendations/recommendationLinkRoutes'
import { TurnsPerKey } from './http/turnsPerKey'
import { registerSignedInAs } from './http/signedInAs'
import { userManagementRoutes } from './admin/userManagementRoutes'
import { blogAdminRoutes } from './blog/blogAdminRoutes'
import { newsRoutes } from './blog/newsRoutes'
import { newsPages } from './blog/newsPages'
import { notificationsRoutes } from './notifications/routes'
import { eventHistoryRoutes } from './eventHistory/routes'
import { projectionsAdminRoutes } from './projectionsAdmin/routes'
import { analyticsRoutes } from './analytics/routes'

export interface AppOptions {
  /** Tests pass false to keep their output clean; the server logs JSON through pino. */
  logger?: boolean
}

/** The gateway: one fastify app serving the /api contract and the built web app. */
export async function buildApp(platform: Platform, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = platform
  // A refusal no schema words itself is answered in plain words naming the field (contracts/readableIssues.ts).
  z.config({ customError: readableIssueMessage })
  const logger: FastifyBaseLogger = platform.logger
  const routerRefusalHeaders = securityHeaders({ https: config.secureCookies })
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : { loggerInstance: logger }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    rewriteUrl: normaliseRequestTarget,
    // A request's id is the correlation id of every event it causes, kept for good in the log and
    // searched by the admin's event history: fastify's own counter starts again at req-1 with every
    // process, so ids of different runs would collide.
    genReqId: () => randomUUID(),
    // A path parameter may be as long as the contracts allow (a blog slug: 120 characters); fastify's
    // default of 100 answered 414 for a post the admin had just published. Under `routerOptions`: the
    // top-level option warns that it is deprecated on every start.
    routerOptions: { maxParamLength: 200 },
    // The router's refusals of an address, answered in the shape of every other refusal (errors.ts),
    // with the security headers every answer has: no hook runs for them.
    frameworkErrors: (error, request, reply) =>
      routerRefusalHeaders(request.raw, reply.raw, () => frameworkErrors(error, request, reply)),
    // One line per request instead of two (registerRequestLog). Through the log controller: the
    // top-level option warns that it is deprecated on every start.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>()

  app.decorate('platform', platform)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerTypedText(app)
  registerRequestLog(app)
  registerSecurityHeaders(app, { https: config.secureCookies })
  await registerCompression(app)

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Reelmates API', version: '1.0.0', description: 'The /api contract of Reelmates.' },
      components: { securitySchemes: { csrf: { type: 'apiKey', in: 'header', name: 'CSRF-Token' } } },
    },
    transform: documentingRefusals(),
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  await app.register(fastifyCookie)
  // Health and the catalog's reads never look at the session. They are served outside the context
  // that loads it, so a probe or a search keystroke skips the session store, the cookie's HMAC and
  // the session object (docs/performance.md). They change nothing, so CSRF and idempotency have
  // nothing to guard there; health still waits for an X-Min-Position like any read.
  await app.register(async (open) => {
    registerReadYourWrites(open)
    await open.register(healthRoute, { platform })
    await open.register(catalogRoutes, { prefix: '/api', catalog: platform.catalog })
  })

  // Everything else: the session, and the guards of state-changing and read-your-writes requests.
  await app.register(async (members) => {
    await members.register(fastifySession, {
      secret: rememberingSigner(config.sessionSecret),
      cookieName: 'reelmates.sid',
      store: platform.sessions,
      saveUninitialized: false,
      // Renewed once a day by registerSessionRenewal instead of written on every request.
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        // Only API calls carry the session. With '/', the service worker's precache fetches (sent with the
        // cookie of the moment) answered after a sign-in with a clearing Set-Cookie (the session plugin
        // clears a cookie whose session it does not know), signing the browser straight out again.
        path: '/api',
        maxAge: sessionLife.lifetimeMs,
      },
    })
    await members.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        error: 'Too Many Requests',
        message: `Too many attempts. ${waitAndTryAgain(context.ttl)}`,
      }),
    })
    registerSessionRenewal(members, sessionLife)
    await registerCsrf(members)
    registerSignedInAs(members)
    registerReadYourWrites(members)
    registerIdempotency(members)

    await members.register(accountRoutes, { prefix: '/api', platform })
    await members.register(catalogCacheRoutes, { prefix: '/api', catalog: platform.catalog, requireAdmin })
    await members.register(watchlistRoutes, { prefix: '/api', platform })
    await members.register(watchedRoutes, { prefix: '/api', platform })
    await members.register(libraryRoutes, { prefix: '/api', platform })
    // Invitations and recommendations by email share the limit on new addresses, so they take turns together.
    const addressMailing = new TurnsPerKey()
    await members.register(friendsRoutes, { prefix: '/api', platform, addressMailing })
    await members.register(recommendationRoutes, { prefix: '/api', platform, addressMailing })
    await members.register(recommendationLinkRoutes, { prefix: '/api', platform })
    await members.register(userManagementRoutes, { prefix: '/api', platform })
    await members.register(blogAdminRoutes, { prefix: '/api', platform })
    await members.register(newsRoutes, { prefix: '/api', platform })
    await members.register(newsPages, { platform })
    await members.register(notificationsRoutes, { prefix: '/api', platform })
    await members.register(emailTemplateRoutes, { prefix: '/api', platform })
    await members.register(testDigestRoutes, { prefix: '/api', platform })
    await members.register(schedulerFailureRoutes, { prefix: '/api', platform })
    await members.register(eventHistoryRoutes, { prefix: '/api', platform })
    await members.register(projectionsAdminRoutes, { prefix: '/api', platform })
    await members.register(analyticsRoutes, { prefix: '/api', platform })
    await members.register(feedApiRoutes, { prefix: '/api', platform })
    await members.register(campaignRoutes, { prefix: '/api', platform })
    await members.register(campaignReportRoutes, { prefix: '/api', platform })
    await members.register(sendHistoryRoutes, { prefix: '/api', platform })
    await members.register(unsubscribeRoutes, { prefix: '/api', platform })
  })

  registerOpenPages(app, config.publicUrl)
  await registerStaticWeb(app, config.webDist, [
    titlePageExists(platform.catalog),
    providerPageExists,
    memberPageExists(userQueries(platform.readStore)),
    newsCategoryPageExists(blogQueries(platform.readStore)),
  ])
  return app
}
