import { beforeEach, describe, expect, it } from 'vitest'
import { createSessionCache } from './sessionCache'

describe('the session cache', () => {
  let now = 0
  beforeEach(() => {
    sessionStorage.clear()
    now = 1_000
  })
  const cache = () => createSessionCache(sessionStorage, () => now)

  it('answers an entry until its time is up, and past it only when asked for stale data', () => {
    cache().write('/a', { results: [1] }, 500)
    now = 1_499
    expect(cache().read('/a')).toEqual({ results: [1] })
    now = 1_500
    expect(cache().read('/a')).toBeUndefined()
    expect(cache().read('/a', { allowStale: true })).toEqual({ results: [1] })
  })

  it('clears its own entries and leaves the rest of the storage alone', () => {
    sessionStorage.setItem('someone-else', 'kept')
    cache().write('/a', 1, 500)
    cache().write('/b', 2, 500)
    cache().clear()
    expect(cache().read('/a', { allowStale: true })).toBeUndefined()
    expect(cache().read('/b', { allowStale: true })).toBeUndefined()
    expect(sessionStorage.getItem('someone-else')).toBe('kept')
  })

  it('treats an unreadable entry as missing and a full storage as no cache', () => {
    sessionStorage.setItem('reelmates.catalog:/a', '{not json')
    expect(cache().read('/a')).toBeUndefined()
    const full = createSessionCache({
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => undefined,
      key: () => null,
      length: 0,
    })
    expect(() => full.write('/a', 1, 500)).not.toThrow()
    expect(createSessionCache(undefined).read('/a')).toBeUndefined()
  })
})
