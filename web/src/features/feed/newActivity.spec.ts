import type { FeedItem } from '@reelmates/contracts/feed'
import { describe, expect, it } from 'vitest'
import { newActivityIn } from './newActivity'

/** An activity recorded at minute `at` of the day (the higher, the newer). */
const activity = (id: string, at: number): FeedItem =>
  ({ id, createdAt: new Date(Date.UTC(2026, 10, 27, 10, at)).toISOString() }) as FeedItem

const shown = [activity('c', 30), activity('b', 20), activity('a', 10)]

describe('new activity above a long list', () => {
  it('is what the first page has above the top of the list', () => {
    const head = [activity('e', 50), activity('d', 40), ...shown]
    expect(newActivityIn(head, shown)).toEqual({ count: 2, more: false })
  })

  it('is nothing when the first page begins as the list does', () => {
    expect(newActivityIn(shown, shown)).toEqual({ count: 0, more: false })
  })

  it('is not an activity given back with its old date, nor made of the rest when the top one went', () => {
    const head = [activity('b', 20), activity('restored', 15), activity('a', 10)]
    expect(newActivityIn(head, shown)).toEqual({ count: 0, more: false })
  })

  it('may be more than the first page holds when all of it is new', () => {
    expect(newActivityIn([activity('e', 50), activity('d', 40)], shown)).toEqual({ count: 2, more: true })
  })
})
