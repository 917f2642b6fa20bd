import type { IncomingMessage } from 'node:http'

const absoluteForm = /^[a-z][a-z0-9+.-]*:\/\//i

/**
 * Fastify's `rewriteUrl`: runs before routing and before every hook. A request target in absolute form
 * (`POST http://host/api/register`, which HTTP/1.1 servers must accept) becomes its origin form
 * (`/api/register?…`), so every hook that looks at the path (the session cookie's `/api` path, the CSRF
 * check, the log redaction) sees the path the router matched. Anything else that does not start with
 * one `/` (`*`, `//x`, `api/x`) is left alone and finds no route.
 */
export function normaliseRequestTarget(request: IncomingMessage): string {
  const target = request.url ?? '/'
  if (target.startsWith('/') || !absoluteForm.test(target)) return target
  try {
    const url = new URL(target)
    return `${url.pathname}${url.search}`
  } catch {
    // Not a URL after all: no route will match it, and the not-found handler answers.
    return target
  }
}
