import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from '../../readStore/embeddedReadStore'
import type { ReadStore } from '../../readStore/port'
import { catalogCacheCollection, createSharedCache, type SharedCache } from './sharedCache'

describe('the shared catalog cache', () => {
  let readStore: ReadStore
  let clock: number
  let cache: SharedCache

  beforeEach(async () => {
    readStore = await createEmbeddedReadStore()
    clock = Date.parse('2026-11-22T08:00:00Z')
    cache = createSharedCache(readStore, () => new Date(clock))
  })
  afterEach(() => readStore.close())

  it('answers a kept value until its lifetime is over', async () => {
    await cache.set('trending:movie', { results: [1, 2] }, 1000)
    clock += 999
    expect(await cache.get('trending:movie')).toEqual({ results: [1, 2] })
    clock += 1
    expect(await cache.get('trending:movie')).toBeUndefined()
  })

  it('keeps its entries in the read store, with their expiry', async () => {
    await cache.set('genres', { movie: [] }, 5000)
    expect(await readStore.collection(catalogCacheCollection).find({})).toEqual([
      { _id: 'genres', value: { movie: [] }, expiresAt: clock + 5000 },
    ])
  })

  it('replaces an entry set again', async () => {
    await cache.set('genres', 'old', 1000)
    await cache.set('genres', 'new', 1000)
    expect(await cache.get('genres')).toBe('new')
    expect(await readStore.collection(catalogCacheCollection).countDocuments()).toBe(1)
  })

  it('is shared by every cache on the same read store', async () => {
    await cache.set('upcoming:movie', 'list', 1000)
    expect(await createSharedCache(readStore, () => new Date(clock)).get('upcoming:movie')).toBe('list')
  })

  it('sweeps out expired entries at most once an hour', async () => {
    await cache.set('provider:8:FR:all:5:exact', 'short-lived', 1000)
    clock += 30 * 60 * 1000
    await cache.set('genres', 'kept', 24 * 60 * 60 * 1000)
    expect(await readStore.collection(catalogCacheCollection).countDocuments()).toBe(2)
    clock += 30 * 60 * 1000
    await cache.set('trending:tv', 'kept', 24 * 60 * 60 * 1000)
    const left = await readStore.collection(catalogCacheCollection).find({}, { sort: { _id: 1 } })
    expect(left.map((entry) => entry._id)).toEqual(['genres', 'trending:tv'])
  })

  it('empties on request and says how many entries it dropped', async () => {
    await cache.set('a', 1, 1000)
    await cache.set('b', 2, 1000)
    expect(await cache.clear()).toBe(2)
    expect(await cache.get('a')).toBeUndefined()
  })
})
