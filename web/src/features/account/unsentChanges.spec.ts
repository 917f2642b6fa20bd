import { describe, expect, it } from 'vitest'
import { unsentWords } from './unsentChanges'

const change = (...mutationKey: string[]) => ({ options: { mutationKey } })

describe('what Log out says of the changes not sent yet', () => {
  it('names the one change by where it was made', () =>
    expect(unsentWords([change('library', 'addToWatchlist')])).toEqual({
      title: '1 change not sent yet',
      text: 'Your change to your watchlist hasn’t reached Reelmates yet. If you log out now it will be lost.',
    }))

  it('counts several, naming each place once', () =>
    expect(
      unsentWords([
        change('library', 'addToWatchlist'),
        change('library', 'markWatched'),
        change('library', 'moveOnWatchlist'),
        change('feed', 'react'),
      ]),
    ).toEqual({
      title: '4 changes not sent yet',
      text: 'Your 4 changes to your watchlist, your watched log and the feed haven’t reached Reelmates yet. If you log out now they will be lost.',
    }))

  it('names no place when one of them is not a change it knows', () =>
    expect(unsentWords([change('library', 'addToWatchlist'), change('profile')]).text).toBe(
      'Your 2 changes haven’t reached Reelmates yet. If you log out now they will be lost.',
    ))
})
