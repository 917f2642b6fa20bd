import { recommendationNoteMax } from '@reelmates/contracts/recommendations'
import type { MediaRef } from '@reelmates/contracts/media'
import { onlineManager, useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react'
import { friendsListQuery, mediaFriendsQuery } from '../../features/friends/queries'
import { sendRecommendation } from '../../features/recommendations/mutations'
import { recommendationsQuery } from '../../features/recommendations/queries'
import { friendHints, friendsToPick } from '../../features/recommendations/recommendationChanges'
import { focusIsLost } from '../../lib/focusLost'
import { newIdempotencyKey } from '../../lib/idempotencyKey'
import { useFormDialog } from '../../lib/formDialog'
import { sayRefusalInPlace } from '../../lib/refusedChanges'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { isTouchFirst } from '../../lib/touchFirst'
import { DialogActions } from '../shell/DialogActions'
import { DialogCloseButton } from '../shell/DialogCloseButton'
import { NoteField } from '../shell/NoteField'
import { Avatar } from '../social/Avatar'
import { inputClass } from '../social/socialStyles'
import { Loading } from '../shell/NotSavedOffline'

export interface RecommendedTitleRef extends MediaRef {
  title: string
}

/**
 * Recommend one title: pick friends (search, the ones I recommended to lately first) and/or type an
 * address, add a note if you like, send. A bottom sheet on a phone, a centred dialog on a wide screen.
 * Once something is picked or written, closing without sending asks "Discard your changes?" first,
 * as the note and watch dialogs do.
 */
const queuedOnDevice = Symbol('queued on the device')

/** The send's answer (null, or what refused it), or `queuedOnDevice` once it waits on the device for the server. */
function answerOrQueued(sending: Promise<string | null>): Promise<string | null | typeof queuedOnDevice> {
  let stop: (() => void) | undefined
  const queued = new Promise<typeof queuedOnDevice>((resolve) => {
    stop = onlineManager.subscribe((online) => {
      if (!online) resolve(queuedOnDevice)
    })
  })
  return Promise.race([sending, queued]).finally(() => stop?.())
}

export function RecommendDialog({ title, onClose }: { title: RecommendedTitleRef; onClose: () => void }) {
  const searchBox = useRef<HTMLInputElement>(null)
  const emailBox = useRef<HTMLInputElement>(null)
  // On a touch-first device the dialog takes the focus itself: a field's keyboard on a phone covers
  // the friend list below it (a screen reader still reads the title). Elsewhere the first field does,
  // the address when there is nobody to search for.
  const [search, setSearch] = useState('')
  const [picked, setPicked] = useState<string[]>([])
  const [email, setEmail] = useState('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  // The server's reason for refusing the send, said here: the refusal's toast lies under this modal
  // dialog (the top layer) until it closes, so the dialog alone would just offer Send again.
  const [refusal, setRefusal] = useState<string | null>(null)
  // ... and only here: closed before the answer came, the dialog leaves it to the toast.
  const sayingInPlace = useRef<(() => void) | null>(null)
  useEffect(() => () => sayingInPlace.current?.(), [])
  // What the person chose or wrote; a search typed is not worth a question.
  const unsaved = picked.length > 0 || email.trim() !== '' || note.trim() !== ''
  const { close, dismiss, leaving, dialogProps } = useFormDialog({
    onClose,
    unsaved,
    words: [{ label: `Your note recommending ${title.title}`, text: note }],
    opened: (element) => {
      if (isTouchFirst()) element.focus()
      else (searchBox.current ?? emailBox.current)?.focus()
    },
  })
  const id = useId()
  const friends = useQuery(friendsListQuery())
  const noFriends = friends.data?.friends.length === 0
  // The friends arrived after the dialog opened, and there are none: the search box the focus was in
  // has gone, so the address takes it.
  useLayoutEffect(() => {
    const active = document.activeElement
    if (noFriends && !isTouchFirst() && (focusIsLost() || active?.tagName === 'DIALOG')) emailBox.current?.focus()
  }, [noFriends])
  const sent = useQuery(recommendationsQuery('sent'))
  const { mutateAsync: send } = useMutation(sendRecommendation)

  const friendsOfTitle = useQuery(mediaFriendsQuery({ tmdbId: title.tmdbId, mediaType: title.mediaType }))
  const hints = useMemo(
    () => friendHints(title, friendsOfTitle.data, sent.data ?? []),
    [title, friendsOfTitle.data, sent.data],
  )

  const choices = useMemo(
    () => friendsToPick(friends.data?.friends ?? [], sent.data ?? [], search),
    [friends.data, sent.data, search],
  )
  const toggle = (username: string) =>
    setPicked((now) => (now.includes(username) ? now.filter((name) => name !== username) : [...now, username]))
  const canSend = (picked.length > 0 || email.trim() !== '') && !busy

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!canSend) return
    setBusy(true)
    setRefusal(null)
    const idempotencyKey = newIdempotencyKey()
    const toldHere = sayRefusalInPlace(idempotencyKey)
    sayingInPlace.current = toldHere
    const sending = send({
      tmdbId: title.tmdbId,
      mediaType: title.mediaType,
      title: title.title,
      ...(picked.length > 0 ? { toUsernames: picked } : {}),
      ...(email.trim() ? { toEmail: email.trim() } : {}),
      note: note.trim() || null,
      idempotencyKey,
    }).then(
      () => null,
      (error: unknown) => (error instanceof Error && error.message ? error.message : 'Please try again.'),
    )
    // Offline it waits on the device (the toast says so) and its answer comes as a toast of its own:
    // the dialog has nothing more to wait for. So too once the server does not answer while the
    // browser says it is online (the app then counts itself offline): the change is queued, and a
    // dialog left open on "Sending…" offered to discard it, which the queue did not.
    const outcome = onlineManager.isOnline() ? await answerOrQueued(sending) : queuedOnDevice
    toldHere()
    if (outcome === queuedOnDevice) {
      close()
      return
    }
    setBusy(false)
    if (outcome === null) close()
    else setRefusal(outcome)
  }

  return (
    <>
      <dialog
        {...dialogProps}
        // "Recommend Casablanca": the title alone did not say what the dialog is for.
        aria-labelledby={`${id}-kind ${id}-title`}
        tabIndex={-1}
        className="m-0 mt-auto max-h-[92dvh] outline-none w-full max-w-none overflow-y-auto rounded-t-2xl border border-white/10 bg-ink p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-lg sm:rounded-2xl"
      >
        <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5 sm:p-6">
          <header className="flex items-start justify-between gap-4">
            <div>
              <p id={`${id}-kind`} className="text-xs font-semibold uppercase tracking-widest text-amber-400">
                Recommend
              </p>
              <h2 id={`${id}-title`} className="mt-1 font-serif text-xl font-semibold text-white">
                {title.title}
              </h2>
            </div>
            <DialogCloseButton onClose={dismiss} />
          </header>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-zinc-200">To friends</legend>
            {noFriends || !friends.data ? null : (
              <>
                <label htmlFor={`${id}-search`} className="sr-only">
                  Search friends
                </label>
                <input
                  ref={searchBox}
                  id={`${id}-search`}
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder="Search friends"
                  className={inputClass}
                />
              </>
            )}
            {!friends.data ? (
              // Offline, the list waits for the connection: said, not an empty list, which read as
              // having no friends at all. The email address still works.
              friends.isError ? (
                <p role="alert" className="text-sm text-zinc-400">
                  Your friends couldn’t be loaded. You can still send it to an email address below.
                </p>
              ) : (
                <Loading what="Your friends list" size="row" announce>
                  <p aria-hidden="true" className="text-sm text-zinc-400">
                    Loading your friends…
                  </p>
                </Loading>
              )
            ) : noFriends ? (
              <p className="text-sm text-zinc-400">
                No friends yet.{' '}
                <Link to="/friends" className="font-semibold text-reel underline">
                  Find people
                </Link>{' '}
                or send it to an email address below.
              </p>
            ) : choices.length === 0 ? (
              <p role="status" className="text-sm text-zinc-400">
                No friend matches “{search.trim()}”.
              </p>
            ) : (
              <ul className="max-h-56 space-y-1 overflow-y-auto" aria-label="Friends">
                {choices.map((friend) => {
                  const hint = hints.get(friend.user.username)
                  const hintId = `${id}-hint-${friend.user.id}`
                  return (
                    <li key={friend.user.id}>
                      <label className="flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-white/5">
                        <input
                          type="checkbox"
                          checked={picked.includes(friend.user.username)}
                          onChange={() => toggle(friend.user.username)}
                          aria-describedby={hint ? hintId : undefined}
                          className="h-4 w-4 accent-amber-400"
                        />
                        <Avatar username={friend.user.username} avatarUrl={friend.user.avatarUrl} size="xs" />
                        <span className="min-w-0 text-sm">
                          {friend.user.username}
                          {/* Read as the box's description, not its name: the name stays the friend's. */}
                          {hint ? (
                            <span id={hintId} aria-hidden="true" className="block text-xs text-zinc-400">
                              {hint}
                            </span>
                          ) : null}
                        </span>
                      </label>
                    </li>
                  )
                })}
              </ul>
            )}
          </fieldset>

          <div className="space-y-1">
            <label htmlFor={`${id}-email`} className="text-sm font-medium text-zinc-200">
              Or to an email address
            </label>
            <input
              ref={emailBox}
              id={`${id}-email`}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="friend@example.com"
              className={inputClass}
            />
          </div>

          <NoteField
            label="Note (optional)"
            labelClassName="text-sm font-medium text-zinc-200"
            value={note}
            onChange={setNote}
            maxLength={recommendationNoteMax}
            rows={3}
            placeholder="Why they'll love it…"
            fieldClassName={inputClass}
          />

          {refusal ? (
            <p role="alert" className="text-sm text-rose-300">
              Not sent. {refusal}
            </p>
          ) : null}

          <DialogActions look="social" onCancel={dismiss} disabled={!canSend}>
            {busy ? 'Sending…' : 'Send'}
          </DialogActions>
        </form>
      </dialog>
      <UnsavedChangesDialog title="Discard your changes?" leaving={leaving} />
    </>
  )
}
