import type { PublicUser } from '@reelmates/contracts/account'
import { Link, Navigate, useRouterState } from '@tanstack/react-router'
import { Fragment, useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react'
import { sessionEndedByDeletion } from '../../features/account/sessionEnd'
import { wasSignedInHere } from '../../features/account/signedInHere'
import {
  askBeforeLeavingUnsaved,
  useUnsavedChanges,
  wordsWrittenNow,
  type WrittenWords,
} from '../../lib/unsavedChanges'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { ResultScreen, buttonClass, secondaryButtonClass } from './ResultScreen'

export const sessionEndedTexts = {
  title: 'You were signed out',
  kept: 'You were signed out. What you wrote here is kept on this page: copy it, then sign in again.',
  againTitle: "You're signed in again",
  again: "You're signed in again. What you wrote is below: copy it, then go on.",
  deletedTitle: 'Your account was deleted',
  deleted: 'Your account was deleted. What you wrote here is kept on this page until you leave it: copy it now.',
} as const

/** Words kept past the end of `member`'s session. */
interface Ended {
  member: string
  words: readonly WrittenWords[]
  /** The session ended because the account was deleted: there is no signing in again to it. */
  deleted: boolean
  /** The page they were written on: signed in again, a move elsewhere (Back, then Leave) leaves them. */
  at: string
}

/**
 * The page of a signed-in layout (the member's `_authed`, the admin's `_admin`), `children`, while
 * `user` (who the layout shows: null for nobody) is signed in; in its place once the session is found
 * ended under it (a Log out in another tab, a password changed on another device, expiry), found by a
 * request refused with a 401, often one the page made by itself (the bell's poll). With nothing
 * unsaved the page goes to sign in, and signing in comes back to it. A form with unsaved words no
 * longer sent them with it: the page they were typed in gave way to the sign-in page without a word,
 * so a review or a blog post half written was gone before its writer knew.
 *
 * The words are read once, in the render that takes the page away (its forms are still there), and
 * only they stay: the rest of the page, the member's name and their lists go, as on a signed-out
 * device they should. They are never written to the device: someone else may sign in next. When the
 * same member signs in again (in another tab, to carry on) they stay, said so, until Go on; when
 * someone else does, they go at once, unseen, and the page is the newcomer's, as before.
 *
 * A layout with nobody shown from the start (a visitor on an admin address) draws `children`: no
 * session ended there.
 */
export function SignedInPage({ user, children }: { user: PublicUser | null; children: ReactNode }) {
  // The page on screen: not `location`, which turns into the sign-in page's own address as soon as the
  // navigation there starts, while this layout is still drawn.
  const here = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).href })
  // Whose page this was last: whose words may be kept, and shown again to them only.
  const [member, setMember] = useState(user?.id ?? null)
  const [ended, setEnded] = useState<Ended | null>(null)
  if (user && user.id !== member && (!ended || ended.member !== user.id)) {
    setMember(user.id)
    // Someone else signed in: the words were not theirs (a shared computer).
    if (ended) setEnded(null)
  }
  if (user === null && member !== null && !ended) {
    // Not after the member's own Log out here, which forgets the mark first: its question was asked.
    const words = wasSignedInHere() ? wordsWrittenNow() : []
    if (words.length > 0) setEnded({ member, words, deleted: sessionEndedByDeletion(), at: here })
  }
  // The layout stays while the page under it changes: the words were left where they were written.
  if (ended && user?.id === ended.member && here !== ended.at) setEnded(null)
  if (ended && user === null) return <KeptWords words={ended.words} here={here} deleted={ended.deleted} />
  if (ended && user?.id === ended.member && here === ended.at)
    return <KeptWords words={ended.words} here={here} goOn={() => setEnded(null)} />
  if (user === null && member !== null)
    // Past any form's question: a changed form without words (a rating) can no longer be saved. An
    // account deleted (on another device, or in another tab) says so, as on the device that deleted it.
    return sessionEndedByDeletion() ? (
      <Navigate to="/account-deleted" replace ignoreBlocker />
    ) : (
      <Navigate to="/sign_in" search={wasSignedInHere() ? { returnTo: here } : {}} replace ignoreBlocker />
    )
  // Keyed by whose page it is: a tab that goes from one member straight to another (a logout and a
  // sign-in in another tab, never "nobody" here) draws the page anew, so no form keeps the first
  // member's words under the second's name, nor names them as theirs should that session end.
  return <Fragment key={member ?? ''}>{children}</Fragment>
}

/**
 * The kept words, signed out (Sign in again), or signed in again by their writer (`goOn` back to the
 * page, drawn anew: the words are not put back in its forms).
 */
function KeptWords({
  words,
  here,
  goOn,
  deleted = false,
}: {
  words: readonly WrittenWords[]
  here: string
  goOn?: () => void
  deleted?: boolean
}) {
  // Leaving still asks: Sign in, Go on, Back or a closed tab would take the words with it.
  const leaving = useUnsavedChanges(true)
  const first = useRef<HTMLTextAreaElement>(null)
  // The box the member was writing in has gone with the page: the focus goes to their words.
  useEffect(() => first.current?.focus(), [])
  return (
    <ResultScreen
      state="info"
      title={goOn ? sessionEndedTexts.againTitle : deleted ? sessionEndedTexts.deletedTitle : sessionEndedTexts.title}
    >
      <p role="alert" className="text-base text-zinc-200">
        {goOn ? sessionEndedTexts.again : deleted ? sessionEndedTexts.deleted : sessionEndedTexts.kept}
      </p>
      {words.map((written, index) => (
        <KeptText key={index} ref={index === 0 ? first : undefined} written={written} />
      ))}
      {goOn ? (
        <button
          type="button"
          className={buttonClass}
          onClick={() => void askBeforeLeavingUnsaved().then((going) => going && goOn())}
        >
          Go on
        </button>
      ) : deleted ? (
        <Link to="/account-deleted" replace className={buttonClass}>
          Done
        </Link>
      ) : (
        <Link to="/sign_in" search={{ returnTo: here }} replace className={buttonClass}>
          Sign in again
        </Link>
      )}
      <UnsavedChangesDialog leaving={leaving} {...(goOn ? { title: 'Leave what you wrote?' } : {})} />
    </ResultScreen>
  )
}

function KeptText({ written, ref }: { written: WrittenWords; ref?: Ref<HTMLTextAreaElement> | undefined }) {
  const id = useId()
  const [copied, setCopied] = useState('')
  return (
    <div className="grid gap-2 text-left">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {written.label}
      </label>
      <textarea
        ref={ref}
        id={id}
        dir="auto"
        readOnly
        rows={Math.min(8, Math.max(3, written.text.split('\n').length))}
        value={written.text}
        className="w-full rounded-xl border border-white/10 bg-white/[0.04] px-4 py-2 text-base text-white focus:border-reel focus:outline-none focus:ring-2 focus:ring-reel/40"
      />
      <div className="flex items-center justify-end gap-3">
        <span role="status" className="text-sm text-zinc-300">
          {copied}
        </span>
        <button
          type="button"
          className={secondaryButtonClass}
          aria-label={`Copy ${written.label.charAt(0).toLowerCase()}${written.label.slice(1)}`}
          onClick={() => void copy(written.text).then(setCopied)}
        >
          Copy
        </button>
      </div>
    </div>
  )
}

/** Says whether the words went to the clipboard; without one (a page not served over https), how to copy them by hand. */
async function copy(text: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text)
    return 'Copied'
  } catch {
    return "Couldn't copy: select the words above and copy them yourself."
  }
}
