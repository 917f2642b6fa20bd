import { commentAnchor, type CommentItem, type ReactionEmoji } from '@reelmates/contracts/feed'
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { useOnline } from '../../lib/connection'
import { useFocusWhenGone } from '../../lib/focusLost'
import { useStatusWords } from '../../lib/statusWords'
import { Avatar } from '../social/Avatar'
import { quietButton } from '../social/socialStyles'
import { CommentForm } from './CommentForm'
import { DeleteCommentDialog } from './DeleteCommentDialog'
import { ReactionsBar, useReactionStatus } from './ReactionsBar'
import { TimeAgo } from './TimeAgo'
import { UnsentWords } from './UnsentWords'
import type { useFeedActions } from './useFeedActions'
import { eachLineItsDirection } from '../../lib/textDirection'

interface CommentThreadProps {
  activityId: string
  activityOwnerId: string
  /** Whom the card is addressed to besides its owner (a recommendation's recipient): it is theirs as much. */
  addresseeId?: string | null
  /**
   * On a card whose two members are not friends now, why (in the comment box's place): its comments
   * stay readable, nothing new is added. Null while the card is open.
   */
  closedLine?: ReactNode
  comments: readonly CommentItem[]
  actions: ReturnType<typeof useFeedActions>
  /** The words of a new comment not yet taken, for a screen that outlives the thread. */
  onUnsentComment?: (words: string) => void
  /** The words of an edit of mine not yet saved ('' when none): kept above, as a new comment's are. */
  onUnsentEdit?: (words: string) => void
}

/** The words of an edit not yet taken (the box's, or on their way), by the comment they edit. */
interface EditWords {
  commentId: string
  words: string
}

function Comment({
  comment,
  closed,
  mayDelete,
  mine,
  pending,
  activityId,
  actions,
  onDelete,
  onEditWords,
  say,
}: {
  comment: CommentItem
  closed: boolean
  mayDelete: boolean
  mine: boolean
  pending: boolean
  activityId: string
  actions: CommentThreadProps['actions']
  onDelete: (item: HTMLLIElement | null) => void
  /** The edit's words, or null once there are none left to lose (saved, or cancelled). */
  onEditWords: (commentId: string, words: string | null) => void
  /** Tells a screen reader what was done, where the change itself says nothing (the form is gone). */
  say: (words: string) => void
}) {
  const [editing, setEditing] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const online = useOnline()
  // Each comment's buttons name the comment: in a screen reader's list of buttons a thread's many
  // "Delete"s could not be told apart.
  const whose = mine ? 'your' : `${comment.user.username}'s`
  const item = useRef<HTMLLIElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const reactButton = useRef<HTMLButtonElement>(null)
  const focusWhenGone = useFocusWhenGone()
  const sayReaction = useReactionStatus(say)
  // Apart from the edit form's: a chip taken away must not stop the form's Save from handing on the focus.
  const focusWhenChipGone = useFocusWhenGone()
  const keepEditWords = useCallback((words: string) => onEditWords(comment.id, words), [onEditWords, comment.id])
  /**
   * The form goes with the keyboard focus on its Save or Cancel: after Save the comment takes it, read
   * with its new words; after Cancel, nothing changed, the Edit button that opened the form.
   */
  const stopEditing = (then: () => HTMLElement | null) => {
    if (form.current) focusWhenGone(form.current, then)
    setEditing(false)
  }
  return (
    <li
      ref={item}
      // Where a bell's line about this comment leads (`/activity/…#comment-…`).
      id={commentAnchor(comment.id)}
      // Focusable from code only: where the focus goes when the comment before it is deleted, or this one edited.
      tabIndex={-1}
      className="flex gap-3 rounded-lg py-3 outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      aria-busy={pending}
    >
      <Avatar username={comment.user.username} avatarUrl={comment.user.avatarUrl} size="xs" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-zinc-400">
          {/* Set apart, so a right-to-left name does not pull the time's number across it. */}
          <bdi className="font-semibold text-zinc-200">{comment.user.username}</bdi> ·{' '}
          {pending ? (
            // Not "just now" as if it were posted: offline it waits on this device, and says so.
            <span>{online ? 'sending…' : 'waiting to send'}</span>
          ) : (
            <TimeAgo iso={comment.createdAt} />
          )}
          {comment.updatedAt !== comment.createdAt ? ' · edited' : ''}
        </p>
        {editing ? (
          <CommentForm
            ref={form}
            initial={comment.content}
            label="Edit your comment"
            submitLabel="Save"
            onCancel={() => {
              onEditWords(comment.id, null)
              stopEditing(() => editButton.current)
            }}
            onSubmit={(content) => {
              stopEditing(() => item.current)
              return actions.editComment(activityId, comment.id, content).then((taken) => {
                if (taken) {
                  onEditWords(comment.id, null)
                  say('Comment saved')
                }
                return taken
              })
            }}
            onUnsentChange={keepEditWords}
          />
        ) : (
          <p dir="auto" className={`mt-0.5 whitespace-pre-line text-sm text-zinc-100 ${eachLineItsDirection}`}>
            {comment.content}
          </p>
        )}
        {pending ? null : (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <ReactionsBar
              compact
              readOnly={closed}
              reactions={comment.reactions}
              subject={`${whose} comment`}
              me={actions.me.username}
              onToggle={(emoji, on, chip) => {
                // The bar shows only reactions given: taking back the last of one takes its chip, and the
                // keyboard focus on it, away. The focus goes on to React, where another can be given.
                focusWhenChipGone(chip, () => reactButton.current)
                sayReaction(emoji, on, `${whose} comment`, actions.react(activityId, comment.id, emoji, on))
              }}
            />
            {closed ? null : (
              <ReactButton
                opener={reactButton}
                whose={whose}
                me={actions.me.username}
                reactions={comment.reactions}
                onToggle={(emoji, on) => {
                  // The palette closes on a pick, and the chip it adds is in another bar: said here.
                  sayReaction(emoji, on, `${whose} comment`, actions.react(activityId, comment.id, emoji, on))
                }}
              />
            )}
            {mine && !editing && !closed ? (
              <button
                ref={editButton}
                type="button"
                aria-label="Edit your comment"
                className={quietButton}
                onClick={(event) => {
                  // Edit goes as the form comes: the keyboard goes on into its words.
                  focusWhenGone(event.currentTarget, () => form.current?.querySelector('textarea') ?? null)
                  setEditing(true)
                }}
              >
                Edit
              </button>
            ) : null}
            {mayDelete ? (
              <button
                type="button"
                aria-label={`Delete ${whose} comment`}
                className={quietButton}
                onClick={() => setConfirmingDelete(true)}
              >
                Delete
              </button>
            ) : null}
          </div>
        )}
      </div>
      {confirmingDelete ? (
        <DeleteCommentDialog
          author={mine ? null : comment.user.username}
          onDelete={() => onDelete(item.current)}
          onClose={() => setConfirmingDelete(false)}
        />
      ) : null}
    </li>
  )
}

/**
 * A comment's own palette opens on demand, so a long thread is not a wall of emoji. It shows the
 * comment's counts and my own reactions (a second press takes mine back), takes the keyboard focus
 * when it opens and gives it back to "React" when it closes (a pick, or Escape). The focus or a
 * click going elsewhere closes it too, leaving the focus where it went.
 */
function ReactButton({
  opener,
  whose,
  me,
  reactions,
  onToggle,
}: {
  /** The React button, for the comment to give the focus to. */
  opener: RefObject<HTMLButtonElement | null>
  /** "your", or the writer's name with "'s": whose comment the button reacts to. */
  whose: string
  me: string
  reactions: CommentItem['reactions']
  onToggle: (emoji: ReactionEmoji, on: boolean) => void
}) {
  const [open, setOpen] = useState(false)
  const palette = useRef<HTMLDivElement>(null)
  const focusOnClose = useRef(false)
  useEffect(() => {
    if (open) palette.current?.querySelector('button')?.focus()
    else if (focusOnClose.current) opener.current?.focus()
    focusOnClose.current = false
  }, [open])
  const close = () => {
    focusOnClose.current = true
    setOpen(false)
  }
  return open ? (
    <div
      ref={palette}
      onKeyDown={(event) => event.key === 'Escape' && close()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <ReactionsBar
        reactions={reactions}
        subject={`${whose} comment`}
        label={`Pick a reaction to ${whose} comment`}
        me={me}
        onToggle={(emoji, on) => {
          close()
          onToggle(emoji, on)
        }}
      />
    </div>
  ) : (
    <button
      ref={opener}
      type="button"
      aria-label={`React to ${whose} comment`}
      className={quietButton}
      onClick={() => setOpen(true)}
    >
      React
    </button>
  )
}

/**
 * The comments of one activity: read, add, edit my own, delete mine (or any, on my activity or one
 * addressed to me) once asked.
 */
export function CommentThread({
  activityId,
  activityOwnerId,
  addresseeId,
  closedLine,
  comments,
  actions,
  onUnsentComment,
  onUnsentEdit,
}: CommentThreadProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const closed = closedLine != null
  /**
   * Kept here rather than in the comment's own edit box: the activity's owner can delete the comment
   * while it is being edited, and the next refetch takes it, box and words, off the list.
   */
  const [edit, setEdit] = useState<EditWords | null>(null)
  const keepEditWords = useCallback(
    (commentId: string, words: string | null) =>
      setEdit((was) => {
        if (words === null) return was?.commentId === commentId ? null : was
        return was?.commentId === commentId && was.words === words ? was : { commentId, words }
      }),
    [],
  )
  const deletedWhileEdited = edit && !comments.some((comment) => comment.id === edit.commentId) ? edit : null
  // An edit box only opened holds the comment's own words: nothing of the writer's would be lost.
  const editedWords =
    edit && edit.words !== comments.find((comment) => comment.id === edit.commentId)?.content ? edit.words : ''
  useEffect(() => onUnsentEdit?.(editedWords), [editedWords, onUnsentEdit])
  const focusWhenGone = useFocusWhenGone()
  const newComment = useRef<HTMLFormElement>(null)
  const [said, say] = useStatusWords()
  /**
   * The deleted comment leaves at once (the change is shown before the server answers), taking the
   * focus on its Delete button with it to the page. The focus moves first, to the comment that takes
   * its place, else the one before it, else the count of comments.
   */
  const deleteComment = (commentId: string, item: HTMLLIElement | null) => {
    // Deleted by its writer, edit and all: nothing to tell them.
    keepEditWords(commentId, null)
    const neighbour = item?.nextElementSibling ?? item?.previousElementSibling
    ;(neighbour instanceof HTMLElement ? neighbour : heading.current)?.focus()
    void actions.deleteComment(activityId, commentId).then((taken) => taken && say('Comment deleted'))
  }
  return (
    <section aria-label="Comments" className="mt-4 border-t border-white/5 pt-3">
      <h2
        ref={heading}
        tabIndex={-1}
        className="rounded text-sm font-semibold text-white outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      >
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
            closed={closed}
            mayDelete={[comment.user.id, activityOwnerId, addresseeId].includes(actions.me.id)}
            onDelete={(item) => deleteComment(comment.id, item)}
            onEditWords={keepEditWords}
            say={say}
          />
        ))}
      </ul>
      <p role="status" className="sr-only">
        {said}
      </p>
      {deletedWhileEdited ? (
        <UnsentWords
          title="This comment was deleted"
          words={deletedWhileEdited.words}
          onDismiss={(pressed) => {
            // Dismiss goes with the words: the keyboard goes on to the box for a new comment below.
            focusWhenGone(pressed, () => newComment.current?.querySelector('textarea') ?? null)
            setEdit(null)
          }}
        >
          It was deleted while you were editing it, so your edit can't be saved. Your words are below, to copy.
        </UnsentWords>
      ) : null}
      {closed ? (
        closedLine
      ) : (
        <CommentForm
          ref={newComment}
          label="Write a comment"
          submitLabel="Comment"
          onSubmit={(content) => actions.addComment(activityId, content)}
          onUnsentChange={onUnsentComment}
        />
      )}
    </section>
  )
}
