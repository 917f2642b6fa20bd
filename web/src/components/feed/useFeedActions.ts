import type { ReactionEmoji } from '@reelmates/contracts/feed'
import { useMemo } from 'react'
import { useCurrentUser } from '../../features/account/currentUser'
import {
  addCommentMutation,
  deleteCommentMutation,
  editCommentMutation,
  reactMutation,
} from '../../features/feed/feedMutations'
import { newIdempotencyKey } from '../../lib/idempotencyKey'
import { useChange } from '../../lib/mutations'

/**
 * The feed's changes as the screens call them, made in the signed-in member's name. The same
 * functions from one render to the next (for as long as the member is the same), so a memoised card
 * given one is not drawn again because its list was (a feed of 2,000 activities redrew all of them
 * for each page it loaded).
 */
export function useFeedActions() {
  const { data: user } = useCurrentUser()
  const [id, username, avatarUrl] = [user?.id ?? '', user?.username ?? '', user?.avatarUrl ?? null]
  const react = useChange(reactMutation)
  const add = useChange(addCommentMutation)
  const edit = useChange(editCommentMutation)
  const remove = useChange(deleteCommentMutation)
  return useMemo(() => {
    const me = { id, username, avatarUrl }
    return {
      me,
      react: (activityId: string, commentId: string | null, emoji: ReactionEmoji, on: boolean) =>
        react({ kind: 'react', activityId, commentId, emoji, on, me, idempotencyKey: newIdempotencyKey() }),
      addComment: (activityId: string, content: string) => {
        const at = new Date().toISOString()
        const idempotencyKey = newIdempotencyKey()
        return add({
          kind: 'addComment',
          activityId,
          idempotencyKey,
          comment: {
            id: `pending-${idempotencyKey}`,
            user: me,
            content: content.trim(),
            createdAt: at,
            updatedAt: at,
            reactions: [],
          },
        })
      },
      editComment: (activityId: string, commentId: string, content: string) =>
        edit({
          kind: 'editComment',
          activityId,
          commentId,
          content: content.trim(),
          idempotencyKey: newIdempotencyKey(),
        }),
      deleteComment: (activityId: string, commentId: string) =>
        remove({ kind: 'deleteComment', activityId, commentId, idempotencyKey: newIdempotencyKey() }),
    }
  }, [id, username, avatarUrl, react, add, edit, remove])
}
