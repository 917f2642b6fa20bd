import type { FastifyInstance } from 'fastify'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The header the web app sends with a change: the member it was made by, as that page knew them. */
export const signedInAsHeader = 'signed-in-as'

/** Ending a session is what the person wants whoever it belongs to now. */
const anyMember = new Set(['/api/logout'])

export const signedInAsSomeoneElse =
  "You're signed in as someone else now (in another tab or window). Nothing was changed."

/**
 * A change made by one member is never done as another. The cookie is the browser's, not the page's:
 * a tab left open as A, after A signed out and B signed in elsewhere in the browser, sends its
 * changes (a queued offline change, a retry after a new CSRF token) with B's session. A change
 * that says whom it was made by (`Signed-In-As`, from the web app) is refused with a 401 when the
 * session is someone else's, before it is parsed, checked or recorded; the page then asks who is
 * signed in and follows. A request without the header (another client) is judged by its session alone.
 */
export function registerSignedInAs(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (safeMethods.has(request.method) || anyMember.has(request.routeOptions.url ?? '')) return
    const header = request.headers[signedInAsHeader]
    const claimed = Array.isArray(header) ? header[0] : header
    if (claimed === undefined) return
    const userId = request.session.userId
    if (userId && userId !== claimed) {
      await reply.code(401).send({ message: signedInAsSomeoneElse, error: 'Unauthorized' })
      return reply
    }
  })
}
