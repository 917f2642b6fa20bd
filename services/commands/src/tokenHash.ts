import { createHash, randomBytes } from 'node:crypto'

/** Links carry a secret of 256 random bits; only its SHA-256 is ever stored (events, read models). */
export const hashToken = (secret: string): string => createHash('sha256').update(secret).digest('hex')

export const newSecret = (): string => randomBytes(32).toString('base64url')

/** The shape of `newSecret`'s output, so that anything else is refused without a look-up. */
export const secretPattern = /^[\w-]{43}$/
