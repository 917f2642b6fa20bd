import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  decideChunkReloads,
  isChunkLoadFailure,
  reloadMendsWithinMs,
  reloadOnceFor,
  routerReloadKey,
} from './chunkLoad'

const stale = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/a-1.js')

afterEach(() => sessionStorage.clear())

describe('a screen’s code that failed to load', () => {
  it('is told from other failures by the browsers’ words', () => {
    expect(isChunkLoadFailure(stale())).toBe(true)
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'length')"))).toBe(false)
    expect(isChunkLoadFailure('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('is kept from the router’s own reload as Vite reports it, so the app decides', () => {
    const target = new EventTarget() as unknown as Window
    decideChunkReloads(target)
    const failure = stale()
    target.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: failure }))
    expect(sessionStorage.getItem(routerReloadKey(failure))).toBe('1')
  })

  it('reloads the page for a failure, not again when it comes back right after the reload', () => {
    const reload = vi.fn()
    expect(reloadOnceFor(stale(), reload, 1_000_000)).toBe(true)
    expect(reloadOnceFor(stale(), reload, 1_000_000 + reloadMendsWithinMs - 1)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads again for the same failure met later in the visit (the server stopped once more)', () => {
    const reload = vi.fn()
    reloadOnceFor(stale(), reload, 1_000_000)
    expect(reloadOnceFor(stale(), reload, 1_000_000 + reloadMendsWithinMs)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
