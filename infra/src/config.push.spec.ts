import { createPublicKey } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigurationError, loadConfig } from './config'

const made: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'reelmates-config-'))
  made.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})
const distributed = {
  EVENTSTORE_URL: 'esdb://localhost:2113',
  MONGO_URL: 'mongodb://localhost:27017',
  SESSION_SECRET: 's'.repeat(32),
  PERSONAL_DATA_SECRET: 'p'.repeat(32),
}

describe('web push configuration', () => {
  it('makes a VAPID key pair once in the embedded data directory and keeps it', () => {
    const dir = tempDir()
    const first = loadConfig({ DATA_DIR: dir }).push
    expect(first?.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(first?.vapid.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(loadConfig({ DATA_DIR: dir }).push?.vapid).toEqual(first?.vapid)
    // The public key is a real P-256 point (uncompressed, 65 bytes).
    const point = Buffer.from(first?.vapid.publicKey ?? '', 'base64url')
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
    expect(key.asymmetricKeyType).toBe('ec')
  })

  it('takes the keys and subject from the environment when they are set', () => {
    const dir = tempDir()
    const generated = loadConfig({ DATA_DIR: tempDir() }).push?.vapid
    const push = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: generated?.publicKey,
      VAPID_PRIVATE_KEY: generated?.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    }).push
    expect(push?.vapid).toEqual({ ...generated, subject: 'mailto:ops@example.com' })
  })

  it('refuses half a key pair, before it makes the data directory and its secrets', () => {
    const dir = join(tempDir(), 'not-made')
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'A'.repeat(87) })).toThrow(ConfigurationError)
    expect(existsSync(dir)).toBe(false)
  })

  it('leaves push off in the distributed column without shared keys, and accepts any push service only outside production', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), ...distributed }).push).toBeUndefined()
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' }).push?.anyPushService).toBe(false)
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).push?.anyPushService).toBe(true)
  })
})
