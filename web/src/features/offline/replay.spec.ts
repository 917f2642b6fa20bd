import { onlineManager, QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReactionEmoji } from '@reelmates/contracts/feed'
import { ApiError, errorFromResponse } from '../../lib/apiError'
import { removeToast, useToasts } from '../../lib/toast'
import { feedCalls } from '../feed/feedCalls'
import type { FeedChange } from '../feed/feedChanges'
import { addCommentMutation, reactMutation } from '../feed/feedMutations'
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

describe('comments and reactions made offline, past the rate limit when the connection returns', () => {
  let stop: () => void = () => undefined
  afterEach(() => {
    stop()
    vi.restoreAllMocks()
    onlineManager.setOnline(true)
    act(() => removeToast())
  })

  const me = { id: 'u-me', username: 'me', avatarUrl: null }
  const activityId = 'watched:e1'
  const addComment = (content: string): Extract<FeedChange, { kind: 'addComment' }> => ({
    kind: 'addComment',
    activityId,
    comment: { id: `made-up-${content}`, user: me, content, createdAt: '', updatedAt: '', reactions: [] },
    idempotencyKey: `comment-${content}`,
  })
  const react = (emoji: ReactionEmoji): Extract<FeedChange, { kind: 'react' }> => ({
    kind: 'react',
    activityId,
    commentId: null,
    emoji,
    on: true,
    me,
    idempotencyKey: `react-${emoji}`,
  })
  /** The gateway's answer past the member's limit (http/memberRateLimit.ts), as the request client reads it. */
  const tooMany = () =>
    errorFromResponse(
      new Response(
        JSON.stringify({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many comments and reactions. Please wait 1 second and try again.',
        }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } },
      ),
    )

  /** A server whose limit holds up the first reaction once; what it was sent, in order, and when. */
  function limitedServer() {
    const sent: { what: string; at: number }[] = []
    let limited = false
    vi.spyOn(feedCalls, 'addComment').mockImplementation((_activity, content) => {
      sent.push({ what: content, at: Date.now() })
      return Promise.resolve({ id: `c-${content}`, user: me, content, createdAt: '', updatedAt: '', reactions: [] })
    })
    vi.spyOn(feedCalls, 'react').mockImplementation(async (_target, emoji) => {
      sent.push({ what: emoji, at: Date.now() })
      if (limited) return {}
      limited = true
      throw await tooMany()
    })
    return sent
  }

  it('keeps the one held up queued and sends it after Retry-After, in its place', async () => {
    onlineManager.setOnline(false)
    const page = pageClient()
    stop = page.stop
    const sent = limitedServer()
    const cache = page.client.getMutationCache()
    const made = [
      cache.build(page.client, addCommentMutation).execute(addComment('first')),
      cache.build(page.client, reactMutation).execute(react('🔥')),
      cache.build(page.client, addCommentMutation).execute(addComment('second')),
    ]
    const toasts = renderHook(() => useToasts())

    act(() => onlineManager.setOnline(true))
    await Promise.all(made)

    expect(sent.map(({ what }) => what)).toEqual(['first', '🔥', '🔥', 'second'])
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThanOrEqual(950)
    expect(toasts.result.current).toEqual([])
  })

  it('still tells a live tap its 429, which the member can act on', async () => {
    const page = pageClient()
    stop = page.stop
    limitedServer()
    const toasts = renderHook(() => useToasts())

    const tapped = page.client.getMutationCache().build(page.client, reactMutation).execute(react('❤️'))

    await expect(tapped).rejects.toMatchObject({ status: 429 })
    await waitFor(() =>
      expect(toasts.result.current).toMatchObject([
        {
          title: "Couldn't save your reaction",
          description: 'Too many comments and reactions. Please wait 1 second and try again.',
        },
      ]),
    )
  })
})
