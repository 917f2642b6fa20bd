import { test, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test'

/**
 * A browser context of a test's own (another person, a visitor), with the service-worker setting of
 * the test's project: the `page` fixture gets it from `use`, a context made by hand would not.
 */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers: test.info().project.use.serviceWorkers, ...options })
}
