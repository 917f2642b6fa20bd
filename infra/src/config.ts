import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

/**
 * The only place that reads the environment. With no configuration at all, Reelmates runs the
 * embedded column (SQLite event store, in-process read store, outbox mail, offline catalog) with its
 * data under ./data. Setting EVENTSTORE_URL and MONGO_URL switches to the distributed column.
 */
const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  PERSONAL_DATA_SECRET: z.string().min(32, 'PERSONAL_DATA_SECRET must be at least 32 characters').optional(),
  EVENTSTORE_URL: z.string().min(1).optional(),
  MONGO_URL: z.string().min(1).optional(),
  MONGO_DB: z.string().min(1).default('reelmates'),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Reelmates <no-reply@reelmates.app>'),
  TMDB_API_TOKEN: z.string().min(1).optional(),
  TMDB_BASE_URL: z.url().default('https://api.themoviedb.org/3'),
  WEB_DIST: z.string().min(1).default('./web/dist'),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
  SNAPSHOT_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  // A holder that dies is replaced after at most TTL + one renewal interval: 10 s + 3 s < 15 s.
  LEASE_TTL_MS: z.coerce.number().int().min(100).default(10_000),
  LEASE_RENEW_INTERVAL_MS: z.coerce.number().int().min(20).default(3_000),
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(500).max(60_000).default(8_000),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // Comments, reactions and recommendations per member (by account, not address): generous for a
  // person, but a burst of them is a burst of pushes to someone else.
  INTERACTION_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(40),
  INTERACTION_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // Wrong current passwords (profile change, account deletion) per account, not per address: a stolen
  // session must not become a way to guess the password from many addresses.
  CURRENT_PASSWORD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  CURRENT_PASSWORD_RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  // scrypt's N as a power of two. Below 15 is weaker than OWASP's advice: accepted only with NODE_ENV=test,
  // where thousands of sign-ups would otherwise spend a fifth of the test suite hashing.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  // Web push (VAPID, RFC 8292): the key pair the push services know this server by, base64url.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'VAPID_SUBJECT must be a mailto: or https: address')
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
})

export type Environment = z.input<typeof environment>

export interface Config {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  publicUrl: string
  dataDir: string
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  sessionSecret: string
  personalDataSecret: string
  column: 'embedded' | 'distributed'
  eventStoreUrl?: string
  mongo?: { url: string; dbName: string }
  smtpUrl?: string
  mailFrom: string
  tmdb?: { apiToken: string; baseUrl: string }
  webDist: string
  readYourWritesTimeoutMs: number
  snapshotIntervalMs: number
  /** Leases of projectors and reactors: how long one lasts unrenewed, and how often holders renew and others ask. */
  leases: { ttlMs: number; renewIntervalMs: number }
  /** How long a graceful stop may take before the process exits regardless. */
  shutdownDeadlineMs: number
  /**
   * `auth` per client address; `currentPassword` counts wrong current passwords per account;
   * `interactions` a member's comments and reactions (one budget), and their recommendations (another).
   */
  rateLimits: { auth: RateLimit; currentPassword: RateLimit; interactions: RateLimit }
  /** scrypt's N for new password hashes, as a power of two. */
  passwordHashCost: number
  trustProxy: boolean
  secureCookies: boolean
  /** Web push; absent in a distributed column without VAPID keys (every instance must share them). */
  push?: PushConfig
}

export interface RateLimit {
  max: number
  timeWindow: number
}

export interface PushConfig {
  vapid: { publicKey: string; privateKey: string; subject: string }
  /**
   * Outside production, any https push service and one on this machine over http (127.0.0.1, the
   * tests); in production only the browsers' own (`pushEndpointAllowed`).
   */
  anyPushService: boolean
}

export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError'
}

/**
 * Secrets that are not configured are generated once and kept in the data directory, so an embedded
 * install stays signed-in and decryptable across restarts without any set-up. Production deployments
 * should set them explicitly (and must, in the distributed column, where instances share them).
 */
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>

function persistedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, `${name}.secret`)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/**
 * The VAPID key pair of an embedded install: made once and kept in the data directory, so the
 * devices subscribed to it stay subscribed across restarts.
 */
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const { x, y } = publicKey.export({ format: 'jwk' })
  const { d } = privateKey.export({ format: 'jwk' })
  if (!x || !y || !d) throw new Error('node:crypto made a P-256 key without its coordinates')
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')])
  const keys = { publicKey: point.toString('base64url'), privateKey: d }
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 })
  return keys
}

function pushConfig(e: z.infer<typeof environment>, column: Config['column'], dataDir: string): PushConfig | undefined {
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : column === 'embedded'
        ? persistedVapidKeys(dataDir)
        : undefined
  if (!keys) return undefined
  const subject = e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? 'no-reply@reelmates.app'}`
  return { vapid: { ...keys, subject }, anyPushService: e.NODE_ENV !== 'production' }
}

// An empty variable (e.g. `TMDB_API_TOKEN=` in a compose file) means "not set".
const presentIn = (source: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))

/**
 * The embedded column's data directory as configured, made absolute, with nothing created (`loadConfig`
 * creates it and the secrets in it); undefined in the distributed column. A tool that must act on the
 * server's data asks this first, so a wrong DATA_DIR is refused rather than made into a new install.
 */
export function configuredEmbeddedDataDir(
  source: Record<string, string | undefined> = process.env,
): string | undefined {
  const present = presentIn(source)
  if (present.EVENTSTORE_URL !== undefined) return undefined
  return resolve(present.DATA_DIR ?? environment.shape.DATA_DIR.parse(undefined))
}

/**
 * `loadConfig` for a process that is starting: a setting it refuses is told in one line, naming the
 * setting, rather than as a stack trace, and the process exits (status 2) before it opens anything.
 * Any other error keeps its stack.
 */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(source)
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error
    process.stderr.write(`Reelmates cannot start: ${error.message}\n`)
    process.exit(2)
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = presentIn(source)
  const parsed = environment.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new ConfigurationError(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  if (Boolean(e.EVENTSTORE_URL) !== Boolean(e.MONGO_URL)) {
    throw new ConfigurationError(
      'Invalid configuration: the distributed column needs both EVENTSTORE_URL and MONGO_URL',
    )
  }
  const column = e.EVENTSTORE_URL ? 'distributed' : 'embedded'
  if (column === 'distributed' && (!e.SESSION_SECRET || !e.PERSONAL_DATA_SECRET)) {
    throw new ConfigurationError(
      'Invalid configuration: the distributed column needs SESSION_SECRET and PERSONAL_DATA_SECRET shared by every instance',
    )
  }
  if (e.LEASE_RENEW_INTERVAL_MS * 2 > e.LEASE_TTL_MS) {
    throw new ConfigurationError(
      'Invalid configuration: LEASE_RENEW_INTERVAL_MS must be at most half of LEASE_TTL_MS, so a holder renews before its lease lapses',
    )
  }
  if (e.PASSWORD_HASH_COST < 15 && e.NODE_ENV !== 'test') {
    throw new ConfigurationError(
      'Invalid configuration: PASSWORD_HASH_COST below 15 is for tests only (NODE_ENV=test); passwords need at least 15',
    )
  }
  // Checked with the others before the data directory and its secrets are made: a refused setting
  // leaves nothing behind.
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigurationError('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither')
  }
  const dataDir = resolve(e.DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    logLevel: e.LOG_LEVEL,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir, 'session'),
    personalDataSecret: e.PERSONAL_DATA_SECRET ?? persistedSecret(dataDir, 'personal-data'),
    column,
    ...(e.EVENTSTORE_URL ? { eventStoreUrl: e.EVENTSTORE_URL } : {}),
    ...(e.MONGO_URL ? { mongo: { url: e.MONGO_URL, dbName: e.MONGO_DB } } : {}),
    ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
    mailFrom: e.MAIL_FROM,
    ...(e.TMDB_API_TOKEN ? { tmdb: { apiToken: e.TMDB_API_TOKEN, baseUrl: e.TMDB_BASE_URL } } : {}),
    webDist: resolve(e.WEB_DIST),
    readYourWritesTimeoutMs: e.READ_YOUR_WRITES_TIMEOUT_MS,
    snapshotIntervalMs: e.SNAPSHOT_INTERVAL_MS,
    leases: { ttlMs: e.LEASE_TTL_MS, renewIntervalMs: e.LEASE_RENEW_INTERVAL_MS },
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    rateLimits: {
      auth: { max: e.AUTH_RATE_LIMIT_MAX, timeWindow: e.AUTH_RATE_LIMIT_WINDOW_MS },
      currentPassword: { max: e.CURRENT_PASSWORD_RATE_LIMIT_MAX, timeWindow: e.CURRENT_PASSWORD_RATE_LIMIT_WINDOW_MS },
      interactions: { max: e.INTERACTION_RATE_LIMIT_MAX, timeWindow: e.INTERACTION_RATE_LIMIT_WINDOW_MS },
    },
    passwordHashCost: e.PASSWORD_HASH_COST,
    trustProxy: e.TRUST_PROXY,
    secureCookies: e.NODE_ENV === 'production',
    ...optional('push', pushConfig(e, column, dataDir)),
  }
}
