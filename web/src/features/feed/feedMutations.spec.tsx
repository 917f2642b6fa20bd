import { QueryClientProvider, onlineManager } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/apiError'
import { useChange } from '../../lib/mutations'
import { createQueryClient } from '../../lib/queryClient'
import { removeToast, useToasts } from '../../lib/toast'
import { feedCalls } from './feedCalls'
import type { ActivityAnswer, ReactionEmoji } from '@reelmates/contracts/feed'
import { addCommentMutation, editCommentMutation, reactMutation } from './feedMutations'
import { feedKeys } from './feedQueries'

afterEach(() => {
  vi.restoreAllMocks()
  act(() => removeToast())
})

const me = { id: 'u-me', username: 'me', avatarUrl: null }
const words = 'The last ten minutes! I did not see that coming at all.'

function hooks(client = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(
    () => ({
      toasts: useToasts(),
      add: useChange(addCommentMutation),
      edit: useChange(editCommentMutation),
      react: useChange(reactMutation),
    }),
    { wrapper },
  ).result
}

describe('a refused comment, its box long gone (a reload, another page)', () => {
  it('gives its words back in the toast, whole to copy', async () => {
    vi.spyOn(feedCalls, 'addComment').mockRejectedValue(new ApiError('No such activity.', 404))
    const result = hooks()
    const comment = { id: 'made-up', user: me, content: words, createdAt: '', updatedAt: '', reactions: [] }
    await act(() => result.current.add({ kind: 'addComment', activityId: 'watched:e1', comment }))
    await waitFor(() =>
      expect(result.current.toasts).toMatchObject([
        {
          title: "Couldn't post your comment",
          description: `No such activity. Yours: “${words}”`,
          action: { label: 'Copy yours' },
        },
      ]),
    )
  })

  it('gives an edit’s words back too', async () => {
    vi.spyOn(feedCalls, 'editComment').mockRejectedValue(new ApiError('No such comment.', 404))
    const result = hooks()
    await act(() =>
      result.current.edit({ kind: 'editComment', activityId: 'watched:e1', commentId: 'c1', content: words }),
    )
    await waitFor(() =>
      expect(result.current.toasts).toMatchObject([
        { title: "Couldn't save your comment", action: { label: 'Copy yours' } },
      ]),
    )
  })
})

describe('a reaction tapped many times quickly', () => {
  const activityId = 'watched:e1'
  const bare: ActivityAnswer = {
    activity: { id: activityId, reactions: [], commentCount: 0 } as unknown as ActivityAnswer['activity'],
    comments: [],
  }

  async function tap(times: number, emoji: ReactionEmoji = '😮') {
    const sent: boolean[] = []
    vi.spyOn(feedCalls, 'activity').mockResolvedValue(bare)
    vi.spyOn(feedCalls, 'react').mockImplementation(async (_target, _emoji, on) => {
      sent.push(on)
      await new Promise((resolve) => setTimeout(resolve, 20))
      return { position: '7' }
    })
    const client = createQueryClient()
    client.setQueryData(feedKeys.activity(activityId), bare)
    const result = hooks(client)
    const toggles = Array.from({ length: times }, (_, i) =>
      result.current.react({ kind: 'react', activityId, commentId: null, emoji, on: i % 2 === 0, me }),
    )
    await act(() => Promise.all(toggles))
    const shown = client.getQueryData<ActivityAnswer>(feedKeys.activity(activityId))?.activity.reactions
    return { sent, shown }
  }

  it('sends what is wanted once the taps settle, not every tap: 50 taps, off at the end', async () => {
    const { sent, shown } = await tap(50)
    expect(sent.length).toBeLessThanOrEqual(2)
    expect(sent.at(-1)).toBe(false)
    expect(shown).toEqual([])
  })

  it('sends nothing more when the server already has what is wanted: 51 taps, on at the end', async () => {
    const { sent, shown } = await tap(51)
    expect(sent).toEqual([true])
    expect(shown).toEqual([{ emoji: '😮', count: 1, mine: true, users: ['me'] }])
  })

  it('coalesces taps kept offline when the connection returns', async () => {
    onlineManager.setOnline(false)
    try {
      const sent: boolean[] = []
      vi.spyOn(feedCalls, 'react').mockImplementation(async (_target, _emoji, on) => {
        sent.push(on)
        return Promise.resolve({ position: '7' })
      })
      const result = hooks()
      const toggles = [true, false, true, false].map((on) =>
        result.current.react({ kind: 'react', activityId, commentId: null, emoji: '😮', on, me }),
      )
      await act(async () => {
        onlineManager.setOnline(true)
        await Promise.all(toggles)
      })
      expect(sent).toEqual([false])
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('sends the last tap when the answer to the one before it was lost: the server may have done it', async () => {
    const sent: boolean[] = []
    vi.spyOn(feedCalls, 'activity').mockResolvedValue(bare)
    vi.spyOn(feedCalls, 'react').mockImplementation(async (_target, _emoji, on) => {
      sent.push(on)
      await new Promise((resolve) => setTimeout(resolve, 20))
      // The off reached the server (its reaction went) and its answer was lost, once.
      if (sent.length === 2) throw new ApiError('Network error', 0)
      return { position: '7' }
    })
    const result = hooks()
    const toggle = (on: boolean) =>
      result.current.react({ kind: 'react', activityId, commentId: null, emoji: '😮', on, me })
    const on = toggle(true)
    // Tapped off while the on is on its way: the on is answered, then the off is sent.
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)))
    const off = toggle(false)
    await waitFor(() => expect(sent).toEqual([true, false]))
    await act(() => new Promise((resolve) => setTimeout(resolve, 40)))
    // On again, before the off is tried again: what the server has now is not known.
    const again = toggle(true)
    await act(() => Promise.all([on, off, again]))
    expect(sent.at(-1)).toBe(true)
  }, 10_000)

  it('still sends each emoji’s own toggle', async () => {
    vi.spyOn(feedCalls, 'react').mockResolvedValue({ position: '7' })
    const result = hooks()
    await act(() =>
      Promise.all(
        (['👍', '❤️', '🔥'] as const).map((emoji) =>
          result.current.react({ kind: 'react', activityId, commentId: null, emoji, on: true, me }),
        ),
      ),
    )
    expect(vi.mocked(feedCalls.react).mock.calls.map(([, emoji, on]) => [emoji, on])).toEqual([
      ['👍', true],
      ['❤️', true],
      ['🔥', true],
    ])
  })
})
