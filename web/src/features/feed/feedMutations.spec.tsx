import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/apiError'
import { useChange } from '../../lib/mutations'
import { createQueryClient } from '../../lib/queryClient'
import { removeToast, useToasts } from '../../lib/toast'
import { feedCalls } from './feedCalls'
import { addCommentMutation, editCommentMutation } from './feedMutations'

afterEach(() => {
  vi.restoreAllMocks()
  act(() => removeToast())
})

const me = { id: 'u-me', username: 'me', avatarUrl: null }
const words = 'The last ten minutes! I did not see that coming at all.'

function hooks() {
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(
    () => ({ toasts: useToasts(), add: useChange(addCommentMutation), edit: useChange(editCommentMutation) }),
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
