import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

/**
 * For specs of screens whose requests the spec answers itself (through mocked calls or query data):
 * every request that reaches `fetch` is sent and never answered, as a slow server's would be, so a
 * refetch or a re-check leaves the screen as the spec drew it. `browserTab` also answers
 * `matchMedia` as a desktop tab does (no touch-first pointer, no installed display mode). Each test
 * ends with the page cleared and the stubs gone.
 */
export function neverAnsweringServer({ browserTab = false }: { browserTab?: boolean } = {}): void {
  beforeEach(() => {
    if (browserTab) vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }))
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    )
  })
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })
}
