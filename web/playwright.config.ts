import { defineConfig, devices } from '@playwright/test'
import { existsSync, mkdtempSync } from 'node:fs'
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

// The browser suite is bound by the two cores, most of it by Chromium's work. Debian's old headless
// shell (the browser Playwright itself runs headless tests in) makes a context in half the time of the
// full browser's headless mode, and runs the suite in a little over half the time. It has no push
// messaging, so the installed app's tests run in the full browser, as a phone would. Where the shell is
// not installed, everything runs in the full browser.
const fullBrowser = '/usr/bin/chromium'
const headlessShell = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : fullBrowser

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

// Chromium 150 gives a page a new frame host on every navigation ("RenderDocument"), and Playwright
// (1.65) does not carry `context.setOffline(true)` over to it: a page opened while offline says
// navigator.onLine is true, and the app, told it is online, tries the network and shows errors where
// a phone without a network shows its kept answers (microsoft/playwright#42174). The offline tests
// run with the old one-host-per-page behaviour, which the emulation follows; nothing else changes.
const serviceWorkerArgs = [...chromiumArgs, '--disable-features=RenderDocument']

/** The files whose tests need the app's service worker: offline, push, updates, its registration. */
const serviceWorkerSpecs = [
  'notifications.spec.ts',
  'offline.spec.ts',
  'offline.zprobe.spec.ts',
  'offlineQueue.spec.ts',
  'pwa.spec.ts',
  'securityHeaders.spec.ts',
  'unsavedPages.spec.ts',
  'updateBanner.spec.ts',
].map((file) => `**/${file}`)

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
    // A trace costs every test about a seventh of its time; CI keeps only what it prints, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  // A service worker precaches the whole app (about 150 requests, 2.5 MB) in every new context, a tenth
  // of the suite's time: only the files about the installed and offline app let it register, and the
  // others see the app as a first visit does. Contexts a test makes itself follow its project
  // (support/contexts.ts).
  projects: [
    {
      name: 'app',
      testIgnore: serviceWorkerSpecs,
      use: { serviceWorkers: 'block', launchOptions: { executablePath: headlessShell, args: chromiumArgs } },
    },
    {
      name: 'service worker',
      testMatch: serviceWorkerSpecs,
      use: { serviceWorkers: 'allow', launchOptions: { executablePath: fullBrowser, args: serviceWorkerArgs } },
    },
  ],
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
    // The cheapest password hashes the server takes with NODE_ENV=test: every test signs people up.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '10000',
      PASSWORD_HASH_COST: '10',
    },
  },
})
