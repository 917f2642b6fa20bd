import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { WatchedMarkView, watchedWords } from './WatchedMark'

afterEach(cleanup)

const watch = { tmdbId: 1, mediaType: 'movie' as const, timesWatched: 1, lastWatchedAt: '2026-01-01T00:00:00.000Z' }

describe('the watched mark on a title card', () => {
  it('shows my rating in stars, and says it in words', () => {
    const { getByTestId } = render(<WatchedMarkView watch={{ ...watch, rating: 8 }} />)
    const mark = getByTestId('watched-mark')
    expect(mark.querySelector('[aria-hidden="true"].tabular-nums')?.textContent).toBe('★ 4')
    expect(mark.querySelector('.sr-only')?.textContent).toBe('Watched, you rated it 4 stars')
  })

  it('shows a half star as ½, so the lowest rating never reads as one', () => {
    const { getByTestId } = render(<WatchedMarkView watch={{ ...watch, rating: 1 }} />)
    const mark = getByTestId('watched-mark')
    expect(mark.querySelector('[aria-hidden="true"].tabular-nums')?.textContent).toBe('★ ½')
    expect(mark.querySelector('.sr-only')?.textContent).toBe('Watched, you rated it ½ star')
  })

  it('says "Watched" when I gave no rating', () => {
    const { getByTestId } = render(<WatchedMarkView watch={{ ...watch, rating: null }} />)
    expect(getByTestId('watched-mark').textContent).toBe('WatchedWatched')
  })

  it('counts rewatches for screen readers', () => {
    expect(watchedWords({ rating: null, timesWatched: 3 })).toBe('Watched 3 times')
    expect(watchedWords({ rating: 6, timesWatched: 2 })).toBe('Watched 2 times, you rated it 3 stars')
  })
})
