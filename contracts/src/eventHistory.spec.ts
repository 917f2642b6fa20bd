import { describe, expect, it } from 'vitest'
import { eventTypeProblem, similarEventTypes } from './eventHistory'

const known = [
  'RecommendationWatched',
  'TitleAddedToWatchlist',
  'TitleWatched',
  'UserRegistered',
  'WatchedEntryEdited',
  'WatchedEntryRemoved',
]

describe('the event type filter', () => {
  it('takes a known type as it is', () => {
    expect(eventTypeProblem('TitleWatched', known)).toBeUndefined()
  })

  it('suggests the types that contain a word, nearest first', () => {
    expect(similarEventTypes('watched', known)).toEqual([
      'TitleWatched',
      'WatchedEntryEdited',
      'WatchedEntryRemoved',
      'RecommendationWatched',
    ])
  })

  it('suggests the type a typo or another case was meant to be', () => {
    expect(similarEventTypes('TitleWatchd', known)).toEqual(['TitleWatched'])
    expect(similarEventTypes('userregistered', known)).toEqual(['UserRegistered'])
  })

  it('names an unknown type and what it may have meant', () => {
    expect(eventTypeProblem('titlewatched', known)).toBe(
      '“titlewatched” is not an event type. Did you mean TitleWatched?',
    )
    expect(eventTypeProblem('Registered', known)).toBe(
      '“Registered” is not an event type. Did you mean UserRegistered?',
    )
    expect(eventTypeProblem('edited entry', known)).toBe('“edited entry” is not an event type.')
  })

  it('lists several suggestions as words do', () => {
    expect(eventTypeProblem('removed', ['WatchedEntryRemoved', 'FriendRemoved', 'TitleRemovedFromWatchlist'])).toBe(
      '“removed” is not an event type. Did you mean FriendRemoved, WatchedEntryRemoved or TitleRemovedFromWatchlist?',
    )
  })
})
