import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { configuredEmbeddedDataDir, loadConfig } from './config'

const made: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'reelmates-config-'))
  made.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

describe('configuration', () => {
  it('runs the embedded column with no configuration at all', () => {
    const dir = tempDir()
    const config = loadConfig({ DATA_DIR: dir })
    expect(config.column).toBe('embedded')
    expect(config.port).toBe(3000)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.tmdb).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
  })

  it('defaults the data directory to ./data', () => {
    expect(loadConfig({}).dataDir).toBe(join(process.cwd(), 'data'))
  })

  it('names the embedded data directory without creating it (none in the distributed column)', () => {
    const dir = join(tempDir(), 'not-yet')
    expect(configuredEmbeddedDataDir({ DATA_DIR: dir })).toBe(dir)
    expect(configuredEmbeddedDataDir({ DATA_DIR: '' })).toBe(join(process.cwd(), 'data'))
    expect(existsSync(dir)).toBe(false)
    expect(
      configuredEmbeddedDataDir({ DATA_DIR: dir, EVENTSTORE_URL: 'esdb://es:2113', MONGO_URL: 'mongodb://m' }),
    ).toBe(undefined)
  })

  it('keeps generated secrets in the data directory so restarts keep sessions and keys', () => {
    const dir = tempDir()
    const first = loadConfig({ DATA_DIR: dir })
    const second = loadConfig({ DATA_DIR: dir })
    expect(second.sessionSecret).toBe(first.sessionSecret)
    expect(readFileSync(join(dir, 'personal-data.secret'), 'utf8')).toBe(first.personalDataSecret)
  })

  it('refuses invalid values with a message naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'abc' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET must be at least 32/,
    )
  })

  it('needs both servers and shared secrets for the distributed column', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), EVENTSTORE_URL: 'esdb://x:2113' })).toThrow(
      /both EVENTSTORE_URL and MONGO_URL/,
    )
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), EVENTSTORE_URL: 'esdb://x:2113', MONGO_URL: 'mongodb://x' }),
    ).toThrow(/SESSION_SECRET and PERSONAL_DATA_SECRET/)
    const secret = 'x'.repeat(32)
    const config = loadConfig({
      DATA_DIR: tempDir(),
      EVENTSTORE_URL: 'esdb://x:2113?tls=false',
      MONGO_URL: 'mongodb://x:27017',
      SESSION_SECRET: secret,
      PERSONAL_DATA_SECRET: secret,
    })
    expect(config.column).toBe('distributed')
    expect(config.mongo).toEqual({ url: 'mongodb://x:27017', dbName: 'reelmates' })
  })

  it('lets a dead lease holder be replaced within 15 s by default, and refuses renewals too rare to keep a lease', () => {
    const { leases } = loadConfig({ DATA_DIR: tempDir() })
    expect(leases.ttlMs + leases.renewIntervalMs).toBeLessThanOrEqual(15_000)
    expect(loadConfig({ DATA_DIR: tempDir(), LEASE_TTL_MS: '600', LEASE_RENEW_INTERVAL_MS: '100' }).leases).toEqual({
      ttlMs: 600,
      renewIntervalMs: 100,
    })
    expect(() => loadConfig({ DATA_DIR: tempDir(), LEASE_TTL_MS: '1000', LEASE_RENEW_INTERVAL_MS: '600' })).toThrow(
      /LEASE_RENEW_INTERVAL_MS/,
    )
  })

  it('hashes passwords at scrypt N = 2^15 unless told otherwise, and takes a cheaper cost only in tests', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).passwordHashCost).toBe(15)
    expect(loadConfig({ DATA_DIR: tempDir(), PASSWORD_HASH_COST: '17' }).passwordHashCost).toBe(17)
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10)
    for (const NODE_ENV of ['development', 'production']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV, PASSWORD_HASH_COST: '14' })).toThrow(
        /PASSWORD_HASH_COST below 15 is for tests only/,
      )
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(
      /PASSWORD_HASH_COST/,
    )
  })

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), TMDB_API_TOKEN: '', PORT: '' }).tmdb).toBeUndefined()
  })

  it('turns on secure cookies in production', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' }).secureCookies).toBe(true)
  })

  it('uses TMDB only when a token is set', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), TMDB_API_TOKEN: 'tok' }).tmdb).toEqual({
      apiToken: 'tok',
      baseUrl: 'https://api.themoviedb.org/3',
    })
  })
})
