import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import lightMyRequest from 'light-my-request'
import { isActingRead } from '@reelmates/contracts/actingReads'
import { loadConfig } from '@reelmates/infra/config'
import { buildApp } from '../app'
import { openPlatform, type PlatformOverrides } from '../composition'
import type { Platform } from '../platform'

export interface TestApp {
  app: FastifyInstance
  platform: Platform
  dataDir: string
  close: () => Promise<void>
}

/**
 * The real composition on the embedded column, in a fresh temporary data directory.
 * Auth rate limits are generous unless a test sets AUTH_RATE_LIMIT_MAX to check them.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; dataDir?: string } & PlatformOverrides = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'reelmates-test-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web-dist'),
    AUTH_RATE_LIMIT_MAX: '10000',
    // Hashes a thirty-second as costly as production's (every test signs people up and in), which the
    // configuration takes only in tests: a test of another NODE_ENV gets production's.
    ...(!options.env?.NODE_ENV || options.env.NODE_ENV === 'test' ? { PASSWORD_HASH_COST: '10' } : {}),
    ...options.env,
  })
  const { env: _env, dataDir: _dataDir, ...overrides } = options
  const platform = await openPlatform(config, overrides)
  const app = await buildApp(platform, { logger: Boolean(options.logDestination) })
  await app.ready()
  return {
    app,
    platform,
    dataDir,
    async close() {
      await app.close()
      await platform.close()
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface AgentRequestOptions {
  body?: unknown
  headers?: Record<string, string>
  /** false sends a state-changing request (or a GET that acts) without the CSRF token. */
  csrf?: boolean
}

/**
 * A browser-like client over `app.inject`: keeps the cookies it is given and, like the web app,
 * fetches a CSRF token once and sends it on every state-changing request.
 */
export function agent(app: FastifyInstance) {
  const cookies = new Map<string, string>()
  let csrfToken: string | undefined
  let lastPosition: string | undefined

  async function request(
    method: Method,
    url: string,
    options: AgentRequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const stateChanging = method !== 'GET'
    // As the web app does: state-changing requests and the GETs that act carry the token.
    const sendsCsrf = (stateChanging || isActingRead(url.split('?')[0] ?? url)) && options.csrf !== false
    if (sendsCsrf && csrfToken === undefined) {
      const answer = await request('GET', '/api/csrf-token')
      csrfToken = answer.json<{ csrfToken: string }>().csrfToken
    }
    const headers: Record<string, string> = { ...options.headers }
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    if (sendsCsrf && csrfToken) headers['csrf-token'] = csrfToken
    if (!stateChanging && lastPosition && !('x-min-position' in headers)) headers['x-min-position'] = lastPosition
    const inject: InjectOptions = { method, url, headers }
    if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload']
    const response = await app.inject(inject)
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) cookies.delete(cookie.name)
      else cookies.set(cookie.name, cookie.value)
    }
    if (stateChanging && response.statusCode < 300 && String(response.headers['content-type']).includes('json')) {
      const body: unknown = response.json()
      if (body && typeof body === 'object' && 'position' in body && typeof body.position === 'string') {
        lastPosition = body.position
      }
    }
    return response
  }

  return {
    request,
    get: (url: string, options?: AgentRequestOptions) => request('GET', url, options),
    post: (url: string, body?: unknown, options?: AgentRequestOptions) => request('POST', url, { ...options, body }),
    put: (url: string, body?: unknown, options?: AgentRequestOptions) => request('PUT', url, { ...options, body }),
    patch: (url: string, body?: unknown, options?: AgentRequestOptions) => request('PATCH', url, { ...options, body }),
    delete: (url: string, body?: unknown, options?: AgentRequestOptions) =>
      request('DELETE', url, { ...options, body }),
    cookies,
    /** Forgets the CSRF token, as a new page load would. */
    resetCsrf: () => (csrfToken = undefined),
  }
}

export type Agent = ReturnType<typeof agent>

/**
 * `app.inject` with the request target exactly as given: light-my-request turns every URL into its
 * path, so an absolute-form target (`http://host/api/x`), `*` or `//x` needs the raw request rewritten
 * before fastify routes it.
 */
export function injectRawTarget(
  app: FastifyInstance,
  target: string,
  options: Omit<InjectOptions, 'url' | 'path'> = {},
): Promise<LightMyRequestResponse> {
  return lightMyRequest(
    (request, response) => {
      request.url = target
      app.routing(request, response)
    },
    { ...options, url: '/' },
  )
}
