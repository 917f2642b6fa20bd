import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The browser tests run Debian's Chromium against the real server (embedded column) on a free port
 * with a fresh data directory. `npm run test:e2e` builds web/dist first; the gateway serves it.
 *
 * The port and data directory are chosen once, in the runner, and handed to the workers through the
 * environment (workers load this file again and must reuse them): tests read them from
 * `REELMATES_E2E_PORT` / `REELMATES_E2E_DATA_DIR` (see e2e/support/server.ts).
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

process.env.REELMATES_E2E_PORT ??= String(await freePort())
process.env.REELMATES_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'reelmates-e2e-'))
const port = Number(process.env.REELMATES_E2E_PORT)
const dataDir = process.env.REELMATES_E2E_DATA_DIR
const repoRoot = join(import.meta.dirname, '..')

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: './e2e',
  // Overridable so that two runs at once (several engineers share one tree) do not wipe each other's traces.
  outputDir: process.env.REELMATES_E2E_OUTPUT ?? join(repoRoot, 'artifacts', 'playwright'),
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    // A trace costs every test about a seventh of its time; CI keeps only what it prints, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    serviceWorkers: 'allow',
  },
  webServer: {
    // The server as `npm start` runs it: its bundle, built first when a source is newer.
    command: 'node --import tsx scripts/ensureServerBuild.ts && node --enable-source-maps dist/gateway/main.mjs',
    cwd: repoRoot,
    url: `http://localhost:${port}/api/csrf-token`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Every test signs in from 127.0.0.1: the per-address limit on auth calls would otherwise trip.
    env: { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '10000' },
  },
})
