import { ownKey } from './signedInAs'

/**
 * A fresh key for one user action, belonging to the member signed in as it is made (`signedInAs`);
 * `crypto.randomUUID` exists only on secure pages (https, localhost).
 */
export function newIdempotencyKey(): string {
  const key =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
  ownKey(key)
  return key
}
