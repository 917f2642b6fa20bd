import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { pageAddressesOf } from './pageAddresses'
import { sendHtml } from '../http/compression'
import { pageHtml } from './pageHtml'

// Files that must never be served stale: the shell, the service worker and the version file drive updates.
const revalidate = new Set(['/index.html', '/service-worker.js', '/version.json', '/manifest.webmanifest'])

/** The build's folders of files, never pages: `assets/` (hashed, by vite) and web/public's `icons/` and `logos/`. */
const fileFolders = ['/assets/', '/icons/', '/logos/']
/** A file's name in a folder (`/assets/name-hash.js`, `/logos/png/hulu.png`), nothing that could step out of it. */
const isFileName = (path: string) => /^(\/[\w-]+)+(\.[\w-]+)+$/.test(path)

/**
 * Whether what a page address names exists (a title, say): false makes the page answer 404, as
 * crawlers and link checkers read it, while the app still shows its own not-found state. An address
 * a check knows nothing of exists as far as that check goes.
 */
export type PageSubjectExists = (path: string) => Promise<boolean>

/**
 * Serves the built web app (web/dist) with a single-page-app fallback: any non-API GET that is not a
 * file answers index.html and the client router decides (including its own not-found page); an
 * address that is none of the router's pages answers 404 with it.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDist: string,
  subjectChecks: readonly PageSubjectExists[] = [],
): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'))
  const isPage = pageAddressesOf(webDist)
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders(res, path) {
        const file = path.slice(webDist.length).replaceAll('\\', '/')
        if (revalidate.has(file)) res.header('Cache-Control', 'no-cache')
        else if (file.startsWith('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable')
        if (file === '/service-worker.js') res.header('Service-Worker-Allowed', '/')
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    // `*`, `//host/x` and other targets that are no path of ours are not pages either.
    const notAPage = !path.startsWith('/') || path.startsWith('//')
    if (
      notAPage ||
      path.startsWith('/api/') ||
      path === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} ${path}`, error: 'Not Found' })
    }
    // The file server knows the files that were there when it started; a build made while it runs
    // (a deploy before its restart) names new ones in index.html, which is read on every page load.
    // A file missing from the build is no page: a 404, not the app's HTML where a script or an image
    // was asked for.
    if (built && fileFolders.some((folder) => path.startsWith(folder))) {
      if (isFileName(path) && existsSync(join(webDist, path))) return reply.sendFile(path.slice(1))
      return reply.code(404).type('text/plain').send(`No such file: ${path}`)
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app has not been built yet: run `npm run build` (npm start does it for you).')
    }
    // An address the app has no page for still gets the app, which shows its not-found page, but says 404.
    if (!isPage(path)) return reply.code(404).header('Cache-Control', 'no-cache').sendFile('index.html')
    const exists = await Promise.all(subjectChecks.map((check) => check(path)))
    if (exists.includes(false)) reply.code(404)
    return sendHtml(request, reply.header('Cache-Control', 'no-cache'), await pageHtml(webDist, path))
  })
}
