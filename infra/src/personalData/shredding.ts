/**
 * The cryptography of the personal data vault, shared by its adapters. Two keys are derived from the
 * configured secret: one wraps the per-subject data keys at rest (a copied vault without the secret
 * reveals nothing), one keys the HMACs of reserved values (uniqueness without the values in clear).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import type { ReservationKind } from './port'

const CIPHER = 'aes-256-gcm'
const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
/** Ciphertexts carry their format version, so a later change of algorithm can still read old events. */
const VALUE_FORMAT = 'p1'

export interface VaultKeys {
  wrapping: Buffer
  reservations: Buffer
}

export function deriveVaultKeys(secret: string): VaultKeys {
  if (secret.length < 32) throw new Error('The personal data secret must be at least 32 characters')
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, 'reelmates-personal-data', purpose, KEY_BYTES))
  return { wrapping: derive('data-key-wrapping'), reservations: derive('reservations') }
}

export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES)
}

/** Wrapped key layout: iv | tag | encrypted key. The subject id is authenticated, so keys cannot be swapped. */
export function wrapDataKey(wrappingKey: Buffer, subjectId: string, dataKey: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(CIPHER, wrappingKey, iv).setAAD(Buffer.from(subjectId, 'utf8'))
  const encrypted = Buffer.concat([cipher.update(dataKey), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted])
}

export function unwrapDataKey(wrappingKey: Buffer, subjectId: string, wrapped: Buffer): Buffer {
  const decipher = createDecipheriv(CIPHER, wrappingKey, wrapped.subarray(0, IV_BYTES))
    .setAAD(Buffer.from(subjectId, 'utf8'))
    .setAuthTag(wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
}

/** `p1.<iv>.<tag>.<ciphertext>` in base64url; the value is JSON, bound to its subject as associated data. */
export function encryptValue(dataKey: Buffer, subjectId: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(CIPHER, dataKey, iv).setAAD(associatedData(subjectId))
  const encrypted = Buffer.concat([
    cipher.update(value === undefined ? 'null' : JSON.stringify(value), 'utf8'),
    cipher.final(),
  ])
  return [VALUE_FORMAT, iv, cipher.getAuthTag(), encrypted]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

export function decryptValue(dataKey: Buffer, subjectId: string, ciphertext: string): unknown {
  const [format, iv, tag, encrypted, ...rest] = ciphertext.split('.')
  if (format !== VALUE_FORMAT || iv === undefined || tag === undefined || encrypted === undefined || rest.length > 0) {
    throw new Error('Not a personal data ciphertext of a known format')
  }
  const decipher = createDecipheriv(CIPHER, dataKey, Buffer.from(iv, 'base64url'))
    .setAAD(associatedData(subjectId))
    .setAuthTag(Buffer.from(tag, 'base64url'))
  const plaintext = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()])
  return JSON.parse(plaintext.toString('utf8')) as unknown
}

function associatedData(subjectId: string): Buffer {
  return Buffer.from(`${VALUE_FORMAT}:${subjectId}`, 'utf8')
}

/** Unique values compare trimmed and case-insensitively; NFKC also folds look-alike forms (e.g. full-width letters). */
export function normalizeReservedValue(value: string): string {
  const normalized = value.normalize('NFKC').trim().toLowerCase()
  if (normalized === '') throw new TypeError('A reserved value cannot be empty')
  return normalized
}

/** The stored form of a reserved value: an HMAC, so the vault never holds usernames or emails in clear. */
export function reservationHash(reservationKey: Buffer, kind: ReservationKind, value: string): string {
  return createHmac('sha256', reservationKey)
    .update(`${kind}:${normalizeReservedValue(value)}`)
    .digest('hex')
}
