import type { Page } from '@playwright/test'

/**
 * The installed app, emulated in the browser: `(display-mode: standalone)` matches and
 * navigator.standalone is true, as on a home screen.
 */
export async function runAsInstalledApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window)
    window.matchMedia = (query: string) =>
      query.includes('display-mode: standalone')
        ? ({
            matches: true,
            media: query,
            onchange: null,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
            dispatchEvent: () => false,
          } as unknown as MediaQueryList)
        : original(query)
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true })
  })
}
