import { Signer } from '@fastify/cookie'

/**
 * The session cookie's signer (HMAC-SHA256, @fastify/cookie's), remembering the cookies it has
 * verified lately. @fastify/session computes two HMACs on every request that carries a cookie:
 * one to check it, one to sign the id again for the session object. Both are pure functions of
 * the cookie, so a cookie checked before is answered from memory: only a cookie that verified is
 * remembered (a forged one is checked, and refused, every time), and the memory is bounded.
 */
export function rememberingSigner(secret: string | string[], capacity = 10_000): Pick<Signer, 'sign' | 'unsign'> {
  const signer = new Signer(secret, 'sha256')
  const idOfCookie = new Map<string, string>()
  const cookieOfId = new Map<string, string>()
  return {
    sign: (value) => cookieOfId.get(value) ?? signer.sign(value),
    unsign(signed) {
      const value = idOfCookie.get(signed)
      if (value !== undefined) return { valid: true, renew: false, value }
      const checked = signer.unsign(signed)
      // A cookie signed with an older secret is renewed by the plugin: not remembered, so it stays visible.
      if (checked.valid && !checked.renew) {
        if (idOfCookie.size >= capacity) {
          const [oldest] = idOfCookie
          if (oldest !== undefined) {
            cookieOfId.delete(oldest[1])
            idOfCookie.delete(oldest[0])
          }
        }
        idOfCookie.set(signed, checked.value)
        cookieOfId.set(checked.value, signed)
      }
      return checked
    },
  }
}
