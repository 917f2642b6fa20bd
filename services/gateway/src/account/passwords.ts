import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Passwords are stored as scrypt hashes (node:crypto, no native add-on to build):
 * `scrypt$<N>$<r>$<p>$<salt>$<hash>` in base64url, so the cost can be raised later and old hashes
 * still verify. N = 2^15, r = 8 needs 32 MiB per hash, as OWASP recommends for scrypt; only tests
 * may ask for less (PASSWORD_HASH_COST, infra/src/config.ts).
 */
export interface Passwords {
  hash(password: string): Promise<string>
  /** True when `password` matches `stored`; always does the work of one scrypt, whatever it is given. */
  verify(password: string, stored: string | null | undefined): Promise<boolean>
}

interface Cost {
  N: number
  r: number
  p: number
}

const KEY_BYTES = 32
const SALT_BYTES = 16
const PREFIX = 'scrypt'

/** Hashes with N = 2^logN; verifies any hash by the cost written in it. */
export function scryptPasswords(logN = 15): Passwords {
  const cost: Cost = { N: 2 ** logN, r: 8, p: 1 }

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES)
    const key = await derive(password, salt, cost)
    return [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
  }

  // Checked when there is no stored hash (unknown user, erased account), so that a wrong username
  // takes as long to refuse as a wrong password and the timing tells nothing. Made at once, so that the
  // first such refusal does not take two hashes.
  const decoy = hash('decoy password that never matches')

  return {
    hash,
    async verify(password, stored) {
      const parsed = stored ? parse(stored) : null
      if (!parsed) {
        await verifyAgainst(password, parse(await decoy))
        return false
      }
      return verifyAgainst(password, parsed)
    },
  }
}

function derive(password: string, salt: Buffer, options: Cost): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, scryptOptions, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

async function verifyAgainst(password: string, parsed: ReturnType<typeof parse>): Promise<boolean> {
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.options)
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key)
}

function parse(stored: string) {
  const [prefix, N, r, p, salt, key, ...rest] = stored.split('$')
  if (prefix !== PREFIX || !N || !r || !p || !salt || !key || rest.length > 0) return null
  const options = { N: Number(N), r: Number(r), p: Number(p) }
  if (!Object.values(options).every((n) => Number.isSafeInteger(n) && n > 0)) return null
  return { options, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') }
}
