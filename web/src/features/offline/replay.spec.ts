import { onlineManager, QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/apiError'
import { removeToast, useToasts } from '../../lib/toast'
import type { LibraryRequests } from '../library/libraryCalls'
import { libraryChange } from '../library/libraryChanges'
import { libraryMutations } from '../library/libraryMutations'
import { libraryTitle } from '../library/testing'
import { replayOnReconnect } from './replay'

const gone = 'This title is not on your watchlist.'

/** A server that refuses every change: the title was removed from the watchlist on another device. */
const refusing: LibraryRequests = {
  get: () => Promise.resolve([] as never),
  send: () => Promise.reject(new ApiError(gone, 404)),
}

/** The app's client as main.tsx sets it up: no retries, mounted (it resumes paused changes itself), replaying. */
function pageClient(): { client: QueryClient; stop: () => void } {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  client.mount()
  const stopReplaying = replayOnReconnect(client)
  return {
    client,
    stop: () => {
      stopReplaying()
      client.unmount()
    },
  }
}

describe('changes made offline, refused when the connection returns', () => {
  let stop: () => void = () => undefined
  beforeEach(() => onlineManager.setOnline(false))
  afterEach(() => {
    stop()
    onlineManager.setOnline(true)
    act(() => removeToast())
  })

  it('are told in one toast naming each of them, since a second toast would hide the first', async () => {
    const page = pageClient()
    stop = page.stop
    const mutations = libraryMutations(refusing)
    const film = libraryTitle(603)
    const cache = page.client.getMutationCache()
    const settled = [
      cache
        .build(page.client, mutations.editWatchlistNote)
        .execute(libraryChange.editWatchlistNote(film, 'With the lights off')),
      cache.build(page.client, mutations.moveOnWatchlist).execute(libraryChange.moveOnWatchlist(film, 0)),
    ].map((change) => change.catch(() => undefined))
    const toasts = renderHook(() => useToasts())

    act(() => onlineManager.setOnline(true))
    await Promise.all(settled)

    await waitFor(() =>
      expect(toasts.result.current).toMatchObject([
        {
          title: '2 changes could not be saved',
          // The note written offline comes back in the words (the title it was for has gone).
          description: `Couldn't save the note: ${gone} Yours: “With the lights off”\nCouldn't move that title: ${gone}`,
          variant: 'destructive',
        },
      ]),
    )
  })

  it('keep the toast a single refusal always had, when only one is refused', async () => {
    const page = pageClient()
    stop = page.stop
    const cache = page.client.getMutationCache()
    const settled = cache
      .build(page.client, libraryMutations(refusing).moveOnWatchlist)
      .execute(libraryChange.moveOnWatchlist(libraryTitle(603), 0))
      .catch(() => undefined)
    const toasts = renderHook(() => useToasts())

    act(() => onlineManager.setOnline(true))
    await settled

    await waitFor(() =>
      expect(toasts.result.current).toMatchObject([
        { title: "Couldn't move that title", description: gone, variant: 'destructive' },
      ]),
    )
  })
})
