import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { describeAge, oldestShownAnswer } from './answerAge'

const minute = 60_000

describe('the age of the answers on screen', () => {
  it('reads the oldest answer a screen is showing, not the ones nobody shows', () => {
    const client = new QueryClient()
    client.setQueryData(['/api/watchlist'], [], { updatedAt: 10 * minute })
    client.setQueryData(['/api/watched'], [], { updatedAt: 5 * minute })
    client.setQueryData(['/api/tmdb/movie/1'], {}, { updatedAt: 1 * minute })
    const unsubscribe = [['/api/watchlist'], ['/api/watched']].map((queryKey) =>
      new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => undefined),
    )
    expect(oldestShownAnswer(client)).toBe(5 * minute)
    for (const stop of unsubscribe) stop()
    expect(oldestShownAnswer(client)).toBeUndefined()
  })

  it.each([
    [20_000, 'just now'],
    [5 * minute, '5 minutes ago'],
    [3 * 60 * minute, '3 hours ago'],
  ])('says %i ms as "%s"', (age, words) => {
    expect(describeAge(1_000_000_000, 1_000_000_000 + age)).toBe(words)
  })

  describe('counted as the feed counts: whole hours, then the calendar days where it is read', () => {
    // Saved at ten past midnight on 1 December, in the time zone the specs run in.
    const savedAt = new Date(2026, 11, 1, 0, 10).getTime()
    it.each([
      [1.5, '1 hour ago'],
      [23.5, '23 hours ago'],
      [35.5, 'yesterday'],
      [48.5, '2 days ago'],
    ])('%s hours later says "%s"', (hours, words) => {
      expect(describeAge(savedAt, savedAt + hours * 60 * minute)).toBe(words)
    })
  })
})
