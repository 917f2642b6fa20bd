import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Security headers on every answer (HTML, assets, API JSON and errors), by helmet. Its middleware is
 * built once here and run in an `onRequest` hook: @fastify/helmet built it anew on every request
 * (parsing and checking the whole policy each time, plus a second hook for nonces this app does not
 * use), a fixed cost on every answer (docs/performance.md). The headers are the same.
 * The web app has no inline script (vite emits module files; the service worker is registered from
 * the bundle, not by an injected tag), so scripts come from our origin only. Styles allow inline
 * because React renders `style` attributes. Posters and avatars may come from any https host
 * (TMDB, a linked avatar); trailers are embedded from youtube-nocookie.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const applyHeaders = securityHeaders(options)
  app.addHook('onRequest', (request, reply, done) => {
    // helmet throws rather than passing an error on (since 8.1): its callback only says it is done.
    applyHeaders(request.raw, reply.raw, () => done())
  })
}

/**
 * The headers as a middleware on the raw request and answer: the hook above for every routed
 * request, and the router's own refusals of an address (`frameworkErrors`), which run no hook.
 */
export function securityHeaders(options: { https: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        // Over plain http (npm start on localhost) an upgrade would point every request at a port with no TLS.
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    // YouTube's player refuses to play without knowing the embedding origin; no path or query leaves.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https,
  })
}
