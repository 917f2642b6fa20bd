import type { FastifyInstance } from 'fastify'
import { hasUnshowableCharacters } from '@reelmates/contracts/text'

export const unshowableMessage =
  "This text has a character that can't be shown (a control character, or half of an emoji); take it out and try again."

/** A password is compared, never shown, and one set before this rule must still sign in. */
const neverShown = /password/i

/** Only what JSON makes holds text: an uploaded picture is a Buffer of up to 2 MB, one entry a byte. */
function isJsonContainer(value: object): boolean {
  if (Array.isArray(value)) return true
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** Where in a body the first text that cannot be shown is: `bio`, `usernames.2`; null when all can be. */
export function unshowableAt(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return hasUnshowableCharacters(value) ? path : null
  if (depth > 8 || value === null || typeof value !== 'object' || !isJsonContainer(value)) return null
  for (const [key, inner] of Object.entries(value)) {
    if (neverShown.test(key)) continue
    const found = unshowableAt(inner, [...path, key], depth + 1)
    if (found) return found
  }
  return null
}

/**
 * Words members write travel to every page, the bell, pushes and mail (subjects included). Control
 * characters (a bell, an escape, NUL) and unpaired surrogates (half an emoji, from a broken paste or a
 * script) show as boxes and "�" everywhere they go, so every body is refused with them, in one place
 * rather than in each of the many fields' schemas, naming the field as a schema's refusal does.
 */
export function registerTypedText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    const found = request.body === undefined ? null : unshowableAt(request.body)
    if (!found) {
      done()
      return
    }
    const field = found.join('.') || 'body'
    void reply
      .code(400)
      .send({ message: unshowableMessage, error: 'Bad Request', validationErrors: { [field]: unshowableMessage } })
  })
}
