import { commentMax, type CommentItem } from '@reelmates/contracts/feed'
import { useState, type SyntheticEvent } from 'react'
import { Avatar } from '../social/Avatar'
import { inputClass, primaryButton, quietButton } from '../social/socialStyles'
import { ReactionsBar } from './ReactionsBar'
import { timeAgo } from './timeAgo'
import type { useFeedActions } from './useFeedActions'

interface CommentThreadProps {
  activityId: string
  activityOwnerId: string
  comments: readonly CommentItem[]
  actions: ReturnType<typeof useFeedActions>
}

function CommentForm({
  initial = '',
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: string
  label: string
  submitLabel: string
  onSubmit: (content: string) => void
  onCancel?: () => void
}) {
  const [content, setContent] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (content.trim() === '') return setError('Comment cannot be empty')
    if (content.trim().length > commentMax)
      return setError(`A comment can be at most ${commentMax.toLocaleString('en-US')} characters`)
    setError(null)
    onSubmit(content)
    setContent('')
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label className="sr-only" htmlFor={`comment-${label}`}>
        {label}
      </label>
      <textarea
        id={`comment-${label}`}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        rows={2}
        placeholder="Write a comment…"
        className={inputClass}
        aria-invalid={error !== null}
        aria-describedby={error ? `comment-${label}-error` : undefined}
      />
      {error ? (
        <p id={`comment-${label}-error`} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className={quietButton} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={primaryButton}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}

function Comment({
  comment,
  mayDelete,
  mine,
  pending,
  activityId,
  actions,
}: {
  comment: CommentItem
  mayDelete: boolean
  mine: boolean
  pending: boolean
  activityId: string
  actions: CommentThreadProps['actions']
}) {
  const [editing, setEditing] = useState(false)
  return (
    <li className="flex gap-3 py-3" aria-busy={pending}>
      <Avatar username={comment.user.username} avatarUrl={comment.user.avatarUrl} size="xs" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-zinc-500">
          <span className="font-semibold text-zinc-200">{comment.user.username}</span> ·{' '}
          <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt)}</time>
          {comment.updatedAt !== comment.createdAt ? ' · edited' : ''}
        </p>
        {editing ? (
          <CommentForm
            initial={comment.content}
            label={`edit-${comment.id}`}
            submitLabel="Save"
            onCancel={() => setEditing(false)}
            onSubmit={(content) => {
              setEditing(false)
              void actions.editComment(activityId, comment.id, content)
            }}
          />
        ) : (
          <p className="mt-0.5 whitespace-pre-line break-words text-sm text-zinc-100">{comment.content}</p>
        )}
        {pending ? null : (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <ReactionsBar
              compact
              reactions={comment.reactions}
              subject={`${comment.user.username}'s comment`}
              onToggle={(emoji, on) => void actions.react(activityId, comment.id, emoji, on)}
            />
            <ReactButton onPick={(emoji) => void actions.react(activityId, comment.id, emoji, true)} />
            {mine && !editing ? (
              <button type="button" className={quietButton} onClick={() => setEditing(true)}>
                Edit
              </button>
            ) : null}
            {mayDelete ? (
              <button
                type="button"
                className={quietButton}
                onClick={() => void actions.deleteComment(activityId, comment.id)}
              >
                Delete
              </button>
            ) : null}
          </div>
        )}
      </div>
    </li>
  )
}

/** A comment's own palette opens on demand, so a long thread is not a wall of emoji. */
function ReactButton({ onPick }: { onPick: (emoji: CommentItem['reactions'][number]['emoji']) => void }) {
  const [open, setOpen] = useState(false)
  return open ? (
    <ReactionsBar
      reactions={[]}
      subject="this comment"
      onToggle={(emoji) => {
        setOpen(false)
        onPick(emoji)
      }}
    />
  ) : (
    <button type="button" className={quietButton} onClick={() => setOpen(true)}>
      React
    </button>
  )
}

/** The comments of one activity: read, add, edit my own, delete mine (or any, on my activity). */
export function CommentThread({ activityId, activityOwnerId, comments, actions }: CommentThreadProps) {
  return (
    <section aria-label="Comments" className="mt-4 border-t border-white/5 pt-3">
      <h2 className="text-sm font-semibold text-white">
        {comments.length === 1 ? '1 comment' : `${comments.length} comments`}
      </h2>
      <ul className="divide-y divide-white/5">
        {comments.map((comment) => (
          <Comment
            key={comment.id}
            comment={comment}
            activityId={activityId}
            actions={actions}
            pending={comment.id.startsWith('pending-')}
            mine={comment.user.id === actions.me.id}
            mayDelete={comment.user.id === actions.me.id || activityOwnerId === actions.me.id}
          />
        ))}
      </ul>
      <CommentForm
        label="new"
        submitLabel="Comment"
        onSubmit={(content) => void actions.addComment(activityId, content)}
      />
    </section>
  )
}
