import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefersReducedMotion, scrollBehavior } from './reducedMotion'

function askForReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  }))
}

describe('reduced motion', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("the app's own scrolls jump for people who ask for reduced motion", () => {
    askForReducedMotion(true)
    expect(prefersReducedMotion()).toBe(true)
    expect(scrollBehavior()).toBe('instant')
  })

  it('they glide otherwise', () => {
    askForReducedMotion(false)
    expect(prefersReducedMotion()).toBe(false)
    expect(scrollBehavior()).toBe('smooth')
  })
})
